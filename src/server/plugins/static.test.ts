import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app';

// A built client as `vite build` writes it (vite.config.ts): every text file with a .br and a .gz
// beside it, except where compressing did not pay (here: the tiny favicon has none).
const clientDir = mkdtempSync(path.join(os.tmpdir(), 'hireloop-static-'));
mkdirSync(path.join(clientDir, 'assets'));
const script = Buffer.from(`export const greeting = ${JSON.stringify('Welcome to Your AI Interview '.repeat(200))};\n`);
const html = Buffer.from(`<!doctype html><html lang="en"><head><title>Hireloop</title><script type="module" src="/assets/index-B4x9Qe2L.js"></script></head><body><div id="root"></div>${'<!-- padding -->'.repeat(50)}</body></html>`);
const write = (name: string, data: Buffer, compressed = true) => {
  writeFileSync(path.join(clientDir, name), data);
  if (!compressed) return;
  writeFileSync(path.join(clientDir, `${name}.br`), brotliCompressSync(data));
  writeFileSync(path.join(clientDir, `${name}.gz`), gzipSync(data, { level: 9 }));
};
write('assets/index-B4x9Qe2L.js', script);
write('index.html', html);
write('favicon.svg', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), false);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ CLIENT_DIR: clientDir });
});
afterAll(() => t.close());

const get = (url: string, acceptEncoding?: string) =>
  t.app.inject({ method: 'GET', url, headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } });

/** The body as the browser sees it once it has undone the Content-Encoding. */
function decoded(res: { rawPayload: Buffer; headers: Record<string, unknown> }): Buffer {
  const encoding = res.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(res.rawPayload);
  if (encoding === 'gzip') return gunzipSync(res.rawPayload);
  return res.rawPayload;
}

describe('precompressed client files', () => {
  it('sends a hashed asset as brotli, gzip or as it is, by Accept-Encoding, cached as immutable', async () => {
    const cases = [
      { accept: 'gzip, deflate, br, zstd', encoding: 'br' },
      { accept: 'br', encoding: 'br' },
      { accept: 'gzip', encoding: 'gzip' },
      { accept: 'br;q=0, gzip', encoding: 'gzip' },
      { accept: 'identity', encoding: undefined },
      { accept: undefined, encoding: undefined },
    ];
    for (const { accept, encoding } of cases) {
      const res = await get('/assets/index-B4x9Qe2L.js', accept);
      expect(res.statusCode, accept).toBe(200);
      expect(res.headers['content-encoding'], accept).toBe(encoding);
      expect(res.headers['content-type'], accept).toBe('application/javascript; charset=utf-8');
      expect(res.headers['cache-control'], accept).toBe('public, max-age=31536000, immutable');
      expect(res.headers.vary, accept).toBe('accept-encoding');
      expect(Number(res.headers['content-length']), accept).toBe(res.rawPayload.length);
      expect(decoded(res).equals(script), accept).toBe(true);
      if (encoding) expect(res.rawPayload.length, accept).toBeLessThan(script.length / 4);
    }
  });

  it('gives each encoding its own validator, so a cache never mixes them up', async () => {
    const [br, gzip, plain] = await Promise.all([get('/assets/index-B4x9Qe2L.js', 'br'), get('/assets/index-B4x9Qe2L.js', 'gzip'), get('/assets/index-B4x9Qe2L.js')]);
    expect(new Set([br.headers.etag, gzip.headers.etag, plain.headers.etag]).size).toBe(3);
    const again = await t.app.inject({
      method: 'GET',
      url: '/assets/index-B4x9Qe2L.js',
      headers: { 'accept-encoding': 'br', 'if-none-match': String(br.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });

  it('sends index.html (for every client route) compressed too, revalidated on each use', async () => {
    for (const url of ['/', '/auth', '/interview/7?token=abc']) {
      for (const [accept, encoding] of [
        ['br, gzip', 'br'],
        ['gzip', 'gzip'],
        [undefined, undefined],
      ] as const) {
        const res = await get(url, accept);
        expect(res.statusCode, `${url} ${accept}`).toBe(200);
        expect(res.headers['content-encoding'], `${url} ${accept}`).toBe(encoding);
        expect(res.headers['content-type'], `${url} ${accept}`).toBe('text/html; charset=utf-8');
        expect(res.headers['cache-control'], `${url} ${accept}`).toBe('no-cache');
        expect(res.headers.vary, `${url} ${accept}`).toBe('accept-encoding');
        expect(decoded(res).equals(html), `${url} ${accept}`).toBe(true);
      }
    }
  });

  it('falls back to the file as it is when no compressed copy exists', async () => {
    const res = await get('/favicon.svg', 'br, gzip');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers.vary).toBe('accept-encoding');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toBe('<svg xmlns="http://www.w3.org/2000/svg"/>');
  });

  it('leaves /api answers alone', async () => {
    const res = await get('/api/user', 'br, gzip');
    expect(res.statusCode).toBe(401);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['cache-control']).toBe('no-store');
  });
});
