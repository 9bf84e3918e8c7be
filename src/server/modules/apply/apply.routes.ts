import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { applicationView, applyPageState, applyResult, CV_MAX_BYTES, publicApplyPage, setApplyPageInput } from '../../../contracts/apply';
import { AppError } from '../../lib/errors';
import { requireUser } from '../../plugins/access';
import { idParam, idParams } from '../../../contracts/ids';
import { readApplicationParts } from './apply-form';
import { getApplication, getApplicationCv, getApplyPage, getPublicApplyPage, receiveApplication, setApplyPage, type CandidateRef } from './apply.service';

const slugParams = z.object({ slug: z.string().regex(/^[a-z0-9-]{1,80}$/, 'There is no application page at this address') });
const candidateParams = z.object({ candidateId: idParam('candidateId') });

/** The CV as a download, under the name it was stored with (never shown inline: it is the candidate's file). */
const sendCv = (reply: FastifyReply, cv: { fileName: string; contentType: string; bytes: Buffer }) =>
  reply
    .type(cv.contentType)
    .header('content-disposition', `attachment; filename="${cv.fileName.replace(/[^\x20-\x7e]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(cv.fileName)}`)
    .header('cache-control', 'private, no-store')
    .send(cv.bytes);

/** Applications from one address to one page: 5 in 10 minutes (decision 035). */
const applyRateLimit = {
  max: 5,
  timeWindow: '10 minutes',
  keyGenerator: (request: FastifyRequest) => `apply:${request.ip}:${(request.params as { slug?: string }).slug ?? ''}`,
};

/**
 * Public apply pages (docs/decisions/035-apply-pages.md): the recruiter's switch per job and per
 * screening (recruiters: the default for PUT), the public page and its form, and what the
 * applicant sent, for whoever reads the report.
 */
export async function applyRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;
  const { appUrl, sessionSecret } = app.deps.config;
  const deps = { db, rooms: app.deps.rooms, mailer: app.deps.mailer, appUrl, secret: sessionSecret };
  const user = { access: 'user' } as const;
  const pub = { access: 'public' } as const;
  // The CV is read into memory (at most 5 MB) and refused by its own sentence when larger, not cut short.
  await app.register(multipart, { throwFileSizeLimit: false, limits: { fileSize: CV_MAX_BYTES, files: 1, fields: 20, fieldSize: 64 * 1024, parts: 24 } });

  // ---- The recruiter's switch.
  const jobTarget = (id: number) => ({ kind: 'job' as const, id });
  const screeningTarget = (id: number) => ({ kind: 'screening' as const, id });
  r.get('/api/job/:id/apply-page', { config: user, schema: { params: idParams, response: { 200: applyPageState } } }, (request) =>
    getApplyPage(deps, requireUser(request), jobTarget(request.params.id)),
  );
  r.put('/api/job/:id/apply-page', { config: user, schema: { params: idParams, body: setApplyPageInput, response: { 200: applyPageState } } }, (request) =>
    setApplyPage(deps, requireUser(request), jobTarget(request.params.id), request.body.enabled),
  );
  r.get('/api/phone-screening/:id/apply-page', { config: user, schema: { params: idParams, response: { 200: applyPageState } } }, (request) =>
    getApplyPage(deps, requireUser(request), screeningTarget(request.params.id)),
  );
  r.put('/api/phone-screening/:id/apply-page', { config: user, schema: { params: idParams, body: setApplyPageInput, response: { 200: applyPageState } } }, (request) =>
    setApplyPage(deps, requireUser(request), screeningTarget(request.params.id), request.body.enabled),
  );

  // ---- The public page.
  r.get('/api/apply/:slug', { config: pub, schema: { params: slugParams, response: { 200: publicApplyPage } } }, async (request, reply) => {
    void reply.header('cache-control', 'no-store');
    return getPublicApplyPage(deps, request.params.slug, app.deps.now());
  });

  r.post('/api/apply/:slug', { config: { ...pub, rateLimit: applyRateLimit }, schema: { params: slugParams, response: { 201: applyResult } } }, async (request, reply) => {
    if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the application as multipart/form-data, as the form does');
    let raw;
    try {
      raw = await readApplicationParts(request.parts());
    } catch (err) {
      if (err instanceof AppError) throw err;
      throw new AppError('VALIDATION_FAILED', 'The form could not be read: it has more fields or larger ones than an application has. Please reload the page and try again.');
    }
    // A refusal field by field is an AppError (APPLICATION_INVALID, the fields in its details), sent by the error handler.
    return reply.code(201).send(await receiveApplication(deps, request.params.slug, raw, app.deps.now()));
  });

  // ---- What the applicant sent (as the report: any member of the company).
  const interviewRef = (id: number): CandidateRef => ({ kind: 'interview', id });
  const phoneRef = (id: number): CandidateRef => ({ kind: 'phone_candidate', id });
  r.get('/api/interview/:id/application', { config: user, schema: { params: idParams, response: { 200: applicationView } } }, (request) =>
    getApplication(db, requireUser(request), interviewRef(request.params.id)),
  );
  r.get('/api/interview/:id/application/cv', { config: user, schema: { params: idParams } }, async (request, reply) =>
    sendCv(reply, await getApplicationCv(db, requireUser(request), interviewRef(request.params.id))),
  );
  r.get('/api/phone-screening/candidates/:candidateId/application', { config: user, schema: { params: candidateParams, response: { 200: applicationView } } }, (request) =>
    getApplication(db, requireUser(request), phoneRef(request.params.candidateId)),
  );
  r.get('/api/phone-screening/candidates/:candidateId/application/cv', { config: user, schema: { params: candidateParams } }, async (request, reply) =>
    sendCv(reply, await getApplicationCv(db, requireUser(request), phoneRef(request.params.candidateId))),
  );
}
