import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';

it('serves health, logs JSON, and shuts down cleanly on SIGTERM', async () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'hireloop-main-'));
  // Port 0: the system picks a free port (a random fixed one could be in use, as a client's
  // ephemeral port, and the server would never start); the log says which.
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'info' };
  delete env.DATABASE_URL;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const listening = new Promise<string>((resolve, reject) => {
    const read = (d: Buffer) => {
      out += d.toString();
      const url = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(out)?.[1];
      if (url) resolve(url);
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    void exited.then((code) => reject(new Error(`the server exited (${code}) before listening:\n${out}`)));
  });
  try {
    // A first start creates the embedded database (initdb in a child process) and applies every
    // migration: seconds on a quiet machine, much longer when the tests share its cores.
    const url = await listening;
    const health = await fetch(`${url}/healthz`);
    expect(health.status, out).toBe(200);
    expect(existsSync(path.join(dataDir, 'server.pid'))).toBe(true);
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(existsSync(path.join(dataDir, 'server.pid'))).toBe(false);
    const lines = out.trim().split('\n');
    const parsed = lines.map((l) => JSON.parse(l) as { msg?: string });
    expect(parsed.some((l) => l.msg === 'shutting down')).toBe(true);
  } finally {
    child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  }
}, 120_000);
