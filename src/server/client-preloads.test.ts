import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chunkFiles } from './client-preloads';
import { createTestApp, type TestApp } from './test/app';

// Issue 30: the candidate's room and the sign-in page are sent with their chunks preloaded, so a
// phone downloads them beside the entry instead of after it. A built client as Vite writes it, with
// its manifest (vite.config.ts: build.manifest).

const manifest = {
  'index.html': { file: 'assets/index-AAA.js', isEntry: true, imports: ['_rolldown-runtime.js'], dynamicImports: ['app/pages/candidate-interview-page.tsx'] },
  '_rolldown-runtime.js': { file: 'assets/rolldown-runtime-RRR.js' },
  '_icons.js': { file: 'assets/icons-III.js' },
  '_ui.js': { file: 'assets/ui-UUU.js', imports: ['_icons.js'] },
  'app/pages/candidate-interview-page.tsx': { file: 'assets/candidate-interview-page-CCC.js', imports: ['_rolldown-runtime.js', '_ui.js'], isDynamicEntry: true },
  'features/auth/components/auth-page.tsx': { file: 'assets/auth-page-PPP.js', imports: ['_ui.js'], isDynamicEntry: true },
};

const clientDir = mkdtempSync(path.join(os.tmpdir(), 'hireloop-preloads-'));
mkdirSync(path.join(clientDir, '.vite'));
writeFileSync(path.join(clientDir, '.vite', 'manifest.json'), JSON.stringify(manifest));
writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><html><head><script type="module" src="/assets/index-AAA.js"></script></head><body><div id="root"></div></body></html>');

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ CLIENT_DIR: clientDir });
});
afterAll(() => t.close());

const preloads = (html: string) => [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]);

describe('pages sent with their chunks preloaded', () => {
  it('the candidate’s room: its chunk and what it imports, not what the entry already loads', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/interview/42?token=abc' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(preloads(res.body)).toEqual(['/assets/candidate-interview-page-CCC.js', '/assets/ui-UUU.js', '/assets/icons-III.js']);
    expect(res.body).toContain('<div id="root"></div>');
    expect(preloads((await t.app.inject({ method: 'GET', url: '/candidate/42?token=abc' })).body)).toHaveLength(3);
  });

  it('the sign-in page its own; the recruiter’s report (no token) and other pages nothing', async () => {
    expect(preloads((await t.app.inject({ method: 'GET', url: '/auth' })).body)).toEqual(['/assets/auth-page-PPP.js', '/assets/ui-UUU.js', '/assets/icons-III.js']);
    for (const url of ['/interview/42', '/dashboard', '/interview/42/extra?token=abc']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(preloads(res.body), url).toEqual([]);
    }
  });

  it('a module the manifest does not know, or an empty manifest, preloads nothing', () => {
    expect(chunkFiles(manifest, 'app/pages/no-such-page.tsx')).toEqual([]);
    expect(chunkFiles({}, 'app/pages/candidate-interview-page.tsx')).toEqual([]);
  });
});
