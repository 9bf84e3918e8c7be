import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  alternativeRequest,
  alternativeRequestInput,
  alternativeRequestItem,
  candidateNoticeView,
  consentInput,
  consentRecord,
  interviewConsentView,
} from '../../../contracts/consent';
import { requireUser } from '../../plugins/access';
import { idParam, idParams } from '../../../contracts/ids';
import { giveConsent, interviewConsentRecord, listAlternativeRequests, noticeView, requestAlternative, resolveAlternative } from './consent.service';

const requestParams = z.object({ requestId: idParam('requestId') });

/** The notice, the candidate's consent and their requests for an alternative (decision 025). */
export async function consentRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;
  const candidate = { access: 'candidate' } as const;
  const user = { access: 'user' } as const;

  // The candidate's link (a signed-in user of the company may read the notice, previewing the link).
  r.get('/api/interview/:id/notice', { config: candidate, schema: { params: idParams, response: { 200: candidateNoticeView } } }, (request) =>
    noticeView(db, { candidate: request.candidate, user: request.user }, request.params.id),
  );
  r.post(
    '/api/interview/:id/consent',
    { config: candidate, schema: { params: idParams, body: consentInput, response: { 200: consentRecord, 201: consentRecord } } },
    async (request, reply) => {
      const { created, consent } = await giveConsent(db, request.candidate, request.params.id, request.body.noticeVersion);
      return reply.code(created ? 201 : 200).send(consent);
    },
  );
  r.post(
    '/api/interview/:id/alternative-requests',
    {
      config: { ...candidate, rateLimit: { max: 20, timeWindow: '1 hour' } },
      schema: { params: idParams, body: alternativeRequestInput, response: { 201: alternativeRequest } },
    },
    async (request, reply) => {
      const made = await requestAlternative({ db, notifications: app.deps.notifications }, request.candidate, request.params.id, request.body);
      return reply.code(201).send(made);
    },
  );

  // The company's users.
  r.get('/api/interview/:id/consent-record', { config: user, schema: { params: idParams, response: { 200: interviewConsentView } } }, (request) =>
    interviewConsentRecord(db, requireUser(request), request.params.id),
  );
  r.get('/api/alternative-requests', { config: user, schema: { response: { 200: z.array(alternativeRequestItem) } } }, (request) =>
    listAlternativeRequests(db, requireUser(request).companyId),
  );
  r.post('/api/alternative-requests/:requestId/resolve', { config: user, schema: { params: requestParams, response: { 200: alternativeRequestItem } } }, (request) =>
    resolveAlternative(db, requireUser(request), request.params.requestId),
  );
}
