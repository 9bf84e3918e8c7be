import { recordingContentType } from '../../../contracts/candidate-room';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { agreement, jobAnalytics as jobAnalyticsSchema, recordingStatus, reviewInput, reviewState as reviewStateSchema } from '../../../contracts/report';
import { AppError } from '../../lib/errors';
import { requireUser } from '../../plugins/access';
import { sendStoredRecording } from '../../storage/send-recording';
import { getOwnInterview } from '../interviews/interviews.service';
import { idParams, MAX_RECORD_ID } from '../../../contracts/ids';
import { companyAgreement, jobAgreement } from './agreement.service';
import { interviewsCsv, jobAnalytics, recordingStatusOf, reviewState, saveReview } from './report.service';

export async function reportRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;
  const deps = { db, ai: app.deps.ai };
  const user = { access: 'user' } as const;

  r.get('/api/interview/:id/recording/status', { config: user, schema: { params: idParams, response: { 200: recordingStatus } } }, async (request) =>
    recordingStatusOf(await getOwnInterview(db, requireUser(request), request.params.id)),
  );

  // The recording, to its owner only, with range requests so the player can seek.
  r.get('/api/interview/:id/recording', { config: user, schema: { params: idParams, querystring: z.object({ segment: z.coerce.number().int().min(0).max(MAX_RECORD_ID).default(0) }) } }, async (request, reply) => {
    const row = await getOwnInterview(db, requireUser(request), request.params.id);
    const segment = row.recordingSegments?.[request.query.segment];
    if (!segment) throw new AppError('NOT_FOUND', 'Recording not available');
    // Played with its real container (WebM, or MP4 from Safari and iPhones) and kind (video or audio only).
    const contentType = recordingContentType(segment.format ?? 'webm', row.videoRecording);
    if (await sendStoredRecording(reply, app.deps.storage, segment.uploadId, request.headers.range, contentType)) return reply;
    throw new AppError('NOT_FOUND', 'Recording not available');
  });

  r.get('/api/interview/:id/review', { config: { ...user, apiKey: 'Get the scores and decision of an interview' }, schema: { params: idParams, response: { 200: reviewStateSchema } } }, (request) =>
    reviewState(deps, requireUser(request), request.params.id),
  );

  r.post('/api/interview/:id/review', { config: { ...user, apiKey: 'Change scores or record a decision' }, schema: { params: idParams, body: reviewInput, response: { 200: reviewStateSchema } } }, (request) =>
    saveReview(deps, requireUser(request), request.params.id, request.body),
  );

  r.get('/api/job/:id/analytics', { config: { ...user, apiKey: 'Get the score statistics of a job' }, schema: { params: idParams, response: { 200: jobAnalyticsSchema } } }, (request) =>
    jobAnalytics(db, requireUser(request), request.params.id),
  );

  // How far reviewers move the AI's scores: for the job, and across the company's jobs.
  r.get('/api/job/:id/agreement', { config: { ...user, apiKey: 'How far reviewers moved the AI scores of a job' }, schema: { params: idParams, response: { 200: agreement } } }, (request) =>
    jobAgreement(db, requireUser(request), request.params.id),
  );

  r.get('/api/agreement', { config: { ...user, apiKey: 'How far reviewers moved the AI scores, company-wide' }, schema: { response: { 200: agreement } } }, (request) => companyAgreement(db, requireUser(request)));

  r.get('/api/job/:id/interviews.csv', { config: { ...user, apiKey: 'Download the interviews of a job as CSV' }, schema: { params: idParams } }, async (request, reply) => {
    const { filename, csv } = await interviewsCsv(db, requireUser(request), request.params.id);
    return reply.type('text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${filename}"`).send(csv);
  });
}
