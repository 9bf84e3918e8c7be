import formbody from '@fastify/formbody';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  notificationSettingsInput,
  notificationSettingsView,
  oneClickUnsubscribeInput,
  unsubscribeInput,
  unsubscribeQuery,
  unsubscribeView,
} from '../../../contracts/notifications';
import { requireUser } from '../../plugins/access';
import { notificationSettingsOf, saveNotificationSettings, unsubscribe, unsubscribeLink } from './notifications.service';

/** Each member's choice of emails, and the unsubscribe link in every one (decision 031). */
export async function notificationRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;
  const { notifications } = app.deps;
  // Every member manages their own, a viewer too.
  const own = { access: 'user', role: 'viewer' } as const;

  r.get('/api/notifications/settings', { config: own, schema: { response: { 200: notificationSettingsView } } }, (request) =>
    notificationSettingsOf(db, requireUser(request)),
  );
  r.put('/api/notifications/settings', { config: own, schema: { body: notificationSettingsInput, response: { 200: notificationSettingsView } } }, (request) =>
    saveNotificationSettings(db, requireUser(request), request.body.choices, app.deps.now()),
  );

  // The link in the emails: the token is the access. Reading it changes nothing; the page's button posts.
  const link = { access: 'public', rateLimit: { max: 60, timeWindow: '1 minute' } } as const;
  r.get('/api/notifications/unsubscribe', { config: link, schema: { querystring: unsubscribeQuery, response: { 200: unsubscribeView } } }, (request) =>
    unsubscribeLink(db, notifications, request.query.token),
  );
  r.post('/api/notifications/unsubscribe', { config: link, schema: { body: unsubscribeInput, response: { 200: unsubscribeView } } }, (request) =>
    unsubscribe(db, notifications, request.body.token, app.deps.now()),
  );

  // The List-Unsubscribe header's address (RFC 8058): a mail client's own button POSTs the form
  // `List-Unsubscribe=One-Click` here, the token in the address.
  await app.register(formbody);
  r.post(
    '/api/notifications/unsubscribe/one-click',
    { config: link, schema: { querystring: unsubscribeQuery, body: oneClickUnsubscribeInput, response: { 200: unsubscribeView } } },
    (request) => unsubscribe(db, notifications, request.query.token, app.deps.now()),
  );
}
