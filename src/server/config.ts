import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';

const optionalString = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).default('127.0.0.1'),
    APP_URL: optionalString.pipe(z.url().optional()),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: optionalString.pipe(
      z
        .string()
        .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
        .optional(),
    ),
    SESSION_SECRET: optionalString.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
    SMTP_URL: optionalString.pipe(
      z
        .string()
        .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
        .optional(),
    ),
    MAIL_FROM: z.string().min(3).default('Hireloop <no-reply@hireloop.local>'),
    CLIENT_DIR: z.string().min(1).default('dist/client'),
    RECORDING_MAX_BYTES: z.coerce.number().int().min(1024).default(3 * 1024 ** 3),
    REGISTRATIONS_PER_HOUR: z.coerce.number().int().min(1).max(100_000).default(10),
    SESSION_IDLE_MINUTES: z.coerce.number().int().min(5).max(30 * 24 * 60).default(8 * 60),
    SESSION_MAX_DAYS: z.coerce.number().int().min(1).max(90).default(7),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    AI_PROVIDER: z.enum(['builtin', 'openai', 'anthropic', 'openai-compatible']).default('builtin'),
    AI_MODEL: optionalString,
    AI_BASE_URL: optionalString.pipe(z.url().optional()),
    AI_API_KEY: optionalString,
    AI_SAMPLES: z.coerce.number().int().min(1).max(9).default(1),
    TTS_PROVIDER: z.enum(['openai', 'none']).default('none'),
    STT_PROVIDER: z.enum(['none', 'openai', 'openai-compatible']).default('none'),
    STT_MODEL: optionalString,
    STT_BASE_URL: optionalString.pipe(z.url().optional()),
    STT_API_KEY: optionalString,
    STT_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(120),
    STT_MAX_BYTES: z.coerce.number().int().min(1024).default(25 * 1024 ** 2),
    LIVEKIT_URL: optionalString.pipe(z.url().optional()),
    LIVEKIT_API_KEY: optionalString,
    LIVEKIT_API_SECRET: optionalString,
    TWILIO_ACCOUNT_SID: optionalString,
    TWILIO_AUTH_TOKEN: optionalString,
    TWILIO_FROM_NUMBER: optionalString,
    PHONE_CALL_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(10).default(3),
    PHONE_CALL_RETRY_MINUTES: z.coerce.number().int().min(1).max(24 * 60).default(60),
    WEBHOOK_ALLOWED_NETWORKS: optionalString,
    WEBHOOK_ALLOW_HTTP: z.enum(['true', 'false'], 'must be true or false').default('false'),
    WEBHOOK_TIMEOUT_SECONDS: z.coerce.number().min(0.05).max(60).default(10),
    WEBHOOK_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(20).default(6),
    WEBHOOK_RETRY_SECONDS: z.coerce.number().min(0.01).max(24 * 60 * 60).default(30),
    WEBHOOK_POLL_SECONDS: z.coerce.number().min(0.05).max(600).default(5),
    S3_BUCKET: optionalString.pipe(
      z
        .string()
        .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be a bucket name: 3 to 63 lowercase letters, digits, dots and hyphens')
        .optional(),
    ),
    S3_ENDPOINT: optionalString.pipe(z.url('must be a URL such as http://127.0.0.1:9000').optional()),
    S3_REGION: optionalString.pipe(z.string().regex(/^[a-z0-9-]+$/, 'must be a region name such as us-east-1').optional()),
    S3_ACCESS_KEY_ID: optionalString,
    S3_SECRET_ACCESS_KEY: optionalString,
    S3_FORCE_PATH_STYLE: optionalString.pipe(z.enum(['true', 'false'], 'must be true or false').optional()),
    METRICS_TOKEN: optionalString.pipe(z.string().min(16, 'must be at least 16 characters').optional()),
  })
  .superRefine((env, ctx) => {
    if (env.SESSION_IDLE_MINUTES > env.SESSION_MAX_DAYS * 24 * 60) {
      ctx.addIssue({ code: 'custom', path: ['SESSION_IDLE_MINUTES'], message: 'must not be longer than SESSION_MAX_DAYS' });
    }
    if (env.NODE_ENV === 'production' && !env.SESSION_SECRET) {
      ctx.addIssue({ code: 'custom', path: ['SESSION_SECRET'], message: 'is required when NODE_ENV=production' });
    }
  });

export type Env = z.infer<typeof envSchema>;

export interface AppConfig {
  env: Env['NODE_ENV'];
  port: number;
  host: string;
  appUrl: string;
  dataDir: string;
  /** PostgreSQL connection string; when absent the embedded PGlite database in dataDir is used. */
  databaseUrl?: string;
  /** Use an in-memory PGlite (tests): nothing is written to dataDir. */
  memoryDb?: boolean;
  sessionSecret: string;
  smtpUrl?: string;
  mailFrom: string;
  logLevel: Env['LOG_LEVEL'];
  /** The largest recording one interview may upload. */
  recordingMaxBytes: number;
  /** A session ends after this long without a request (idle) and, whatever happens, this long after sign-in. */
  sessions: { idleMs: number; maxMs: number };
  /** New accounts one address may register in an hour. */
  registrationsPerHour: number;
  /** Serve the built client from this folder when it exists. */
  clientDir?: string;
  /** samples: how many times a model scores each interview (the median is kept). */
  ai: { provider: Env['AI_PROVIDER']; model?: string; baseUrl?: string; apiKey?: string; samples?: number };
  tts: { provider: Env['TTS_PROVIDER'] };
  /** Server-side transcription of recordings; null when the browser's live transcript is scored. */
  stt: SttConfig | null;
  livekit?: { url: string; apiKey: string; apiSecret: string };
  twilio?: { accountSid: string; authToken: string; fromNumber: string };
  /** Automated screening calls: attempts in all (first call plus retries) and the wait between them. */
  calls: { maxAttempts: number; retryMinutes: number };
  /** Webhook deliveries (decision 034). */
  webhooks: WebhookConfig;
  /** Recordings and resumable-upload staging in an S3 bucket (decision 036); null: under DATA_DIR. */
  s3: S3Config | null;
  /** Bearer token for GET /metrics from other hosts; unset, only loopback may scrape (decision 037). */
  metricsToken?: string;
}

export interface S3Config {
  bucket: string;
  /** For MinIO and other S3-compatible servers; absent: AWS. */
  endpoint?: string;
  region: string;
  /** Both or neither; neither: the AWS SDK's own credential chain (instance role, ~/.aws). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  /** bucket in the path (http://host/bucket/key), as MinIO and most self-hosted servers need. */
  forcePathStyle: boolean;
}

export interface WebhookConfig {
  /** Networks (address/prefix) endpoints may resolve to although they are loopback, private or link-local. */
  allowedNetworks: { address: string; prefix: number; family: 'ipv4' | 'ipv6' }[];
  /** Whether an endpoint may be http:// (otherwise https:// only). */
  allowHttp: boolean;
  /** How long one attempt may take, answer included. */
  timeoutMs: number;
  /** Attempts in all for one delivery, the first included. */
  maxAttempts: number;
  /** The wait after the first failed attempt; it doubles after each. */
  retryBaseMs: number;
  /** How often each instance looks for due deliveries. */
  pollMs: number;
}

export interface SttConfig {
  provider: 'openai' | 'openai-compatible';
  model: string;
  /** The OpenAI API base address (…/v1); transcriptions are POSTed to {baseUrl}/audio/transcriptions. */
  baseUrl: string;
  apiKey?: string;
  timeoutMs: number;
  /** The largest recording file the provider accepts (OpenAI: 25 MB); larger ones are not sent. */
  maxBytes: number;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** In development the cookie-signing secret is made once per data directory and kept there. */
function developmentSecret(dataDir: string): string {
  const file = path.join(dataDir, '.session-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

function bothOrNeither<T>(name: string, values: Record<string, string | undefined>, build: () => T, problems: string[]): T | undefined {
  const set = Object.entries(values).filter(([, v]) => v !== undefined);
  if (set.length === 0) return undefined;
  if (set.length < Object.keys(values).length) {
    const missing = Object.keys(values).filter((k) => values[k] === undefined);
    problems.push(`${missing.join(', ')}: required when ${set.map(([k]) => k).join(', ')} is set (${name})`);
    return undefined;
  }
  return build();
}

/**
 * Object storage for recordings (decision 036). The other S3_* settings without S3_BUCKET would be
 * ignored, so they stop the start rather than let an operator believe recordings go to a bucket.
 */
function s3Config(env: Env, problems: string[]): S3Config | null {
  if (!env.S3_BUCKET) {
    const stray = (['S3_ENDPOINT', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_FORCE_PATH_STYLE'] as const).filter((k) => env[k] !== undefined);
    if (stray.length > 0) problems.push(`S3_BUCKET: required when ${stray.join(', ')} is set (recordings in object storage)`);
    return null;
  }
  const credentials = bothOrNeither(
    'object storage keys',
    { S3_ACCESS_KEY_ID: env.S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: env.S3_SECRET_ACCESS_KEY },
    () => ({ accessKeyId: env.S3_ACCESS_KEY_ID!, secretAccessKey: env.S3_SECRET_ACCESS_KEY! }),
    problems,
  );
  if (env.S3_ENDPOINT && !/^https?:\/\//.test(env.S3_ENDPOINT)) problems.push('S3_ENDPOINT: must start with http:// or https://');
  return {
    bucket: env.S3_BUCKET,
    endpoint: env.S3_ENDPOINT?.replace(/\/+$/, ''),
    region: env.S3_REGION ?? 'us-east-1',
    credentials,
    forcePathStyle: env.S3_FORCE_PATH_STYLE ? env.S3_FORCE_PATH_STYLE === 'true' : Boolean(env.S3_ENDPOINT),
  };
}

/**
 * Server-side transcription: OpenAI itself (whisper-1 at api.openai.com unless told otherwise), or
 * any server speaking OpenAI's transcription API (a self-hosted Whisper) at STT_BASE_URL. With
 * OpenAI the key falls back to AI_API_KEY, so one key serves both; a self-hosted server gets only
 * its own STT_API_KEY, never the AI provider's key.
 */
function sttConfig(env: Env, problems: string[]): SttConfig | null {
  if (env.STT_PROVIDER === 'none') return null;
  const apiKey = env.STT_PROVIDER === 'openai' ? (env.STT_API_KEY ?? env.AI_API_KEY) : env.STT_API_KEY;
  if (env.STT_PROVIDER === 'openai' && !apiKey) problems.push('STT_API_KEY: required when STT_PROVIDER=openai (or set AI_API_KEY)');
  if (env.STT_PROVIDER === 'openai-compatible' && !env.STT_BASE_URL) problems.push('STT_BASE_URL: required when STT_PROVIDER=openai-compatible');
  if (env.STT_PROVIDER === 'openai-compatible' && !env.STT_MODEL) problems.push('STT_MODEL: required when STT_PROVIDER=openai-compatible');
  return {
    provider: env.STT_PROVIDER,
    model: env.STT_MODEL ?? 'whisper-1',
    baseUrl: (env.STT_BASE_URL ?? 'https://api.openai.com/v1').replace(/\/+$/, ''),
    apiKey,
    timeoutMs: env.STT_TIMEOUT_SECONDS * 1000,
    maxBytes: env.STT_MAX_BYTES,
  };
}

/** `127.0.0.0/8,::1/128`: each network is an address and a prefix length within its family. */
function allowedNetworks(value: string | undefined, problems: string[]): WebhookConfig['allowedNetworks'] {
  if (!value) return [];
  return value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
    .flatMap((part) => {
      const [address = '', prefixText, extra] = part.split('/');
      const version = isIP(address);
      const prefix = Number(prefixText);
      const max = version === 4 ? 32 : 128;
      if (version === 0 || extra !== undefined || !/^\d{1,3}$/.test(prefixText ?? '') || prefix > max) {
        problems.push(`WEBHOOK_ALLOWED_NETWORKS: "${part}" is not a network; write address/prefix, separated by commas (for example 127.0.0.0/8,::1/128)`);
        return [];
      }
      return [{ address, prefix, family: version === 4 ? ('ipv4' as const) : ('ipv6' as const) }];
    });
}

/** Reads and validates the environment once; every problem is listed, each naming its variable. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join('.') || 'environment'}: ${i.message}`));
  }
  const env = parsed.data;
  const problems: string[] = [];
  const dataDir = path.resolve(env.DATA_DIR);
  const livekit = bothOrNeither(
    'real-time rooms',
    { LIVEKIT_URL: env.LIVEKIT_URL, LIVEKIT_API_KEY: env.LIVEKIT_API_KEY, LIVEKIT_API_SECRET: env.LIVEKIT_API_SECRET },
    () => ({ url: env.LIVEKIT_URL!, apiKey: env.LIVEKIT_API_KEY!, apiSecret: env.LIVEKIT_API_SECRET! }),
    problems,
  );
  const twilio = bothOrNeither(
    'phone calls',
    { TWILIO_ACCOUNT_SID: env.TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN: env.TWILIO_AUTH_TOKEN, TWILIO_FROM_NUMBER: env.TWILIO_FROM_NUMBER },
    () => ({ accountSid: env.TWILIO_ACCOUNT_SID!, authToken: env.TWILIO_AUTH_TOKEN!, fromNumber: env.TWILIO_FROM_NUMBER! }),
    problems,
  );
  if (env.AI_PROVIDER !== 'builtin' && env.AI_PROVIDER !== 'openai-compatible' && !env.AI_API_KEY) {
    problems.push(`AI_API_KEY: required when AI_PROVIDER=${env.AI_PROVIDER}`);
  }
  if (env.TTS_PROVIDER === 'openai' && !env.AI_API_KEY) {
    problems.push('AI_API_KEY: required when TTS_PROVIDER=openai');
  }
  const s3 = s3Config(env, problems);
  if (env.AI_PROVIDER === 'openai-compatible' && !env.AI_BASE_URL) {
    problems.push('AI_BASE_URL: required when AI_PROVIDER=openai-compatible');
  }
  const stt = sttConfig(env, problems);
  const webhookNetworks = allowedNetworks(env.WEBHOOK_ALLOWED_NETWORKS, problems);
  if (problems.length > 0) throw new ConfigError(problems);

  return {
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    appUrl: (env.APP_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ''),
    dataDir,
    databaseUrl: env.DATABASE_URL,
    sessionSecret: env.SESSION_SECRET ?? developmentSecret(dataDir),
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    logLevel: env.LOG_LEVEL,
    registrationsPerHour: env.REGISTRATIONS_PER_HOUR,
    sessions: { idleMs: env.SESSION_IDLE_MINUTES * 60_000, maxMs: env.SESSION_MAX_DAYS * 24 * 60 * 60_000 },
    recordingMaxBytes: env.RECORDING_MAX_BYTES,
    clientDir: path.resolve(env.CLIENT_DIR),
    ai: { provider: env.AI_PROVIDER, model: env.AI_MODEL, baseUrl: env.AI_BASE_URL, apiKey: env.AI_API_KEY, samples: env.AI_SAMPLES },
    tts: { provider: env.TTS_PROVIDER },
    stt,
    s3,
    livekit,
    twilio,
    calls: { maxAttempts: env.PHONE_CALL_MAX_ATTEMPTS, retryMinutes: env.PHONE_CALL_RETRY_MINUTES },
    webhooks: {
      allowedNetworks: webhookNetworks,
      allowHttp: env.WEBHOOK_ALLOW_HTTP === 'true',
      timeoutMs: Math.round(env.WEBHOOK_TIMEOUT_SECONDS * 1000),
      maxAttempts: env.WEBHOOK_MAX_ATTEMPTS,
      retryBaseMs: Math.round(env.WEBHOOK_RETRY_SECONDS * 1000),
      pollMs: Math.round(env.WEBHOOK_POLL_SECONDS * 1000),
    },
    metricsToken: env.METRICS_TOKEN,
  };
}
