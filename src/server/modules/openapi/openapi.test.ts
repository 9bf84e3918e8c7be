import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { version } from '../../../../package.json';
import { createTestApp, type TestApp } from '../../test/app';

// The API's document (decision 033): valid OpenAPI 3.1 by a validator of its own, and exactly the
// routes a key may call, each with a summary. A route marked for keys without an entry, or an
// entry for a route keys may not call, fails here.

interface Operation {
  summary?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  responses?: Record<string, unknown>;
}
interface Document {
  openapi: string;
  info: { title: string; version: string; description: string };
  servers: { url: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: { securitySchemes: Record<string, { type: string; scheme: string }> };
}

let t: TestApp;
let document: Document;

beforeAll(async () => {
  t = await createTestApp({ APP_URL: 'https://hire.example.com' });
  const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
  expect(res.statusCode).toBe(200);
  document = res.json<Document>();
});
afterAll(() => t.close());

/** `/api/job/:id` as OpenAPI writes it: `/api/job/{id}`. */
const openApiPath = (url: string) => url.replace(/:([A-Za-z]+)/g, '{$1}');

describe('GET /api/openapi.json', () => {
  it('is a valid OpenAPI 3.1 document named for the API, served to anyone', async () => {
    const result = await new Validator().validate(structuredClone(document) as unknown as Record<string, unknown>);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(document.openapi).toBe('3.1.0');
    expect(document.info).toMatchObject({ title: 'Hireloop API', version });
    expect(document.info.description).toContain('curl -H "Authorization: Bearer hl_live_');
    expect(document.servers).toEqual([{ url: 'https://hire.example.com' }]);
    expect(document.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
  });

  it('covers exactly the routes an API key may call, each with a summary, a tag and the bearer scheme', () => {
    const keyRoutes = t.app.routeAccess.filter((r) => r.apiKey);
    expect(keyRoutes.length).toBeGreaterThan(30);
    const missing: string[] = [];
    for (const route of keyRoutes) {
      const operation = document.paths[openApiPath(route.url)]?.[route.method.toLowerCase()];
      if (!operation?.summary || operation.tags?.length !== 1) missing.push(`${route.method} ${route.url}`);
      else expect(operation.security, `${route.method} ${route.url}`).toEqual(route.access === 'public' ? [] : [{ bearerAuth: [] }]);
    }
    expect(missing).toEqual([]);
    const documented = Object.entries(document.paths).flatMap(([path, operations]) => Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`));
    expect(documented.sort()).toEqual(keyRoutes.map((r) => `${r.method} ${openApiPath(r.url)}`).sort());
  });

  it('leaves out what keys cannot call: keys, members, account, settings, the audit log, admin', () => {
    const paths = Object.keys(document.paths);
    for (const prefix of ['/api/api-keys', '/api/members', '/api/account', '/api/company/settings', '/api/audit-log', '/api/admin', '/api/login']) {
      expect(paths.filter((p) => p.startsWith(prefix)), prefix).toEqual([]);
    }
    expect(document.paths['/api/job/{id}']?.delete).toBeUndefined();
  });

  it('describes request bodies and answers from the contracts', () => {
    const create = document.paths['/api/job']?.post as Operation & { requestBody?: { content: Record<string, { schema: { properties: Record<string, unknown> } }> } };
    expect(Object.keys(create.requestBody!.content['application/json']!.schema.properties)).toEqual(expect.arrayContaining(['title', 'description']));
    expect(Object.keys(create.responses!)).toEqual(expect.arrayContaining(['201', '4XX']));
  });
});

describe('GET /api/docs', () => {
  it('is a page that loads Swagger UI from this server, with no inline script, under the app CSP', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    const scripts = [...page.body.matchAll(/<script([^>]*)>([^<]*)<\/script>/g)];
    expect(scripts.map((s) => s[1]?.trim())).toEqual(['src="/api/docs/swagger-ui-bundle.js"', 'src="/api/docs/start.js"']);
    expect(scripts.every((s) => s[2] === '')).toBe(true);
    for (const url of ['/api/docs/swagger-ui-bundle.js', '/api/docs/swagger-ui.css', '/api/docs/start.js']) {
      const asset = await t.app.inject({ method: 'GET', url });
      expect(asset.statusCode, url).toBe(200);
      expect(asset.body.length, url).toBeGreaterThan(100);
    }
  });

  it('serves no other file of the package', async () => {
    for (const url of ['/api/docs/package.json', '/api/docs/..%2F..%2Fpackage.json', '/api/docs/index.html']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, url).toBeLessThan(500);
    }
  });
});
