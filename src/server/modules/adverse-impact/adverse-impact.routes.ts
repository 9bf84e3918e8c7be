import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adverseImpactCounts, adverseImpactQuery, adverseImpactReport, selfIdentificationInput, selfIdentificationStatus } from '../../../contracts/adverse-impact';
import { requireUser } from '../../plugins/access';
import { idParams } from '../../../contracts/ids';
import { adverseImpactDownload, companyAdverseImpact, companyAdverseImpactCounts, jobAdverseImpact, jobAdverseImpactCounts } from './adverse-impact.service';
import { recordSelfIdentification, selfIdentificationStatusOf } from './self-identification.service';

/** The candidate's voluntary self-identification and the adverse-impact report (issue 15, decision 023). */
export async function adverseImpactRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;
  // Statistics about candidates' sex and race: for those who run the hiring (recruiters, owners), not viewers (decision 026).
  const user = { access: 'user', role: 'recruiter' } as const;
  const candidate = { access: 'candidate' } as const;

  r.post(
    '/api/interview/:id/self-identification',
    { config: candidate, schema: { params: idParams, body: selfIdentificationInput, response: { 201: selfIdentificationStatus } } },
    async (request, reply) => reply.code(201).send(await recordSelfIdentification(db, request, request.params.id, request.body)),
  );
  r.get('/api/interview/:id/self-identification', { config: candidate, schema: { params: idParams, response: { 200: selfIdentificationStatus } } }, (request) =>
    selfIdentificationStatusOf(db, request, request.params.id),
  );

  const report = { querystring: adverseImpactQuery, response: { 200: adverseImpactReport } };
  r.get('/api/job/:id/adverse-impact', { config: user, schema: { params: idParams, ...report } }, (request) =>
    jobAdverseImpact(db, requireUser(request), request.params.id, request.query),
  );
  r.get('/api/company/adverse-impact', { config: user, schema: report }, (request) => companyAdverseImpact(db, requireUser(request), request.query));

  // Whether there is anything to compare yet: the panels on the job page and the dashboard (decision 043).
  r.get('/api/job/:id/adverse-impact/counts', { config: user, schema: { params: idParams, response: { 200: adverseImpactCounts } } }, (request) =>
    jobAdverseImpactCounts(db, requireUser(request), request.params.id),
  );
  r.get('/api/company/adverse-impact/counts', { config: user, schema: { response: { 200: adverseImpactCounts } } }, (request) =>
    companyAdverseImpactCounts(db, requireUser(request)),
  );

  const csv = { querystring: adverseImpactQuery };
  r.get('/api/job/:id/adverse-impact.csv', { config: user, schema: { params: idParams, ...csv } }, async (request, reply) => {
    const { filename, csv: body } = adverseImpactDownload(await jobAdverseImpact(db, requireUser(request), request.params.id, request.query));
    return reply.type('text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${filename}"`).header('cache-control', 'private, no-store').send(body);
  });
  r.get('/api/company/adverse-impact.csv', { config: user, schema: csv }, async (request, reply) => {
    const { filename, csv: body } = adverseImpactDownload(await companyAdverseImpact(db, requireUser(request), request.query));
    return reply.type('text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${filename}"`).header('cache-control', 'private, no-store').send(body);
  });
}
