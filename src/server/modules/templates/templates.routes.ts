import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { jobTemplate, saveTemplateInput, templateListItem } from '../../../contracts/templates';
import { requireUser } from '../../plugins/access';
import { idParams } from '../../../contracts/ids';
import { deleteTemplate, getTemplate, listTemplates, saveTemplate } from './templates.service';

/**
 * The company's interview templates (decision 029). Any member reads them; saving and deleting need
 * a recruiter (the default for writes). A job is started from one with POST /api/job { templateId }.
 */
export async function templateRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;
  const user = { access: 'user' } as const;

  r.get('/api/templates', { config: user, schema: { response: { 200: z.array(templateListItem) } } }, (request) => listTemplates(db, requireUser(request)));

  r.get('/api/templates/:id', { config: user, schema: { params: idParams, response: { 200: jobTemplate } } }, (request) =>
    getTemplate(db, requireUser(request), request.params.id),
  );

  r.post('/api/templates', { config: user, schema: { body: saveTemplateInput, response: { 201: templateListItem } } }, async (request, reply) =>
    reply.code(201).send(await saveTemplate(db, requireUser(request), request.body)),
  );

  r.delete('/api/templates/:id', { config: user, schema: { params: idParams } }, async (request, reply) => {
    await deleteTemplate(db, requireUser(request), request.params.id);
    return reply.code(204).send();
  });
}
