import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminAccount, outboxEmail } from '../../../contracts/admin';
import { demoRequest } from '../../../contracts/demo-request';
import { idParams } from '../../../contracts/ids';
import { auditPseudonyms } from '../../lib/audit';
import { requireUser } from '../../plugins/access';
import { listAccounts, listDemoRequests, listOutbox, reviewAccount } from './admin.service';


export async function adminRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;
  const admin = { access: 'admin' } as const;
  const pseudonyms = auditPseudonyms(app.deps.config.sessionSecret);

  r.get('/api/admin/accounts', { config: admin, schema: { response: { 200: z.array(adminAccount) } } }, () => listAccounts(db));

  for (const decision of ['approved', 'rejected'] as const) {
    const verb = decision === 'approved' ? 'approve' : 'reject';
    r.post(`/api/admin/accounts/:id/${verb}`, { config: admin, schema: { params: idParams, response: { 200: adminAccount } } }, (request) =>
      reviewAccount(
        { db, mailer: app.deps.mailer, actorUserId: requireUser(request).id, address: pseudonyms.address(request.ip), appUrl: app.deps.config.appUrl },
        { userId: request.params.id },
        decision,
      ),
    );
  }

  r.get('/api/admin/demo-requests', { config: admin, schema: { response: { 200: z.array(demoRequest) } } }, () => listDemoRequests(db));
  r.get('/api/admin/outbox', { config: admin, schema: { response: { 200: z.array(outboxEmail) } } }, () => listOutbox(db));
}
