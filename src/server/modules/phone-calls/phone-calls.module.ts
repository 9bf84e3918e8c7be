import type { FastifyInstance } from 'fastify';
import { EVALUATE_SCREENING_CALL, placeScreeningCall, requeueStuckCallEvaluations, runCallEvaluation } from './calls.service';
import { COPY_CALL_RECORDING, copyCallRecording } from './recording-copy';
import { dispatchDueCalls, PLACE_SCREENING_CALL } from './scheduler';
import { simulatorRoutes } from './simulator.routes';
import { twilioRoutes } from './twilio.routes';

/** How often due screening calls are looked for. */
const CALL_DISPATCH_MS = 15_000;

/**
 * Screening calls: Twilio's webhooks, the in-browser call simulator with the call results, the
 * evaluation of a finished call, the copy of its recording and, with a telephony account, the calls
 * placed when they are due.
 */
export async function phoneCallsModule(app: FastifyInstance): Promise<void> {
  const { background, calls, config, database, now, storage, telephony } = app.deps;
  await app.register(twilioRoutes);
  await app.register(simulatorRoutes);

  background.handle<{ callId: number }>(EVALUATE_SCREENING_CALL, ({ callId }) => runCallEvaluation(calls, callId));
  background.onStart(() => requeueStuckCallEvaluations({ db: database.db, queue: calls.queue }));
  background.handle<{ callId: number; recordingSid: string }>(COPY_CALL_RECORDING, (job) => copyCallRecording({ db: database.db, storage, twilio: config.twilio }, job));
  if (telephony) {
    background.handle<{ candidateId: number; attempt: number }>(PLACE_SCREENING_CALL, ({ candidateId, attempt }) => placeScreeningCall({ ...calls, telephony }, candidateId, attempt));
    background.every(CALL_DISPATCH_MS, 'dispatching screening calls', () => dispatchDueCalls({ db: database.db, queue: calls.queue }, now()));
  }
}
