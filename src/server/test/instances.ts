import { spawn, type ChildProcessByStdio } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import pg from 'pg';
import { waitFor } from './wait';

/** A real server process (src/server/main.ts), as an operator starts it. */
export interface Instance {
  name: string;
  url: string;
  /** Its JSON log lines so far. */
  logs(): Record<string, unknown>[];
  /** SIGTERM, then SIGKILL if it has not exited after `graceMs`. Resolves once it has exited. */
  stop(graceMs?: number): Promise<void>;
}

/**
 * Starts `node --import tsx src/server/main.ts` with `env` (on top of this process's PATH and
 * HOME only) and resolves once it listens: port 0 lets the system choose a free port, which the
 * log line "Server listening at …" names.
 */
export async function startInstance(name: string, env: Record<string, string>, timeoutMs = 120_000): Promise<Instance> {
  const child: ChildProcessByStdio<null, Readable, Readable> = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: { PATH: process.env.PATH, HOME: process.env.HOME, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  let hasExited = false;
  void exited.then(() => (hasExited = true));
  const stop = async (graceMs = 15_000) => {
    if (hasExited) return;
    child.kill('SIGTERM');
    const force = setTimeout(() => child.kill('SIGKILL'), graceMs);
    await exited;
    clearTimeout(force);
  };
  try {
    const url = await waitFor(
      `${name} to listen`,
      () => {
        if (hasExited) throw new Error(`${name} exited before listening:\n${out}`);
        return /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(out)?.[1];
      },
      timeoutMs,
    );
    return {
      name,
      url,
      logs: () =>
        out
          .split('\n')
          .filter((line) => line.startsWith('{'))
          .map((line) => JSON.parse(line) as Record<string, unknown>),
      stop,
    };
  } catch (err) {
    await stop(1_000);
    throw err;
  }
}

/** A new, empty database on the PostgreSQL server at `serverUrl`, and how to drop it. */
export async function createScratchDatabase(serverUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `hireloop_multi_${randomBytes(6).toString('hex')}`;
  const run = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await run(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}
