import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { interviewTranscripts as interviewTranscriptsSchema } from '../../../contracts/report';
import { requireUser } from '../../plugins/access';
import { idParams } from '../../../contracts/ids';
import { interviewTranscripts } from './transcription.service';

export async function transcriptRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;

  r.get('/api/interview/:id/transcripts', { config: { access: 'user', apiKey: 'Get the transcripts of an interview' }, schema: { params: idParams, response: { 200: interviewTranscriptsSchema } } }, (request) =>
    interviewTranscripts(db, requireUser(request), request.params.id),
  );
}
