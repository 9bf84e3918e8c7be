import '../contracts/zod-messages';
import { existsSync } from 'node:fs';
import path from 'node:path';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { createAiEngine, type AiEngine } from './ai';
import type { AppConfig } from './config';
import { openDatabase, type Database } from './db/client';
import { loggerOptions } from './lib/logging';
import { Metrics } from './lib/metrics';
import { Mailer } from './mail/mailer';
import { accountRoutes } from './modules/account/account.routes';
import { apiKeyRoutes } from './modules/api-keys/api-keys.routes';
import { adminRoutes } from './modules/admin/admin.routes';
import { adverseImpactRoutes } from './modules/adverse-impact/adverse-impact.routes';
import { auditRoutes } from './modules/audit/audit.routes';
import { authRoutes } from './modules/auth/auth.routes';
import { answerTranscriptionRoutes } from './modules/answer-transcription/answer-transcription.routes';
import { candidateRoomRoutes } from './modules/candidate-room/candidate-room.routes';
import { consentRoutes } from './modules/consent/consent.routes';
import { demoRoutes } from './modules/demo/demo.routes';
import { EVALUATE_INTERVIEW, requeueStuckEvaluations, runEvaluation } from './modules/evaluation/evaluation.service';
import { transcriptRoutes } from './modules/evaluation/transcripts.routes';
import { createAddressGuard } from './modules/webhooks/address-guard';
import { WebhookDispatcher } from './modules/webhooks/delivery';
import { webhookRoutes } from './modules/webhooks/webhooks.routes';
import { healthRoutes } from './modules/health/health.routes';
import { metricsRoutes } from './modules/metrics/metrics.routes';
import { interviewRoutes } from './modules/interviews/interviews.routes';
import { importRoutes } from './modules/imports/imports.routes';
import { applyRoutes } from './modules/apply/apply.routes';
import { jobRoutes } from './modules/jobs/jobs.routes';
import { memberRoutes } from './modules/members/members.routes';
import { DAILY_DIGEST, requestDigestRun, sendDailyDigests } from './modules/notifications/digest.service';
import { notificationRoutes } from './modules/notifications/notifications.routes';
import { registerOpenApi } from './modules/openapi/openapi';
import { openApiRoutes } from './modules/openapi/openapi.routes';
import { outboxRoutes } from './modules/outbox/outbox.routes';
import { Notifications } from './modules/notifications/notifier';
import { templateRoutes } from './modules/templates/templates.routes';
import { EVALUATE_SCREENING_CALL, placeScreeningCall, requeueStuckCallEvaluations, runCallEvaluation, type CallDeps } from './modules/phone-calls/calls.service';
import { COPY_CALL_RECORDING, copyCallRecording } from './modules/phone-calls/recording-copy';
import { phoneCallRoutes } from './modules/phone-calls/phone-calls.routes';
import { candidateDataRoutes } from './modules/candidate-data/candidate-data.routes';
import { requestRetentionRun, RETENTION_SWEEP, sweepRetention } from './modules/candidate-data/candidate-data.service';
import { carryOutDueRequests } from './modules/candidate-data/data-requests.service';
import { dispatchDueCalls, PLACE_SCREENING_CALL } from './modules/phone-calls/scheduler';
import { phoneScreeningRoutes } from './modules/phone-screenings/phone-screenings.routes';
import { REMINDER_SWEEP, requestReminderRun, sendDueReminders } from './modules/reminders/reminders.service';
import { reportRoutes } from './modules/report/report.routes';
import { speechRoutes } from './modules/speech/speech.routes';
import { accessPlugin, rateLimitKey } from './plugins/access';
import { cachingPlugin, clientCacheHeaders, REVALIDATE } from './plugins/caching';
import { clientPreloads } from './client-preloads';
import { databaseRateLimitStore } from './plugins/rate-limit-store';
import { errorsPlugin, frameworkErrors } from './plugins/errors';
import { securityPlugin } from './plugins/security';
import { textInputPlugin } from './plugins/text-input';
import { JobQueue } from './queue/queue';
import { createRoomService } from './rooms/rooms';
import { createSpeechToText, type SpeechToText } from './speech/stt';
import { createTextToSpeech, type TextToSpeech } from './speech/tts';
import { createRecordingStorage, type RecordingStore } from './storage';
import type { Telephony } from './telephony/telephony';
import { createTwilioTelephony } from './telephony/twilio';

export interface AppDeps {
  config: AppConfig;
  database: Database;
  mailer: Mailer;
  ai: AiEngine;
  /** Null when no speech provider is configured: the browser speaks instead. */
  tts: TextToSpeech | null;
  /** Null without STT_PROVIDER: the browser's live transcript is all there is (decisions 013, 056). */
  stt: SpeechToText | null;
  queue: JobQueue;
  /** Null without a telephony account: screening calls are taken in the browser simulator. */
  telephony: Telephony | null;
  /** What screening calls need: the database, engine, queue, retry policy and clock. */
  calls: CallDeps;
  /** The clock every expiry and due time is read from (tests move it: BuildOptions.clock). */
  now: () => Date;
  /** The members' notification emails (decision 031). */
  notifications: Notifications;
  /** What GET /metrics shows (decision 037). */
  metrics: Metrics;
  /** Where recordings and resumable-upload staging live. */
  storage: RecordingStore;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
  }
}

export interface BuildOptions {
  /** An already open database (tests share one per file); otherwise one is opened from config. */
  database?: Database;
  /** Replaces the configured engine (tests). */
  ai?: AiEngine;
  /** How often idle workers look for jobs (tests use a short interval). */
  queuePollSeconds?: number;
  /** Replaces the configured telephony (tests: Twilio's client on a fake HTTP transport). */
  telephony?: Telephony;
  /** Where the JSON log lines go instead of standard output (tests read them). */
  logStream?: { write(line: string): void };
  /** The clock calls are scheduled by (tests). */
  clock?: () => Date;
}

/** How often due screening calls are looked for. */
const CALL_DISPATCH_MS = 15_000;

export async function buildApp(config: AppConfig, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(config.logLevel, options.logStream),
    trustProxy: config.env === 'production',
    bodyLimit: 1024 * 1024,
    // Long enough for any token a link carries, so the route's own schema and message answer for a
    // mangled one; beyond it, and for broken percent-encoding, frameworkErrors answers as { error, code }.
    routerOptions: { maxParamLength: 2048 },
    frameworkErrors,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const database = options.database ?? (await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, memory: config.memoryDb }));
  const metrics = new Metrics();
  const mailer = new Mailer(database.db, { smtpUrl: config.smtpUrl, from: config.mailFrom, log: app.log, metrics });
  const ai = options.ai ?? createAiEngine(config, app.log);
  const queue = new JobQueue(database, app.log, { pollingIntervalSeconds: options.queuePollSeconds, metrics });
  const telephony = options.telephony ?? (config.twilio ? createTwilioTelephony(config.twilio, config.appUrl) : null);
  const notifications = new Notifications({ appUrl: config.appUrl, secret: config.sessionSecret, mailer, log: app.log });
  const calls: CallDeps = { db: database.db, ai, queue, log: app.log, policy: config.calls, now: options.clock, notifications, metrics };
  const now = options.clock ?? (() => new Date());
  const webhooks = new WebhookDispatcher({ database, config: config.webhooks, guard: createAddressGuard(config.webhooks), now, log: app.log });
  const storage = createRecordingStorage({
    config,
    db: database.db,
    onBytes: (kind, bytes) => metrics.uploadBytes.inc({ storage: kind }, bytes),
    onError: (err, what) => app.log.error({ err }, `recording storage failed ${what}`),
  });
  // A bucket that is missing or refuses the keys stops the start (a ConfigError naming the variable).
  await storage.init();
  app.addHook('onClose', async () => storage.close());
  const stt = createSpeechToText(config.stt);
  app.decorate('deps', { config, database, mailer, ai, tts: createTextToSpeech(config), stt, queue, telephony, calls, now, notifications, metrics, storage });
  app.addHook('onClose', async () => {
    await Promise.all([queue.stop(), webhooks.stop()]);
    mailer.close();
    if (!options.database) await database.close();
  });

  await app.register(errorsPlugin);
  // Before the routes, so its latency hook sees every one (decision 037).
  await app.register(metricsRoutes);
  await app.register(securityPlugin, { appUrl: config.appUrl, production: config.env === 'production' });
  await app.register(cachingPlugin);
  await app.register(cookie, { secret: config.sessionSecret });
  // Counted in the database, so every instance on it shares each limit (decision 038).
  await app.register(rateLimit, { global: false, keyGenerator: rateLimitKey, store: databaseRateLimitStore(database, (err) => app.log.warn({ err }, 'clearing old rate-limit counters failed')) });
  await app.register(accessPlugin);
  await app.register(textInputPlugin);
  // Before the routes: the OpenAPI document is collected as they are added (decision 033).
  await registerOpenApi(app, { appUrl: config.appUrl });

  await app.register(healthRoutes);
  await app.register(authRoutes);
  await app.register(accountRoutes);
  await app.register(demoRoutes);
  await app.register(adminRoutes);
  await app.register(speechRoutes);
  await app.register(jobRoutes);
  await app.register(templateRoutes);
  const rooms = createRoomService(config, app.log);
  await app.register(interviewRoutes, { rooms });
  await app.register(importRoutes, { rooms });
  await app.register(applyRoutes, { rooms });
  await app.register(phoneScreeningRoutes);
  await app.register(phoneCallRoutes);
  await app.register(candidateRoomRoutes, { storage });
  await app.register(answerTranscriptionRoutes);
  await app.register(reportRoutes, { storage });
  await app.register(candidateDataRoutes, { storage });
  await app.register(consentRoutes);
  await app.register(auditRoutes);
  await app.register(memberRoutes);
  await app.register(notificationRoutes);
  await app.register(adverseImpactRoutes);
  await app.register(transcriptRoutes);
  await app.register(webhookRoutes, { dispatcher: webhooks });
  await app.register(apiKeyRoutes);
  await app.register(outboxRoutes);
  await app.register(openApiRoutes);

  const indexHtml = config.clientDir && path.join(config.clientDir, 'index.html');
  const hasClient = Boolean(indexHtml && existsSync(indexHtml));
  const preloadsFor = hasClient && config.clientDir ? clientPreloads(config.clientDir) : () => null;
  if (hasClient && config.clientDir) {
    // preCompressed: the build writes a .br and a .gz beside each file (vite.config.ts); the one the
    // browser accepts is sent, with Vary: Accept-Encoding, and the plain file otherwise.
    await app.register(fastifyStatic, {
      root: config.clientDir,
      wildcard: false,
      index: false,
      preCompressed: true,
      setHeaders: clientCacheHeaders(config.clientDir),
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url === '/api' || request.url.startsWith('/api/');
    if (!isApi && hasClient && (request.method === 'GET' || request.method === 'HEAD')) {
      // Client-side routes (including the not-found page) are rendered by the React app; the pages a
      // phone opens first get their chunks preloaded (issue 30).
      const preloaded = preloadsFor(request.url);
      if (preloaded) return reply.type('text/html').header('cache-control', REVALIDATE).send(preloaded);
      return reply.type('text/html').sendFile('index.html');
    }
    return reply.code(404).send({ error: `No such endpoint: ${request.method} ${request.url.split('?')[0]}`, code: 'NOT_FOUND' });
  });

  // Mail written by an earlier run and not yet delivered, and failed deliveries, are retried.
  const deliver = () => void mailer.deliverPending().catch((err: unknown) => app.log.warn({ err }, 'mail delivery failed'));
  const mailTimer = setInterval(deliver, 60_000);
  mailTimer.unref();
  let callTimer: NodeJS.Timeout | undefined;
  // The retention job runs twice a day whatever the number of instances: each asks hourly, the queue keeps one per 12 hours.
  const askRetention = () => void requestRetentionRun(queue).catch((err: unknown) => app.log.warn({ err }, 'queueing the retention job failed'));
  const retentionTimer = setInterval(askRetention, 60 * 60_000);
  retentionTimer.unref();
  // The daily digest: each instance asks hourly, the queue keeps a run per day's key, each member gets one a day (decision 031).
  const askDigest = () => void requestDigestRun(queue, now()).catch((err: unknown) => app.log.warn({ err }, 'queueing the daily digest failed'));
  const digestTimer = setInterval(askDigest, 60 * 60_000);
  digestTimer.unref();
  app.addHook('onClose', async () => clearInterval(digestTimer));
  // Candidate reminders (decision 030): each instance asks hourly, the queue keeps one sweep per hour.
  const askReminders = () => void requestReminderRun(queue).catch((err: unknown) => app.log.warn({ err }, 'queueing the reminder sweep failed'));
  const reminderTimer = setInterval(askReminders, 60 * 60_000);
  reminderTimer.unref();
  app.addHook('onClose', async () => clearInterval(reminderTimer));
  app.addHook('onClose', async () => {
    clearInterval(mailTimer);
    clearInterval(callTimer);
    clearInterval(retentionTimer);
  });
  app.addHook('onReady', async () => {
    deliver();
    webhooks.start();
    await queue.start();
    await queue.register<{ interviewId: number }>(EVALUATE_INTERVIEW, async ({ interviewId }) => {
      await runEvaluation({ db: database.db, ai, log: app.log, transcription: stt && { stt, storage }, notifications, metrics }, interviewId);
    });
    await requeueStuckEvaluations({ db: database.db, queue });
    await queue.register<{ callId: number }>(EVALUATE_SCREENING_CALL, async ({ callId }) => {
      await runCallEvaluation(calls, callId);
    });
    await requeueStuckCallEvaluations({ db: database.db, queue });
    await queue.register<{ callId: number; recordingSid: string }>(COPY_CALL_RECORDING, async (job) => {
      await copyCallRecording({ db: database.db, storage, twilio: config.twilio }, job);
    });
    await queue.register(RETENTION_SWEEP, async () => {
      const now = options.clock?.() ?? new Date();
      const requests = await carryOutDueRequests({ db: database.db, storage, telephony, mailer }, now);
      const swept = await sweepRetention({ db: database.db, storage, telephony }, now);
      app.log.info({ ...swept, requests }, 'retention job ran');
    });
    askRetention();
    await queue.register(DAILY_DIGEST, async () => {
      app.log.info({ digests: await sendDailyDigests({ db: database.db, notifications }, now()) }, 'daily digest ran');
    });
    askDigest();
    await queue.register(REMINDER_SWEEP, async () => {
      app.log.info(await sendDueReminders({ db: database.db, mailer, appUrl: config.appUrl }, now()), 'candidate reminders ran');
    });
    askReminders();
    if (telephony) {
      await queue.register<{ candidateId: number; attempt: number }>(PLACE_SCREENING_CALL, async ({ candidateId, attempt }) => {
        await placeScreeningCall({ ...calls, telephony }, candidateId, attempt);
      });
      const dispatch = () =>
        void dispatchDueCalls({ db: database.db, queue }, options.clock?.() ?? new Date()).catch((err: unknown) => app.log.warn({ err }, 'dispatching screening calls failed'));
      callTimer = setInterval(dispatch, CALL_DISPATCH_MS);
      callTimer.unref();
      dispatch();
    }
  });
  return app;
}
