import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { contextualInput, contextualOutput, ttsInput } from '../../../contracts/ai';
import { AppError } from '../../lib/errors';
import { requireLiveCandidate } from '../../plugins/access';
import { interviewerLinesOf } from '../candidate-room/candidate-room.service';

export async function speechRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const candidate = { access: 'candidate', rateLimit: { max: 120, timeWindow: '1 minute' } } as const;

  r.post('/api/tts', { config: candidate, schema: { body: ttsInput } }, async (request, reply) => {
    requireLiveCandidate(request);
    const tts = app.deps.tts;
    // Not a fault of the server (a 5xx pages someone): this server has no voice, and the browser speaks.
    if (!tts) throw new AppError('NOT_FOUND', 'Text to speech is not configured on this server');
    try {
      const { audio, mediaType } = await tts.synthesize(request.body.text);
      return reply.type(mediaType).header('cache-control', 'no-store').send(Buffer.from(audio));
    } catch (err) {
      request.log.warn({ err }, 'text to speech failed');
      throw new AppError('SERVICE_UNAVAILABLE', 'Failed to generate speech');
    }
  });

  r.post('/api/tts/contextual', { config: candidate, schema: { body: contextualInput, response: { 200: contextualOutput } } }, async (request) => {
    requireLiveCandidate(request);
    const { previousResponse, nextQuestion } = request.body;
    const earlier = await interviewerLinesOf(app.deps.database.db, request.candidate);
    return { response: await app.deps.ai.rewordQuestion({ previousResponse, nextQuestion, earlier }) };
  });
}
