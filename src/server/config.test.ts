import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

const base = { DATA_DIR: '/tmp/hireloop-config-test', SESSION_SECRET: 'x'.repeat(32) };

describe('configuration', () => {
  it('has working defaults', () => {
    const config = loadConfig(base);
    expect(config).toMatchObject({ port: 3000, host: '127.0.0.1', appUrl: 'http://localhost:3000', databaseUrl: undefined, ai: { provider: 'builtin' } });
  });

  it('reads the metrics token, refusing one short enough to guess', () => {
    expect(loadConfig(base).metricsToken).toBeUndefined();
    expect(loadConfig({ ...base, METRICS_TOKEN: ' 0123456789abcdef ' }).metricsToken).toBe('0123456789abcdef');
    expect(() => loadConfig({ ...base, METRICS_TOKEN: 'secret' })).toThrow(/METRICS_TOKEN: must be at least 16 characters/);
  });

  it('lists every bad variable by name', () => {
    try {
      loadConfig({ ...base, PORT: 'eighty', DATABASE_URL: 'mysql://x', SMTP_URL: 'http://mail', AI_PROVIDER: 'skynet' });
      expect.fail('should have thrown');
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      const message = (err as Error).message;
      for (const name of ['PORT', 'DATABASE_URL', 'SMTP_URL', 'AI_PROVIDER']) expect(message).toContain(`${name}:`);
    }
  });

  it('requires a session secret in production and keys for paid providers', () => {
    expect(() => loadConfig({ DATA_DIR: base.DATA_DIR, NODE_ENV: 'production' })).toThrow(/SESSION_SECRET: is required when NODE_ENV=production/);
    expect(() => loadConfig({ ...base, AI_PROVIDER: 'openai' })).toThrow(/AI_API_KEY: required when AI_PROVIDER=openai/);
    expect(() => loadConfig({ ...base, LIVEKIT_URL: 'wss://rooms.example.com' })).toThrow(/LIVEKIT_API_KEY, LIVEKIT_API_SECRET: required/);
  });

  it('reads object storage settings, naming each wrong one', () => {
    expect(loadConfig(base).s3).toBeNull();
    expect(loadConfig({ ...base, S3_BUCKET: ' ' }).s3).toBeNull();
    expect(loadConfig({ ...base, S3_BUCKET: 'recordings' }).s3).toEqual({ bucket: 'recordings', region: 'us-east-1', forcePathStyle: false, endpoint: undefined, credentials: undefined });
    expect(loadConfig({ ...base, S3_BUCKET: 'recordings', S3_ENDPOINT: 'http://127.0.0.1:9000/', S3_REGION: 'eu-west-1', S3_ACCESS_KEY_ID: 'id', S3_SECRET_ACCESS_KEY: 'secret' }).s3).toEqual({
      bucket: 'recordings',
      endpoint: 'http://127.0.0.1:9000',
      region: 'eu-west-1',
      credentials: { accessKeyId: 'id', secretAccessKey: 'secret' },
      forcePathStyle: true,
    });
    expect(loadConfig({ ...base, S3_BUCKET: 'recordings', S3_ENDPOINT: 'http://minio:9000', S3_FORCE_PATH_STYLE: 'false' }).s3?.forcePathStyle).toBe(false);
    expect(() => loadConfig({ ...base, S3_BUCKET: 'My_Bucket' })).toThrow(/S3_BUCKET: must be a bucket name/);
    expect(() => loadConfig({ ...base, S3_BUCKET: 'recordings', S3_ENDPOINT: 'not a url' })).toThrow(/S3_ENDPOINT: must be a URL/);
    expect(() => loadConfig({ ...base, S3_BUCKET: 'recordings', S3_ENDPOINT: 'ftp://host' })).toThrow(/S3_ENDPOINT: must start with http:\/\/ or https:\/\//);
    expect(() => loadConfig({ ...base, S3_BUCKET: 'recordings', S3_FORCE_PATH_STYLE: 'yes' })).toThrow(/S3_FORCE_PATH_STYLE: must be true or false/);
    expect(() => loadConfig({ ...base, S3_BUCKET: 'recordings', S3_ACCESS_KEY_ID: 'id' })).toThrow(/S3_SECRET_ACCESS_KEY: required when S3_ACCESS_KEY_ID is set/);
    expect(() => loadConfig({ ...base, S3_ENDPOINT: 'http://127.0.0.1:9000' })).toThrow(/S3_BUCKET: required when S3_ENDPOINT is set/);
  });

  it('reads server-side transcription settings', () => {
    expect(loadConfig(base).stt).toBeNull();
    expect(loadConfig({ ...base, STT_PROVIDER: 'none' }).stt).toBeNull();
    // OpenAI: whisper-1 at api.openai.com, with the AI key when no key of its own is given.
    expect(loadConfig({ ...base, STT_PROVIDER: 'openai', AI_API_KEY: 'sk-ai' }).stt).toEqual({
      provider: 'openai',
      model: 'whisper-1',
      baseUrl: 'https://api.openai.com/v1',
      apiKey: 'sk-ai',
      timeoutMs: 120_000,
      maxBytes: 25 * 1024 ** 2,
    });
    expect(loadConfig({ ...base, STT_PROVIDER: 'openai', STT_API_KEY: 'sk-stt', AI_API_KEY: 'sk-ai' }).stt?.apiKey).toBe('sk-stt');
    expect(() => loadConfig({ ...base, STT_PROVIDER: 'openai' })).toThrow(/STT_API_KEY: required when STT_PROVIDER=openai/);
    // A self-hosted server: its own address and model, never the AI provider's key.
    const selfHosted = loadConfig({
      ...base,
      STT_PROVIDER: 'openai-compatible',
      STT_BASE_URL: 'http://whisper.internal:8000/v1/',
      STT_MODEL: 'Systran/faster-whisper-small',
      STT_TIMEOUT_SECONDS: '30',
      STT_MAX_BYTES: String(200 * 1024 ** 2),
      AI_API_KEY: 'sk-ai',
    }).stt;
    expect(selfHosted).toEqual({
      provider: 'openai-compatible',
      model: 'Systran/faster-whisper-small',
      baseUrl: 'http://whisper.internal:8000/v1',
      apiKey: undefined,
      timeoutMs: 30_000,
      maxBytes: 200 * 1024 ** 2,
    });
    try {
      loadConfig({ ...base, STT_PROVIDER: 'openai-compatible', STT_TIMEOUT_SECONDS: 'soon' });
      expect.fail('should have thrown');
    } catch (err) {
      expect((err as Error).message).toContain('STT_TIMEOUT_SECONDS:');
    }
    try {
      loadConfig({ ...base, STT_PROVIDER: 'openai-compatible' });
      expect.fail('should have thrown');
    } catch (err) {
      expect((err as Error).message).toContain('STT_BASE_URL: required when STT_PROVIDER=openai-compatible');
      expect((err as Error).message).toContain('STT_MODEL: required when STT_PROVIDER=openai-compatible');
    }
    expect(() => loadConfig({ ...base, STT_PROVIDER: 'google' })).toThrow(/STT_PROVIDER:/);
  });

  it('stops the server start with a message naming the variable', () => {
    const res = spawnSync(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      env: { ...process.env, PORT: '99999', DATA_DIR: '/tmp/hireloop-config-test' },
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(res.status).toBe(1);
    expect(res.stderr).toContain('Invalid configuration');
    expect(res.stderr).toContain('PORT:');
  });
});
