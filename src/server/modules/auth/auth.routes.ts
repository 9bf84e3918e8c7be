import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { loginInput, publicUser, registerInput, registerResponse } from '../../../contracts/auth';
import { auditPseudonyms, auditActor, recordAudit } from '../../lib/audit';
import { readAsUser } from '../../plugins/access';
import { login, register, toPublicUser } from './auth.service';
import { confirmSession, destroySession, hashSessionId, SESSION_COOKIE, setSessionCookie, type SessionClock } from './session';

export async function authRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;
  const { config } = app.deps;
  const clock = (): SessionClock => ({ now: app.deps.now(), ...config.sessions });
  const pseudonyms = auditPseudonyms(app.deps.config.sessionSecret);
  const meta = (request: FastifyRequest) => ({ ip: request.ip, userAgent: request.headers['user-agent'], address: pseudonyms.address(request.ip) });

  r.get('/api/user', { config: { access: 'user', cachedSession: true }, schema: { response: { 200: publicUser } } }, (request) =>
    readAsUser(request, async (user, check) => {
      if (check) await confirmSession(db, check);
      return toPublicUser(user);
    }),
  );

  r.post(
    '/api/register',
    {
      config: { access: 'public', rateLimit: { max: app.deps.config.registrationsPerHour, timeWindow: '1 hour' } },
      schema: { body: registerInput, response: { 201: registerResponse } },
    },
    async (request, reply) => {
      const { user, sessionId, isOperator } = await register(db, request.body, meta(request), clock());
      setSessionCookie(reply, sessionId, config);
      return reply.code(201).send({ ...toPublicUser(user), isOperator });
    },
  );

  r.post('/api/login', { config: { access: 'public' }, schema: { body: loginInput, response: { 200: publicUser } } }, async (request, reply) => {
    // A session that was open before this login is ended: every login gets a new id.
    if (request.sessionId) {
      await destroySession(db, request.sessionId);
      app.sessionCache.delete(hashSessionId(request.sessionId));
    }
    const { user, sessionId } = await login(db, request.body, meta(request), pseudonyms, clock());
    setSessionCookie(reply, sessionId, config);
    return toPublicUser(user);
  });

  r.post('/api/logout', { config: { access: 'public' }, schema: { response: { 200: z.object({ ok: z.literal(true) }) } } }, async (request, reply) => {
    const { sessionId, user } = request;
    if (sessionId) {
      await db.transaction(async (tx) => {
        await destroySession(tx, sessionId);
        if (user) await recordAudit(tx, { action: 'logout', ...auditActor(user), subject: `user:${user.id}`, ip: pseudonyms.address(request.ip) });
      });
      // Other instances find the row gone in their next check; this one forgets at once.
      app.sessionCache.delete(hashSessionId(sessionId));
    }
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
    return { ok: true as const };
  });
}
