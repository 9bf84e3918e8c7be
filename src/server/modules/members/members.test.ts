import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { AuditLogPage } from '../../../contracts/audit';
import type { PublicUser } from '../../../contracts/auth';
import type { Member, MemberList } from '../../../contracts/members';
import { sessions, users } from '../../db/schema';
import { Agent } from '../../test/app';
import { LAST_OWNER } from './members.service';
import { auditRows, companyOf, invite, join, nextEmail, otherCompanyOwner, owner, ownerId, PASSWORD, setupTeamApp, t } from './team-test-kit';

// Members (issue 16.1, docs/decisions/027-members-and-invitations.md): who may see and change what,
// role changes that apply at once, a company that always keeps an owner, removal that ends sessions.

setupTeamApp();

describe('who may do what', () => {
  it('lists members to every member; only owners see open invitations', async () => {
    const viewer = await join('viewer', 'val-viewer');
    const pending = await invite(owner, nextEmail(), 'recruiter');
    const asOwner = (await owner.get('/api/members')).json<MemberList>();
    expect(asOwner.members[0]).toEqual({ id: ownerId, username: 'lee@acme.example', email: null, companyRole: 'owner', joinedAt: expect.any(String), isYou: true });
    expect(asOwner.members.find((m) => m.username === 'val-viewer')).toMatchObject({ email: viewer.email, companyRole: 'viewer', isYou: false });
    expect(asOwner.invitations).toEqual([pending.invitation]);
    const asViewer = await viewer.agent.get('/api/members');
    expect(asViewer.statusCode).toBe(200);
    expect(asViewer.json<MemberList>().invitations).toEqual([]);
    expect(asViewer.json<MemberList>().members.find((m) => m.username === 'val-viewer')?.isYou).toBe(true);
  });

  it('refuses recruiters and viewers every change to members with 403, before looking at what they sent', async () => {
    const recruiter = await join('recruiter', 'rita-recruiter');
    const viewer = await join('viewer', 'vic-viewer');
    for (const { agent } of [recruiter, viewer]) {
      const attempts = [
        agent.post('/api/members/invitations', { email: nextEmail(), companyRole: 'owner' }),
        agent.post('/api/members/invitations', { nonsense: true }),
        agent.request('PATCH', `/api/members/${recruiter.user.id}`, { companyRole: 'owner' }),
        agent.request('DELETE', `/api/members/${viewer.user.id}`),
        agent.request('DELETE', '/api/members/invitations/1'),
      ];
      for (const res of await Promise.all(attempts)) {
        expect(res.statusCode).toBe(403);
        expect(res.json<{ code: string }>().code).toBe('FORBIDDEN');
      }
    }
    expect((await t.database.db.select().from(users).where(eq(users.id, recruiter.user.id)))[0]!.companyRole).toBe('recruiter');
  });

  it('lets no company still awaiting approval invite anyone', async () => {
    const pending = new Agent(t.app);
    expect((await pending.register('pending-owner', 'Pending Co')).statusCode).toBe(201);
    const res = await pending.post('/api/members/invitations', { email: nextEmail(), companyRole: 'viewer' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: 'Your account is awaiting approval', code: 'NOT_APPROVED' });
  });
});

describe('roles and removal', () => {
  it('changes a role, which applies to the member\'s very next request', async () => {
    const rec = await join('recruiter', 'ray-recruiter');
    // A read first, so this instance caches the session.
    expect((await rec.agent.get('/api/job')).statusCode).toBe(200);
    const res = await owner.request('PATCH', `/api/members/${rec.user.id}`, { companyRole: 'viewer' });
    expect(res.statusCode).toBe(200);
    expect(res.json<Member>()).toMatchObject({ id: rec.user.id, companyRole: 'viewer', isYou: false });
    expect((await rec.agent.post('/api/job', { title: 'Anything', description: 'Should be refused now.' })).statusCode).toBe(403);
    expect((await rec.agent.get('/api/user')).json<PublicUser>().companyRole).toBe('viewer');
    const entry = (await auditRows('member_role_changed')).find((e) => e.subject === `user:${rec.user.id}`);
    expect(entry).toMatchObject({ actorUserId: ownerId, details: { from: 'recruiter', to: 'viewer' } });
    // The company's audit log says it in words, naming the member by their current name.
    const log = (await owner.get(`/api/audit-log?action=member_role_changed&subject=user:${rec.user.id}`)).json<AuditLogPage>();
    expect(log.entries.map((e) => [e.label, e.subjectLabel, e.summary])).toEqual([['Member role changed', 'ray-recruiter', 'From Recruiter to Viewer']]);

    expect((await owner.request('PATCH', `/api/members/${rec.user.id}`, { companyRole: 'boss' })).statusCode).toBe(400);
  });

  it('never leaves the company without an owner', async () => {
    const demoteSelf = await owner.request('PATCH', `/api/members/${ownerId}`, { companyRole: 'recruiter' });
    expect(demoteSelf.statusCode).toBe(409);
    expect(demoteSelf.json()).toEqual({ error: LAST_OWNER, code: 'LAST_OWNER' });
    const removeSelf = await owner.request('DELETE', `/api/members/${ownerId}`);
    expect(removeSelf.json()).toEqual({ error: LAST_OWNER, code: 'LAST_OWNER' });

    // With a second owner, either may step down, and then the other is the last again.
    const second = await join('owner', 'olga-owner');
    // The install's operator (this company's first owner) stays, whoever asks.
    expect((await second.agent.request('DELETE', `/api/members/${ownerId}`)).json()).toEqual({ error: "The install's operator cannot be removed from their company.", code: 'OPERATOR_PROTECTED' });
    expect((await second.agent.request('PATCH', `/api/members/${second.user.id}`, { companyRole: 'viewer' })).statusCode).toBe(200);
    expect((await owner.request('PATCH', `/api/members/${ownerId}`, { companyRole: 'viewer' })).statusCode).toBe(409);
    expect((await second.agent.request('PATCH', `/api/members/${ownerId}`, { companyRole: 'viewer' })).statusCode).toBe(403);

    // Two owners demoting each other at the same moment: one of them stays an owner.
    expect((await owner.request('PATCH', `/api/members/${second.user.id}`, { companyRole: 'owner' })).statusCode).toBe(200);
    const [a, b] = await Promise.all([
      owner.request('PATCH', `/api/members/${second.user.id}`, { companyRole: 'recruiter' }),
      second.agent.request('PATCH', `/api/members/${ownerId}`, { companyRole: 'recruiter' }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 403]);
    const owners = await t.database.db.select().from(users).where(and(eq(users.companyRole, 'owner'), eq(users.companyId, (await companyOf(ownerId)))));
    expect(owners).toHaveLength(1);
    // Put things back: the first owner is owner, the second not.
    if (owners[0]!.id !== ownerId) {
      expect((await second.agent.request('PATCH', `/api/members/${ownerId}`, { companyRole: 'owner' })).statusCode).toBe(200);
    }
    await owner.request('PATCH', `/api/members/${second.user.id}`, { companyRole: 'viewer' });
    expect((await owner.get('/api/user')).json<PublicUser>().companyRole).toBe('owner');
  });

  it('removes a member: their sessions end at once, they cannot sign in, and they leave the list', async () => {
    const gone = await join('recruiter', 'rob-removed');
    const elsewhere = new Agent(t.app);
    expect((await elsewhere.post('/api/login', { username: 'rob-removed', password: PASSWORD })).statusCode).toBe(200);
    expect((await gone.agent.get('/api/job')).statusCode).toBe(200);

    const res = await owner.request('DELETE', `/api/members/${gone.user.id}`);
    expect(res.statusCode).toBe(204);
    expect((await gone.agent.get('/api/job')).statusCode).toBe(401);
    expect((await elsewhere.get('/api/user')).statusCode).toBe(401);
    expect(await t.database.db.select().from(sessions).where(eq(sessions.userId, gone.user.id))).toHaveLength(0);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, gone.user.id));
    expect(row!.removedAt).not.toBeNull();
    expect((await new Agent(t.app).post('/api/login', { username: 'rob-removed', password: PASSWORD })).statusCode).toBe(403);
    expect((await owner.get('/api/members')).json<MemberList>().members.map((m) => m.id)).not.toContain(gone.user.id);
    expect((await auditRows('member_removed')).find((e) => e.subject === `user:${gone.user.id}`)).toMatchObject({ actorUserId: ownerId, details: { companyRole: 'recruiter' } });

    // Removed: no longer a member to change or remove; their address may be invited again.
    expect((await owner.request('DELETE', `/api/members/${gone.user.id}`)).statusCode).toBe(404);
    expect((await owner.request('PATCH', `/api/members/${gone.user.id}`, { companyRole: 'viewer' })).statusCode).toBe(404);
    expect((await owner.post('/api/members/invitations', { email: gone.email, companyRole: 'viewer' })).statusCode).toBe(201);
  });

  it('lets an owner leave while another owner remains', async () => {
    const leaving = await join('owner', 'otto-leaving');
    const res = await leaving.agent.request('DELETE', `/api/members/${leaving.user.id}`);
    expect(res.statusCode).toBe(204);
    expect(leaving.agent.cookie).toBeUndefined();
    expect((await new Agent(t.app).post('/api/login', { username: 'otto-leaving', password: PASSWORD })).statusCode).toBe(403);
  });

  it('answers 404 for members of other companies', async () => {
    const other = await otherCompanyOwner('Far Away Ltd');
    expect((await owner.request('PATCH', `/api/members/${other.user.id}`, { companyRole: 'viewer' })).statusCode).toBe(404);
    expect((await owner.request('DELETE', `/api/members/${other.user.id}`)).statusCode).toBe(404);
    expect((await other.agent.request('DELETE', `/api/members/${ownerId}`)).statusCode).toBe(404);
    expect((await other.agent.get('/api/members')).json<MemberList>().members.map((m) => m.id)).toEqual([other.user.id]);
    expect((await owner.request('PATCH', '/api/members/abc', { companyRole: 'viewer' })).statusCode).toBe(400);
  });
});
