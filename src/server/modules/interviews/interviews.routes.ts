import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  candidateInterview,
  createdInterview,
  createInterviewInput,
  interviewDetail,
  interviewListItem,
  resendInvitationResult,
  sendEmailsInput,
  sendEmailsResult,
} from '../../../contracts/interviews';
import { AppError } from '../../lib/errors';
import { readAsUser, requireUser } from '../../plugins/access';
import { idParam, idParams } from '../../../contracts/ids';
import { candidateView } from './candidate-links';
import { createInterview, getOwnInterview, listInterviews, toDetail } from './interviews.service';
import { resendInvitation, sendInvitations } from './invitations.service';

export async function interviewRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;
  const { appUrl } = app.deps.config;
  const user = { access: 'user' } as const;

  r.get('/api/job/:id/interview', { config: { ...user, cachedSession: true, apiKey: 'List the interviews of a job' }, schema: { params: idParams, response: { 200: z.array(interviewListItem) } } }, (request) =>
    readAsUser(request, (u, check) => listInterviews(db, u, request.params.id, appUrl, check, app.deps.now())),
  );

  r.post(
    '/api/job/:jobId/interview',
    { config: { ...user, apiKey: 'Invite a candidate to an interview for a job' }, schema: { params: z.object({ jobId: idParam('jobId') }), body: createInterviewInput, response: { 201: createdInterview } } },
    async (request, reply) => {
      if (request.body.jobId !== undefined && request.body.jobId !== request.params.jobId) {
        throw new AppError('VALIDATION_FAILED', 'jobId: does not match the job in the address');
      }
      const created = await createInterview({ db, rooms: app.deps.rooms, appUrl }, requireUser(request), request.params.jobId, request.body, app.deps.now());
      return reply.code(201).send(created);
    },
  );

  // With a candidate token: only what the candidate screen needs, and whether the link still starts it (decision 030). Without: the owner's full view.
  r.get(
    '/api/interview/:id',
    { config: { access: 'candidate', cachedSession: true, apiKey: 'Get an interview with its report' }, schema: { params: idParams, response: { 200: z.union([interviewDetail, candidateInterview]) } } },
    async (request) => {
      if (request.candidate) {
        if (request.candidate.interviewId !== request.params.id) throw new AppError('NOT_FOUND', 'Interview not found');
        return candidateView(db, request.candidate, app.deps.now(), { answerTranscription: app.deps.stt !== null });
      }
      return readAsUser(request, async (u, check) => toDetail(await getOwnInterview(db, u, request.params.id, check)));
    },
  );

  r.post(
    '/api/send-candidate-emails',
    { config: { access: 'user', rateLimit: { max: 30, timeWindow: '1 minute' }, apiKey: 'Email candidates their interview links' }, schema: { body: sendEmailsInput, response: { 200: sendEmailsResult } } },
    (request) => sendInvitations({ db, mailer: app.deps.mailer, appUrl }, requireUser(request), request.body, app.deps.now()),
  );

  // The same invitation again, its link valid from now (a recruiter; limited like invitations).
  r.post(
    '/api/interview/:id/resend',
    { config: { access: 'user', rateLimit: { max: 30, timeWindow: '1 minute' }, apiKey: 'Resend an invitation with a fresh link' }, schema: { params: idParams, response: { 200: resendInvitationResult } } },
    (request) => resendInvitation({ db, mailer: app.deps.mailer, appUrl }, requireUser(request), request.params.id, app.deps.now()),
  );
}
