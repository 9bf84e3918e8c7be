/**
 * A 1 GiB recording uploaded over loopback through the resumable (tus) endpoint, next to the
 * machine's raw disk write speed (dd), with the server's memory growth.
 *   npm run bench:upload [-- --mib 1024]
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';

const mib = Number(process.argv[process.argv.indexOf('--mib') + 1]) || 1024;
const total = mib * 1024 * 1024;
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'hireloop-bench-'));
const port = 20000 + Math.floor(Math.random() * 20000);
const base = `http://127.0.0.1:${port}`;

function rssKiB(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').split('\n').find((l) => l.startsWith(field));
  return Number(line?.split(/\s+/)[1] ?? 0);
}

async function json<T>(method: string, url: string, body?: unknown, headers: Record<string, string> = {}): Promise<{ status: number; data: T; headers: Headers }> {
  const res = await fetch(`${base}${url}`, { method, headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers }, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.text();
  return { status: res.status, data: (text ? JSON.parse(text) : null) as T, headers: res.headers };
}

/** PATCHes `length` bytes of a WebM-signed stream without holding them in memory. */
function patch(location: string, token: string, offset: number, length: number, final: boolean): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${base}${location}`, {
      method: 'PATCH',
      headers: {
        'tus-resumable': '1.0.0',
        'upload-offset': String(offset),
        'content-type': 'application/offset+octet-stream',
        'content-length': String(length),
        'x-candidate-token': token,
        ...(final ? { 'upload-length': String(total) } : {}),
      },
    });
    req.on('response', (res) => {
      res.resume();
      res.on('end', () => (res.statusCode === 204 ? resolve(Number(res.headers['upload-offset'])) : reject(new Error(`PATCH ${res.statusCode}`))));
    });
    req.on('error', reject);
    const block = Buffer.alloc(1024 * 1024, 7);
    let sent = 0;
    const write = () => {
      while (sent < length) {
        const n = Math.min(block.length, length - sent);
        let chunk = block.subarray(0, n);
        if (offset + sent === 0) chunk = Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), chunk.subarray(4)]);
        sent += n;
        if (!req.write(chunk)) return void req.once('drain', write);
      }
      req.end();
    };
    write();
  });
}

async function main() {
  const server = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', RECORDING_MAX_BYTES: String(total + 1), DATABASE_URL: '' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  try {
    for (let i = 0; i < 100; i++) {
      if ((await fetch(`${base}/healthz`).catch(() => null))?.ok) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    const reg = await fetch(`${base}/api/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'bench', password: 'bench password', companyName: 'Bench' }) });
    const cookie = reg.headers.get('set-cookie')!.split(';')[0]!;
    const job = await json<{ id: number }>('POST', '/api/job', { title: 'Bench', description: 'Upload benchmark.' }, { cookie });
    const iv = await json<{ id: number; candidateLink: string }>('POST', `/api/job/${job.data.id}/interview`, { candidateName: 'Bench', email: 'bench@example.com' }, { cookie });
    const token = new URL(iv.data.candidateLink).searchParams.get('token')!;
    // The candidate agrees to the notice before the interview starts (decision 025).
    const notice = await json<{ notice: { version: string } }>('GET', `/api/interview/${iv.data.id}/notice`, undefined, { 'x-candidate-token': token });
    await json('POST', `/api/interview/${iv.data.id}/consent`, { noticeVersion: notice.data.notice.version }, { 'x-candidate-token': token });
    await json('POST', `/api/interview/${iv.data.id}/start`, undefined, { 'x-candidate-token': token });
    const meta = `interviewId ${Buffer.from(String(iv.data.id)).toString('base64')}`;
    const created = await fetch(`${base}/api/uploads`, { method: 'POST', headers: { 'tus-resumable': '1.0.0', 'upload-defer-length': '1', 'upload-metadata': meta, 'x-candidate-token': token } });
    if (created.status !== 201) throw new Error(`create upload: ${created.status} ${await created.text()}`);
    const location = created.headers.get('location')!;

    const baseline = rssKiB(server.pid!, 'VmRSS');
    let peak = baseline;
    const sampler = setInterval(() => (peak = Math.max(peak, rssKiB(server.pid!, 'VmRSS'))), 50);
    const piece = 256 * 1024 * 1024;
    const t0 = process.hrtime.bigint();
    let offset = 0;
    while (offset < total) {
      const n = Math.min(piece, total - offset);
      offset = await patch(location, token, offset, n, offset + n === total);
    }
    const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
    clearInterval(sampler);

    const ddFile = path.join(dataDir, 'dd.bin');
    const ddStats = execFileSync('sh', ['-c', `dd if=/dev/zero of=${ddFile} bs=1M count=${mib} conv=fdatasync 2>&1 | tail -1`], { encoding: 'utf8' });
    const ddSeconds = Number(/([\d.]+) s,/.exec(ddStats)?.[1] ?? NaN);
    const uploadMiBs = mib / seconds;
    const diskMiBs = mib / ddSeconds;
    console.log(`Upload: ${mib} MiB through tus in ${seconds.toFixed(2)} s = ${uploadMiBs.toFixed(0)} MiB/s`);
    console.log(`Disk (dd, fdatasync): ${mib} MiB in ${ddSeconds.toFixed(2)} s = ${diskMiBs.toFixed(0)} MiB/s`);
    console.log(`Ratio upload/disk: ${(uploadMiBs / diskMiBs).toFixed(2)} (target >= 0.8)`);
    console.log(`Server memory: RSS ${(baseline / 1024).toFixed(0)} MiB before, peak ${(peak / 1024).toFixed(0)} MiB during, growth ${((peak - baseline) / 1024).toFixed(0)} MiB (target < 64 MiB)`);
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

void main();
