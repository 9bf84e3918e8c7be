import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  companySettings,
  companySettingsInput,
  dataRequestItem,
  deleteCandidateDataInput,
  deleteCandidateDataResult,
  deletionRequestReceipt,
  legalHoldInput,
  legalHoldResult,
} from '../../../contracts/candidate-data';
import { candidateTokenFrom, requireUser } from '../../plugins/access';
import { idParam, idParams } from '../../../contracts/ids';
import { companySettingsOf, eraseInterview, erasePhoneCandidate, setLegalHold, updateCompanySettings } from './candidate-data.service';
import { deletionRequestOf, listDataRequests, phoneDeletionRequestOf, requestDeletion, requestPhoneDeletion } from './data-requests.service';
import { exportCompany } from './export-company.service';
import { exportInterview, exportPhoneCandidate } from './export.service';

const candidateParams = z.object({ candidateId: idParam('candidateId') });

/** Deleting a candidate's data, legal holds, and the company's retention period (issue 15). */
export async function candidateDataRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;
  const deps = { db, storage: app.deps.storage, telephony: app.deps.telephony };
  const user = { access: 'user' } as const;
  // Legal holds, the company's records and its settings are the owners' (decision 026).
  const owner = { access: 'user', role: 'owner' } as const;
  // An access request's export hands a candidate's data over: recruiters and owners, not viewers.
  const recruiter = { access: 'user', role: 'recruiter' } as const;
  const eraser = (request: Parameters<typeof requireUser>[0]) => {
    const u = requireUser(request);
    return { userId: u.id, companyId: u.companyId };
  };

  r.post(
    '/api/interview/:id/delete-data',
    { config: user, schema: { params: idParams, body: deleteCandidateDataInput, response: { 200: deleteCandidateDataResult } } },
    async (request) => ({ deleted: await eraseInterview(deps, request.params.id, request.body.reason, eraser(request)) }),
  );
  r.put('/api/interview/:id/legal-hold', { config: owner, schema: { params: idParams, body: legalHoldInput, response: { 200: legalHoldResult } } }, async (request) => {
    await setLegalHold(db, 'interview', request.params.id, request.body.hold, eraser(request));
    return { legalHold: request.body.hold };
  });

  r.post(
    '/api/phone-screening/candidates/:candidateId/delete-data',
    { config: user, schema: { params: candidateParams, body: deleteCandidateDataInput, response: { 200: deleteCandidateDataResult } } },
    async (request) => ({ deleted: await erasePhoneCandidate(deps, request.params.candidateId, request.body.reason, eraser(request)) }),
  );
  r.put(
    '/api/phone-screening/candidates/:candidateId/legal-hold',
    { config: owner, schema: { params: candidateParams, body: legalHoldInput, response: { 200: legalHoldResult } } },
    async (request) => {
      await setLegalHold(db, 'phone_candidate', request.params.candidateId, request.body.hold, eraser(request));
      return { legalHold: request.body.hold };
    },
  );

  // The candidate's own request, from their link (a recruiter's preview of the link cannot make it).
  const candidate = { access: 'candidate' } as const;
  r.post(
    '/api/interview/:id/deletion-request',
    { config: candidate, schema: { params: idParams, response: { 200: deletionRequestReceipt, 201: deletionRequestReceipt } } },
    async (request, reply) => {
      const { created, receipt } = await requestDeletion(db, request.candidate, request.params.id, app.deps.now(), app.deps.notifications);
      return reply.code(created ? 201 : 200).send(receipt);
    },
  );
  r.get('/api/interview/:id/deletion-request', { config: candidate, schema: { params: idParams, response: { 200: deletionRequestReceipt } } }, (request) =>
    deletionRequestOf(db, request.candidate, request.params.id),
  );
  // A phone screening candidate's, from their call link: its token is the access ('public' with the
  // check in the service, as the call page's routes do); a recruiter's session does not count.
  const callLink = { access: 'public', rateLimit: { max: 60, timeWindow: '1 minute' } } as const;
  const callLinkSchema = { params: candidateParams, querystring: z.object({ token: z.string().max(200).optional() }) };
  r.post(
    '/api/phone-call/:candidateId/deletion-request',
    { config: callLink, schema: { ...callLinkSchema, response: { 200: deletionRequestReceipt, 201: deletionRequestReceipt } } },
    async (request, reply) => {
      const { created, receipt } = await requestPhoneDeletion(db, candidateTokenFrom(request), request.params.candidateId, app.deps.now(), app.deps.notifications);
      return reply.code(created ? 201 : 200).send(receipt);
    },
  );
  r.get('/api/phone-call/:candidateId/deletion-request', { config: callLink, schema: { ...callLinkSchema, response: { 200: deletionRequestReceipt } } }, (request) =>
    phoneDeletionRequestOf(db, candidateTokenFrom(request), request.params.candidateId),
  );
  r.get('/api/data-requests', { config: user, schema: { response: { 200: z.array(dataRequestItem) } } }, (request) => listDataRequests(db, requireUser(request).companyId));

  // Everything stored about one candidate, for an access request: a ZIP (interview.json and the recording).
  const sendZip = (reply: FastifyReply, { filename, stream }: { filename: string; stream: Readable }) =>
    reply.header('content-type', 'application/zip').header('content-disposition', `attachment; filename="${filename}"`).header('cache-control', 'private, no-store').send(stream);
  r.get('/api/interview/:id/export', { config: { ...recruiter, apiKey: 'Download all data of an interview candidate (ZIP)' }, schema: { params: idParams } }, async (request, reply) =>
    sendZip(reply, await exportInterview(deps, requireUser(request), request.params.id)),
  );
  r.get('/api/phone-screening/candidates/:candidateId/export', { config: { ...recruiter, apiKey: 'Download all data of a screening candidate (ZIP)' }, schema: { params: candidateParams } }, async (request, reply) =>
    sendZip(reply, await exportPhoneCandidate({ db, twilio: app.deps.config.twilio }, requireUser(request), request.params.candidateId)),
  );
  // The employer's own records: jobs, interviews, evaluations, reviews and screenings as JSON and CSV (no recordings).
  r.get('/api/company/export', { config: owner }, async (request, reply) => sendZip(reply, await exportCompany(db, requireUser(request))));

  r.get('/api/company/settings', { config: user, schema: { response: { 200: companySettings } } }, (request) => companySettingsOf(db, requireUser(request).companyId));
  r.patch('/api/company/settings', { config: owner, schema: { body: companySettingsInput, response: { 200: companySettings } } }, (request) =>
    updateCompanySettings(db, eraser(request), request.body),
  );
}
