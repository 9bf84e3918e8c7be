import { createRequire } from 'node:module';
import path from 'node:path';
import send from '@fastify/send';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/errors';

/**
 * The API's document and its reference page (decision 033), public. The page is Swagger UI, served
 * from this server (swagger-ui-dist's files, no CDN) with no inline script, so the app's
 * Content-Security-Policy (script-src 'self') holds on it unchanged.
 */

const swaggerUiDir = path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));

/** Swagger UI's own files the page loads; nothing else of the package is served. */
const assetFile = z.enum(['swagger-ui.css', 'swagger-ui-bundle.js'], { error: 'No such file of the API reference' });

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Hireloop API reference</title>
<link rel="stylesheet" href="/api/docs/swagger-ui.css">
</head>
<body>
<main id="swagger-ui"><noscript><p>The reference needs JavaScript. The document itself is at <a href="/api/openapi.json">/api/openapi.json</a>.</p></noscript></main>
<script src="/api/docs/swagger-ui-bundle.js"></script>
<script src="/api/docs/start.js"></script>
</body>
</html>
`;

// validatorUrl null: Swagger UI would otherwise load a badge from validator.swagger.io.
const START = `window.addEventListener('load', function () {
  window.ui = SwaggerUIBundle({ url: '/api/openapi.json', dom_id: '#swagger-ui', deepLinking: true, validatorUrl: null, presets: [SwaggerUIBundle.presets.apis], layout: 'BaseLayout' });
});
`;

export async function openApiRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const open = { access: 'public' } as const;

  r.get('/api/openapi.json', { config: open }, () => app.swagger());

  r.get('/api/docs', { config: open }, (_request, reply) => reply.type('text/html; charset=utf-8').send(PAGE));

  r.get('/api/docs/start.js', { config: open }, (_request, reply) => reply.type('text/javascript; charset=utf-8').send(START));

  r.get('/api/docs/:file', { config: open, schema: { params: z.object({ file: assetFile }) } }, async (request, reply) => {
    const result = await send(request.raw, request.params.file, { root: swaggerUiDir, etag: true, lastModified: true, cacheControl: false });
    if (result.type !== 'file') throw new AppError('NOT_FOUND', 'No such file of the API reference');
    return reply.code(result.statusCode).headers(result.headers).send(result.stream);
  });
}
