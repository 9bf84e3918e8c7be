import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { biasCheckInput, biasCheckResult } from '../../../contracts/ai';
import { idParams } from '../../../contracts/ids';
import { answering, candidateJob, createJobInput, job, jobListItem, updateJobInput, updateQuestionsInput, updateRubricInput } from '../../../contracts/jobs';
import { jobs } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { readAsUser, requireUser } from '../../plugins/access';
import { deleteJob, duplicateJob, setJobClosed, updateJobDetails } from './job-lifecycle.service';
import { answeringOf, createJob, getOwnJob, listJobs, toJob, updateAnswering, updateQuestions, updateRubric } from './jobs.service';
import { eq } from 'drizzle-orm';


export async function jobRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;
  const { ai } = app.deps;
  const user = { access: 'user' } as const;

  r.get('/api/job', { config: { ...user, cachedSession: true, apiKey: 'List the jobs of the company' }, schema: { response: { 200: z.array(jobListItem) } } }, (request) =>
    readAsUser(request, (u, check) => listJobs(db, u, check)),
  );

  r.post('/api/job', { config: { ...user, apiKey: 'Create a job' }, schema: { body: createJobInput, response: { 201: job } } }, async (request, reply) => {
    const row = await createJob({ db, ai }, requireUser(request), request.body);
    return reply.code(201).send(await toJob(row, ai));
  });

  // A candidate's link sees only the title and questions of its own interview's job.
  r.get(
    '/api/job/:id',
    { config: { access: 'candidate', cachedSession: true, apiKey: 'Get a job' }, schema: { params: idParams, response: { 200: z.union([job, candidateJob]) } } },
    async (request) => {
      const { id } = request.params;
      if (request.candidate) {
        if (request.candidate.jobId !== id) throw new AppError('NOT_FOUND', 'Job not found');
        const [row] = await db
          .select({
            id: jobs.id,
            title: jobs.title,
            questions: jobs.questions,
            videoRecording: jobs.videoRecording,
            autoEndAnswers: jobs.autoEndAnswers,
            answerPauseMs: jobs.answerPauseMs,
            thinkingTimeMs: jobs.thinkingTimeMs,
          })
          .from(jobs)
          .where(eq(jobs.id, id))
          .limit(1);
        if (!row) throw new AppError('NOT_FOUND', 'Job not found');
        return { id: row.id, title: row.title, questions: row.questions, videoRecording: row.videoRecording, answering: answeringOf(row) };
      }
      return readAsUser(request, async (u, check) => toJob(await getOwnJob(db, u, id, check), ai));
    },
  );

  // The bias check of questions not saved yet (issue 31): the editor shows what it finds and asks before saving.
  r.post('/api/bias-check', { config: { ...user, apiKey: 'Check interview questions for bias' }, schema: { body: biasCheckInput, response: { 200: biasCheckResult } } }, async (request) => {
    requireUser(request);
    return { flags: await ai.checkQuestions(request.body.questions) };
  });

  r.patch('/api/job/:id/questions', { config: { ...user, apiKey: 'Replace the questions of a job' }, schema: { params: idParams, body: updateQuestionsInput, response: { 200: job } } }, async (request) =>
    toJob(await updateQuestions(db, requireUser(request), request.params.id, request.body.questions), ai),
  );

  r.patch('/api/job/:id/answering', { config: { ...user, apiKey: 'Set how spoken answers end in a job' }, schema: { params: idParams, body: answering, response: { 200: job } } }, async (request) =>
    toJob(await updateAnswering(db, requireUser(request), request.params.id, request.body), ai),
  );

  r.patch('/api/job/:id/rubric', { config: { ...user, apiKey: 'Replace the rubric of a job' }, schema: { params: idParams, body: updateRubricInput, response: { 200: job } } }, async (request) =>
    toJob(await updateRubric(db, requireUser(request), request.params.id, request.body.rubric), ai),
  );

  // The job's life after creation (decision 029); recruiters and owners only (the default for writes).
  r.patch('/api/job/:id', { config: { ...user, apiKey: 'Change the details of a job' }, schema: { params: idParams, body: updateJobInput, response: { 200: job } } }, async (request) =>
    toJob(await updateJobDetails(db, requireUser(request), request.params.id, request.body), ai),
  );

  r.post('/api/job/:id/close', { config: { ...user, apiKey: 'Close a job to new candidates' }, schema: { params: idParams, response: { 200: job } } }, async (request) =>
    toJob(await setJobClosed(db, requireUser(request), request.params.id, true, app.deps.now()), ai),
  );

  r.post('/api/job/:id/reopen', { config: { ...user, apiKey: 'Reopen a closed job' }, schema: { params: idParams, response: { 200: job } } }, async (request) =>
    toJob(await setJobClosed(db, requireUser(request), request.params.id, false, app.deps.now()), ai),
  );

  r.post('/api/job/:id/duplicate', { config: { ...user, apiKey: 'Duplicate a job' }, schema: { params: idParams, response: { 201: job } } }, async (request, reply) => {
    const row = await duplicateJob(db, requireUser(request), request.params.id);
    return reply.code(201).send(await toJob(row, ai));
  });

  r.delete('/api/job/:id', { config: user, schema: { params: idParams } }, async (request, reply) => {
    await deleteJob(db, requireUser(request), request.params.id);
    return reply.code(204).send();
  });
}
