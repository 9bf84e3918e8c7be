import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { loginInput, publicUser, registerInput } from '../../../contracts/auth';
import { recordAudit } from '../../lib/audit';
import { readAsUser } from '../../plugins/access';
import { login, register, toPublicUser } from './auth.service';
import { confirmSession, destroySession, hashSessionId, SESSION_COOKIE, SESSION_TTL_MS } from './session';

export async function authRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;
  const secure = app.deps.config.env === 'production';

  const setSessionCookie = (reply: FastifyReply, sessionId: string) =>
    reply.setCookie(SESSION_COOKIE, sessionId, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure,
      signed: true,
      maxAge: SESSION_TTL_MS / 1000,
    });
  const meta = (request: FastifyRequest) => ({ ip: request.ip, userAgent: request.headers['user-agent'] });

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
      schema: { body: registerInput, response: { 201: publicUser } },
    },
    async (request, reply) => {
      const { user, sessionId } = await register(db, request.body, meta(request));
      setSessionCookie(reply, sessionId);
      return reply.code(201).send(toPublicUser(user));
    },
  );

  r.post('/api/login', { config: { access: 'public' }, schema: { body: loginInput, response: { 200: publicUser } } }, async (request, reply) => {
    // A session that was open before this login is ended: every login gets a new id.
    if (request.sessionId) {
      await destroySession(db, request.sessionId);
      app.sessionCache.delete(hashSessionId(request.sessionId));
    }
    const { user, sessionId } = await login(db, request.body, meta(request));
    setSessionCookie(reply, sessionId);
    return toPublicUser(user);
  });

  r.post('/api/logout', { config: { access: 'public' }, schema: { response: { 200: z.object({ ok: z.literal(true) }) } } }, async (request, reply) => {
    if (request.sessionId) {
      await destroySession(db, request.sessionId);
      // Other instances find the row gone in their next check; this one forgets at once.
      app.sessionCache.delete(hashSessionId(request.sessionId));
      if (request.user) {
        await recordAudit(db, { action: 'logout', actorUserId: request.user.id, companyId: request.user.companyId, ip: request.ip });
      }
    }
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
    return { ok: true as const };
  });
}
