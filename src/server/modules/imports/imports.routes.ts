import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IMPORT_MAX_BYTES, importInput, importPreview, importResult, jobImportInput } from '../../../contracts/imports';
import { requireUser } from '../../plugins/access';
import { idParam, idParams } from '../../../contracts/ids';
import { importJobCandidates, importScreeningCandidates, previewJobImport, previewScreeningImport } from './imports.service';

/**
 * A JSON body may escape the file's text up to six times over (\u0001): the route takes that much,
 * so a file just over 1 MiB gets the service's sentence about the file, not the framework's.
 */
const bodyLimit = 6 * IMPORT_MAX_BYTES + 1024;

/**
 * Candidates from a CSV file: a preview with per-row errors, then the import (recruiters: the
 * default for POST): 201 with the counts, or 400 IMPORT_ROWS_INVALID with every row in its details
 * (nothing was created), sent by the error handler like every failure.
 */
export async function importRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;
  const { appUrl } = app.deps.config;
  const preview = { access: 'user', rateLimit: { max: 60, timeWindow: '1 minute' } } as const;
  const importing = { access: 'user', rateLimit: { max: 20, timeWindow: '1 minute' } } as const;
  const jobParams = z.object({ jobId: idParam('jobId') });

  r.post('/api/job/:jobId/import/preview', { config: { ...preview, apiKey: 'Check a CSV of candidates for a job' }, bodyLimit, schema: { params: jobParams, body: importInput, response: { 200: importPreview } } }, (request) =>
    previewJobImport(db, requireUser(request), request.params.jobId, request.body.csv),
  );

  r.post('/api/job/:jobId/import', { config: { ...importing, apiKey: 'Import a CSV of candidates for a job' }, bodyLimit, schema: { params: jobParams, body: jobImportInput, response: { 201: importResult } } }, async (request, reply) =>
    reply.code(201).send(await importJobCandidates({ db, rooms: app.deps.rooms, mailer: app.deps.mailer, appUrl }, requireUser(request), request.params.jobId, request.body, app.deps.now())),
  );

  r.post('/api/phone-screening/:id/import/preview', { config: { ...preview, apiKey: 'Check a CSV of candidates for a phone screening' }, bodyLimit, schema: { params: idParams, body: importInput, response: { 200: importPreview } } }, (request) =>
    previewScreeningImport(db, requireUser(request), request.params.id, request.body.csv),
  );

  r.post('/api/phone-screening/:id/import', { config: { ...importing, apiKey: 'Import a CSV of candidates for a phone screening' }, bodyLimit, schema: { params: idParams, body: importInput, response: { 201: importResult } } }, async (request, reply) =>
    reply.code(201).send(await importScreeningCandidates(db, requireUser(request), request.params.id, request.body)),
  );
}
