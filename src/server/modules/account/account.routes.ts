import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  accountSessions,
  accountUpdateInput,
  accountView,
  PASSWORD_RESET_SENT,
  passwordChangeInput,
  passwordResetInput,
  passwordResetLink,
  passwordResetRequested,
  passwordResetRequestInput,
  resetTokenParams,
  sessionParams,
  sessionsEnded,
} from '../../../contracts/account';
import { publicUser } from '../../../contracts/auth';
import { auditPseudonyms } from '../../lib/audit';
import { requireUser } from '../../plugins/access';
import { toPublicUser } from '../auth/auth.service';
import { destroySession, hashSessionId, setSessionCookie } from '../auth/session';
import { changePassword, endOneSession, endOtherSessions, getAccount, listSessions, updateAccountEmail, type Actor } from './account.service';
import { completePasswordReset, readResetLink, requestPasswordReset } from './password-reset.service';

/** Password reset, the account page and the member's own sessions (decision 028). */
export async function accountRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;
  const { config, mailer, now } = app.deps;
  const pseudonyms = auditPseudonyms(config.sessionSecret);
  const resetDeps = { db, mailer, appUrl: config.appUrl, now, sessions: config.sessions };
  const accountDeps = { db, now, sessionCache: app.sessionCache, sessions: config.sessions };
  // Their own password, email and sessions: every member, whatever their role in the company.
  const own = { access: 'user', role: 'viewer' } as const;
  const actor = (request: FastifyRequest): Actor => ({
    user: requireUser(request),
    currentIdHash: hashSessionId(request.sessionId!),
    address: pseudonyms.address(request.ip),
  });

  r.post(
    '/api/password-reset',
    {
      config: { access: 'public', rateLimit: { max: 10, timeWindow: '1 hour' } },
      schema: { body: passwordResetRequestInput, response: { 200: passwordResetRequested } },
    },
    async (request) => {
      await requestPasswordReset(resetDeps, request.body.usernameOrEmail, pseudonyms.address(request.ip));
      void mailer.deliverPending().catch((err: unknown) => request.log.warn({ err }, 'mail delivery failed'));
      return { message: PASSWORD_RESET_SENT } as const;
    },
  );
  r.get(
    '/api/password-reset/:token',
    { config: { access: 'public', rateLimit: { max: 60, timeWindow: '1 hour' } }, schema: { params: resetTokenParams, response: { 200: passwordResetLink } } },
    (request) => readResetLink(db, request.params.token, now()),
  );
  r.post(
    '/api/password-reset/:token',
    {
      config: { access: 'public', rateLimit: { max: 20, timeWindow: '1 hour' } },
      schema: { params: resetTokenParams, body: passwordResetInput, response: { 200: publicUser } },
    },
    async (request, reply) => {
      const meta = { ip: request.ip, userAgent: request.headers['user-agent'], address: pseudonyms.address(request.ip) };
      const { user, sessionId } = await completePasswordReset(resetDeps, request.params.token, request.body.password, meta);
      // The browser's earlier session (of this or another account) gives way to the new one, as at login.
      if (request.sessionId) {
        await destroySession(db, request.sessionId);
        app.sessionCache.delete(hashSessionId(request.sessionId));
      }
      setSessionCookie(reply, sessionId, config);
      return toPublicUser(user);
    },
  );

  r.get('/api/account', { config: own, schema: { response: { 200: accountView } } }, (request) => getAccount(db, requireUser(request).id));
  r.patch('/api/account', { config: own, schema: { body: accountUpdateInput, response: { 200: accountView } } }, (request) =>
    updateAccountEmail(accountDeps, actor(request), request.body.email),
  );
  r.post('/api/account/password', { config: own, schema: { body: passwordChangeInput, response: { 200: sessionsEnded } } }, (request) =>
    changePassword(accountDeps, actor(request), request.body),
  );
  r.get('/api/account/sessions', { config: own, schema: { response: { 200: accountSessions } } }, (request) => listSessions(accountDeps, actor(request)));
  r.delete('/api/account/sessions/others', { config: own, schema: { response: { 200: sessionsEnded } } }, (request) => endOtherSessions(accountDeps, actor(request)));
  r.delete('/api/account/sessions/:publicId', { config: own, schema: { params: sessionParams, response: { 200: sessionsEnded } } }, (request) =>
    endOneSession(accountDeps, actor(request), request.params.publicId),
  );
}
