import type { FastifyInstance } from 'fastify';
import { EVALUATE_INTERVIEW, requeueStuckEvaluations, runEvaluation } from './evaluation.service';
import { transcriptRoutes } from './transcripts.routes';

/** An interview's evaluation once it is submitted (one job each, picked up again after a crash), and its transcripts. */
export async function evaluationModule(app: FastifyInstance): Promise<void> {
  const { ai, background, database, metrics, notifications, queue, storage, stt } = app.deps;
  await app.register(transcriptRoutes);
  background.handle<{ interviewId: number }>(EVALUATE_INTERVIEW, ({ interviewId }) =>
    runEvaluation({ db: database.db, ai, log: app.log, transcription: stt && { stt, storage }, notifications, metrics }, interviewId),
  );
  background.onStart(() => requeueStuckEvaluations({ db: database.db, queue }));
}
