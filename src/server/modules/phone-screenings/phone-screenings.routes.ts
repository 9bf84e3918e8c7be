import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { candidateInput, createPhoneScreeningInput, phoneScreening, phoneScreeningListItem, screeningCandidate, updateScreeningQuestionsInput } from '../../../contracts/phone-screenings';
import { requireUser } from '../../plugins/access';
import { idParams } from '../jobs/jobs.routes';
import { addCandidate, createScreening, getOwnScreening, listCandidates, listScreenings, toScreening, updateCandidate, updateScreeningQuestions } from './phone-screenings.service';

export async function phoneScreeningRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;
  const user = { access: 'user' } as const;

  r.get('/api/phone-screening', { config: user, schema: { response: { 200: z.array(phoneScreeningListItem) } } }, (request) => listScreenings(db, requireUser(request)));

  r.post('/api/phone-screening', { config: user, schema: { body: createPhoneScreeningInput, response: { 201: phoneScreening } } }, async (request, reply) =>
    reply.code(201).send(toScreening(await createScreening({ db, ai: app.deps.ai }, requireUser(request), request.body))),
  );

  r.get('/api/phone-screening/:id', { config: user, schema: { params: idParams, response: { 200: phoneScreening } } }, async (request) =>
    toScreening(await getOwnScreening(db, requireUser(request), request.params.id)),
  );

  r.patch('/api/phone-screening/:id/questions', { config: user, schema: { params: idParams, body: updateScreeningQuestionsInput, response: { 200: phoneScreening } } }, async (request) =>
    toScreening(await updateScreeningQuestions(db, requireUser(request), request.params.id, request.body.questions)),
  );

  r.get('/api/phone-screening/:id/candidates', { config: user, schema: { params: idParams, response: { 200: z.array(screeningCandidate) } } }, (request) =>
    listCandidates(db, requireUser(request), request.params.id),
  );

  r.post('/api/phone-screening/:id/candidates', { config: user, schema: { params: idParams, body: candidateInput, response: { 201: screeningCandidate } } }, async (request, reply) =>
    reply.code(201).send(await addCandidate(db, requireUser(request), request.params.id, request.body)),
  );

  r.patch(
    '/api/phone-screening/candidates/:candidateId',
    { config: user, schema: { params: z.object({ candidateId: idParams.shape.id }), body: candidateInput.omit({ screeningId: true }), response: { 200: screeningCandidate } } },
    (request) => updateCandidate(db, requireUser(request), request.params.candidateId, request.body),
  );
}
