import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { publicUser } from '../../../contracts/auth';
import {
  acceptInvitationInput,
  changeMemberRoleInput,
  invitationTokenParams,
  invitationView,
  inviteMemberInput,
  member,
  memberList,
  openInvitation,
} from '../../../contracts/members';
import { auditPseudonyms } from '../../lib/audit';
import { requireUser } from '../../plugins/access';
import { toPublicUser } from '../auth/auth.service';
import { destroySession, hashSessionId, SESSION_COOKIE, setSessionCookie } from '../auth/session';
import { idParams } from '../../../contracts/ids';
import { acceptInvitation, inviteMember, readInvitation, revokeInvitation } from './invitations.service';
import { changeMemberRole, listMembers, removeMember } from './members.service';

/** Members, roles and invitations (docs/decisions/027-members-and-invitations.md). */
export async function memberRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;
  const { config, mailer, now } = app.deps;
  const pseudonyms = auditPseudonyms(config.sessionSecret);
  const address = (request: FastifyRequest) => pseudonyms.address(request.ip);
  const owner = { access: 'user', role: 'owner' } as const;
  // Public, by token: cheap to answer, but bounded per address all the same (accepting hashes a password).
  const byToken = { access: 'public', rateLimit: { max: 60, timeWindow: '1 hour' } } as const;

  r.get('/api/members', { config: { access: 'user', role: 'viewer' }, schema: { response: { 200: memberList } } }, (request) =>
    listMembers({ db, user: requireUser(request), now: now() }),
  );

  r.post('/api/members/invitations', { config: owner, schema: { body: inviteMemberInput, response: { 201: openInvitation } } }, async (request, reply) => {
    const invitation = await inviteMember({ deps: { db, mailer, appUrl: config.appUrl, now }, user: requireUser(request), input: request.body, address: address(request) });
    return reply.code(201).send(invitation);
  });

  r.delete('/api/members/invitations/:id', { config: owner, schema: { params: idParams } }, async (request, reply) => {
    await revokeInvitation({ db, user: requireUser(request), invitationId: request.params.id, now: now(), address: address(request) });
    return reply.code(204).send();
  });

  r.patch('/api/members/:id', { config: owner, schema: { params: idParams, body: changeMemberRoleInput, response: { 200: member } } }, (request) =>
    changeMemberRole({ db, user: requireUser(request), memberId: request.params.id, companyRole: request.body.companyRole, address: address(request) }),
  );

  r.delete('/api/members/:id', { config: owner, schema: { params: idParams } }, async (request, reply) => {
    const ended = await removeMember({ db, user: requireUser(request), memberId: request.params.id, now: now(), address: address(request) });
    // Other instances find the rows gone at their next check; this one forgets them at once.
    for (const idHash of ended) app.sessionCache.delete(idHash);
    if (request.sessionId && ended.includes(hashSessionId(request.sessionId))) reply.clearCookie(SESSION_COOKIE, { path: '/' });
    return reply.code(204).send();
  });

  r.get('/api/invitations/:token', { config: byToken, schema: { params: invitationTokenParams, response: { 200: invitationView } } }, (request) =>
    readInvitation({ db, token: request.params.token, now: now() }),
  );

  r.post(
    '/api/invitations/:token/accept',
    { config: byToken, schema: { params: invitationTokenParams, body: acceptInvitationInput, response: { 201: publicUser } } },
    async (request, reply) => {
      const { user, sessionId } = await acceptInvitation({
        db,
        token: request.params.token,
        input: request.body,
        meta: { ip: request.ip, userAgent: request.headers['user-agent'], address: address(request) },
        clock: { now: now(), ...config.sessions },
      });
      // As at sign-in: the session this browser had (another account's) ends; the new member's begins.
      if (request.sessionId) {
        await destroySession(db, request.sessionId);
        app.sessionCache.delete(hashSessionId(request.sessionId));
      }
      setSessionCookie(reply, sessionId, config);
      return reply.code(201).send(toPublicUser(user));
    },
  );
}
