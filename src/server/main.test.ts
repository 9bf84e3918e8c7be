import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';

it('serves health, logs JSON, and shuts down cleanly on SIGTERM', async () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'hireloop-main-'));
  const port = 20000 + Math.floor(Math.random() * 20000);
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'info' };
  delete env.DATABASE_URL;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (out += d.toString()));
  try {
    let health: Response | undefined;
    for (let i = 0; i < 150 && !health?.ok; i++) {
      await new Promise((r) => setTimeout(r, 200));
      health = await fetch(`http://127.0.0.1:${port}/healthz`).catch(() => undefined);
    }
    expect(health?.status).toBe(200);
    expect(existsSync(path.join(dataDir, 'server.pid'))).toBe(true);
    const exit = new Promise<number | null>((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    expect(await exit).toBe(0);
    expect(existsSync(path.join(dataDir, 'server.pid'))).toBe(false);
    const lines = out.trim().split('\n');
    const parsed = lines.map((l) => JSON.parse(l) as { msg?: string });
    expect(parsed.some((l) => l.msg === 'shutting down')).toBe(true);
  } finally {
    child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  }
}, 60_000);
