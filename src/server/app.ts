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
import { modules } from './modules';
import { registerOpenApi } from './modules/openapi/openapi';
import { Notifications } from './modules/notifications/notifier';
import type { CallDeps } from './modules/phone-calls/calls.service';
import { metricsRoutes } from './modules/metrics/metrics.routes';
import { accessPlugin, rateLimitKey } from './plugins/access';
import { cachingPlugin, clientCacheHeaders, REVALIDATE } from './plugins/caching';
import { clientPreloads } from './client-preloads';
import { databaseRateLimitStore } from './plugins/rate-limit-store';
import { errorsPlugin, frameworkErrors } from './plugins/errors';
import { securityPlugin } from './plugins/security';
import { textInputPlugin } from './plugins/text-input';
import { Background } from './queue/background';
import { JobQueue } from './queue/queue';
import { createRoomService, type RoomService } from './rooms/rooms';
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
  /** Modules declare their queue handlers and periodic work here; started when the app is ready (decision 061). */
  background: Background;
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
  /** The real-time rooms an interview opens. */
  rooms: RoomService;
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
  const background = new Background(queue, app.log);
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
  const rooms = createRoomService(config, app.log);
  app.decorate('deps', { config, database, mailer, ai, tts: createTextToSpeech(config), stt, queue, background, telephony, calls, now, notifications, metrics, storage, rooms });
  // After every module's own onClose (a plugin's runs before the app's).
  app.addHook('onClose', async () => {
    background.stop();
    await queue.stop();
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

  for (const module of modules) await app.register(module);

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

  app.addHook('onReady', () => background.start());
  return app;
}
