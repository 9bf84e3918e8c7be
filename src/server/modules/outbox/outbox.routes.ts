import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { companyOutbox as companyOutboxSchema } from '../../../contracts/outbox';
import { requireUser } from '../../plugins/access';
import { companyOutbox } from './outbox.service';

/** The company's outbox (decision 044): owners and recruiters, who send candidates their links. */
export async function outboxRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps = { db: app.deps.database.db, appUrl: app.deps.config.appUrl, hasMailServer: app.deps.mailer.hasSmtp };
  r.get('/api/outbox', { config: { access: 'user', role: 'recruiter' }, schema: { response: { 200: companyOutboxSchema } } }, (request) => companyOutbox(deps, requireUser(request)));
}
