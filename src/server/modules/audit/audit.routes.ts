import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { auditActors, auditLogFilters, auditLogPage, auditLogQuery } from '../../../contracts/audit';
import { requireUser } from '../../plugins/access';
import { auditCsv, listAuditActors, listAuditEntries } from './audit.service';

/**
 * The company's audit trail (issue 15.6, docs/decisions/024-audit-trail.md): the company's owners
 * read its entries (decision 026); nobody reads another company's, the operator included.
 */
export async function auditRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;
  const user = { access: 'user', role: 'owner' } as const;

  r.get('/api/audit-log', { config: user, schema: { querystring: auditLogQuery, response: { 200: auditLogPage } } }, (request) =>
    listAuditEntries(db, requireUser(request), request.query),
  );

  r.get('/api/audit-log/actors', { config: user, schema: { response: { 200: auditActors } } }, (request) => listAuditActors(db, requireUser(request)));

  r.get('/api/audit-log.csv', { config: user, schema: { querystring: auditLogFilters } }, async (request, reply) => {
    const { filename, lines } = await auditCsv(db, requireUser(request), request.query);
    void reply.type('text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${filename}"`).header('cache-control', 'private, no-store');
    return reply.send(Readable.from(lines));
  });
}
