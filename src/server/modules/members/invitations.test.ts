import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { PublicUser } from '../../../contracts/auth';
import type { InvitationView, MemberList } from '../../../contracts/members';
import { memberInvitations, users } from '../../db/schema';
import { COMMON_PASSWORD } from '../../lib/passwords';
import { Agent } from '../../test/app';
import { INVITATION_EXPIRED, INVITATION_REVOKED, INVITATION_UNKNOWN, INVITATION_USED, INVITATIONS_PER_HOUR } from './invitations.service';
import {
  accept,
  auditRows,
  clockOffset,
  DAY,
  invite,
  job,
  join,
  nextEmail,
  otherCompanyOwner,
  owner,
  ownerId,
  PASSWORD,
  setClockOffset,
  setupTeamApp,
  t,
} from './team-test-kit';

// Invitations (issue 16.1, docs/decisions/027-members-and-invitations.md): the email and its
// single-use link, joining, the rules on what is typed, expiry by the app's clock, revocation.

setupTeamApp();

describe('inviting and joining', () => {
  it('emails a working single-use link naming the company and who invited; the new member joins approved, signed in, and sees the company\'s jobs', async () => {
    const email = 'Dana.Scully@Example.com';
    const { invitation, token, text, subject } = await invite(owner, email, 'recruiter');
    expect(invitation).toMatchObject({ email, companyRole: 'recruiter', isExpired: false });
    expect(new Date(invitation.expiresAt).getTime() - new Date(invitation.invitedAt).getTime()).toBe(7 * DAY);
    expect(subject).toBe('lee@acme.example invited you to join Acme Robotics on Hireloop');
    expect(text).toContain('lee@acme.example has invited you to join Acme Robotics on Hireloop as a Recruiter.');
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Only the token's hash is stored.
    const stored = await t.database.db.select().from(memberInvitations).where(eq(memberInvitations.id, invitation.id));
    expect(stored[0]!.tokenHash).not.toContain(token);
    expect(JSON.stringify(stored)).not.toContain(token);

    const view = await new Agent(t.app).get(`/api/invitations/${token}`);
    expect(view.statusCode).toBe(200);
    expect(view.json<InvitationView>()).toEqual({ companyName: 'Acme Robotics', email, companyRole: 'recruiter', invitedBy: 'lee@acme.example', expiresAt: invitation.expiresAt });

    const { agent, res } = await accept(token, 'dana');
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ id: expect.any(Number), username: 'dana', companyName: 'Acme Robotics', isApproved: true, role: 'member', companyRole: 'recruiter' });
    expect((await agent.get('/api/user')).json<PublicUser>()).toMatchObject({ username: 'dana', companyRole: 'recruiter' });
    const jobs = (await agent.get('/api/job')).json<{ id: number; title: string }[]>();
    expect(jobs.map((j) => j.title)).toEqual(['Field Engineer']);
    expect((await agent.get(`/api/job/${job.id}`)).statusCode).toBe(200);
    // And signs in later with what they chose.
    expect((await new Agent(t.app).post('/api/login', { username: 'dana', password: PASSWORD })).statusCode).toBe(200);

    const [row] = await t.database.db.select().from(users).where(eq(users.username, 'dana'));
    expect(row).toMatchObject({ email, companyRole: 'recruiter', role: 'member', reviewStatus: 'approved', isApproved: true, reviewedBy: ownerId, reviewedVia: 'invitation', removedAt: null });
    const [used] = await t.database.db.select().from(memberInvitations).where(eq(memberInvitations.id, invitation.id));
    expect(used!.acceptedUserId).toBe(row!.id);

    // Used: the link opens nothing more.
    const again = await accept(token, 'dana2');
    expect(again.res.statusCode).toBe(410);
    expect(again.res.json()).toEqual({ error: INVITATION_USED, code: 'LINK_NO_LONGER_VALID', details: { reason: 'used' } });
    expect((await new Agent(t.app).get(`/api/invitations/${token}`)).json()).toEqual({ error: INVITATION_USED, code: 'LINK_NO_LONGER_VALID', details: { reason: 'used' } });

    // The log names ids only: never the address.
    const invited = (await auditRows('member_invited')).find((e) => e.details?.invitationId === invitation.id)!;
    expect(invited).toMatchObject({ actorUserId: ownerId, details: { invitationId: invitation.id, companyRole: 'recruiter' } });
    const joined = (await auditRows('member_joined')).find((e) => e.subject === `user:${row!.id}`)!;
    expect(joined).toMatchObject({ actorUserId: row!.id, details: { invitationId: invitation.id, companyRole: 'recruiter' } });
    expect(JSON.stringify([invited, joined]).toLowerCase()).not.toContain('scully');
  });

  it('refuses an address that is already an active member (by email or username, in any case) with 409', async () => {
    const { email } = await join('viewer', 'already-here');
    for (const address of [email.toUpperCase(), 'LEE@acme.example']) {
      const res = await owner.post('/api/members/invitations', { email: address, companyRole: 'viewer' });
      expect(res.statusCode).toBe(409);
      expect(res.json<{ error: string }>().error).toBe(`${address} is already a member of Acme Robotics.`);
    }
  });

  it('revokes the earlier invitation when the same address is invited again', async () => {
    const email = nextEmail();
    const first = await invite(owner, email, 'viewer');
    const second = await invite(owner, email.toUpperCase(), 'recruiter');
    expect((await new Agent(t.app).get(`/api/invitations/${first.token}`)).json()).toEqual({ error: INVITATION_REVOKED, code: 'LINK_NO_LONGER_VALID', details: { reason: 'revoked' } });
    expect((await accept(first.token, 'first-link')).res.statusCode).toBe(410);
    const open = (await owner.get('/api/members')).json<MemberList>().invitations;
    expect(open.filter((i) => i.email.toLowerCase() === email)).toEqual([expect.objectContaining({ id: second.invitation.id, companyRole: 'recruiter' })]);
    expect((await auditRows('invitation_revoked')).some((e) => e.details?.invitationId === first.invitation.id && e.details.replacedBy === second.invitation.id)).toBe(true);
  });

  it('checks what is typed: a valid address, a known role, registration\'s username and password rules', async () => {
    const bad = await owner.post('/api/members/invitations', { email: 'not-an-address', companyRole: 'viewer' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ error: string }>().error).toContain('Please enter a valid email address');
    expect((await owner.post('/api/members/invitations', { email: nextEmail(), companyRole: 'admin' })).statusCode).toBe(400);

    const { token } = await invite(owner, nextEmail(), 'viewer');
    const short = await accept(token, 'shorty', 'short');
    expect(short.res.statusCode).toBe(400);
    expect(short.res.json<{ error: string }>().error).toContain('Password must be at least 8 characters');
    const common = await accept(token, 'commoner', 'password123');
    expect(common.res.json()).toEqual({ error: COMMON_PASSWORD, code: 'VALIDATION_FAILED' });
    const taken = await accept(token, 'LEE@acme.example');
    expect(taken.res.statusCode).toBe(409);
    expect(taken.res.json()).toEqual({ error: 'Username already exists', code: 'NAME_TAKEN' });
    // None of those used the link up.
    expect((await accept(token, 'finally-in')).res.statusCode).toBe(201);
  });

  it('answers 404 with a sentence for a link that names no invitation, and never a 500', async () => {
    for (const token of ['A'.repeat(43), 'short', '%E2%82%AC'.repeat(10)]) {
      const res = await new Agent(t.app).get(`/api/invitations/${token}`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: INVITATION_UNKNOWN, code: 'NOT_FOUND' });
      expect((await accept(token, 'nobody-here')).res.statusCode).toBe(404);
    }
  });

  it('lets exactly one of two accepts at the same moment win', async () => {
    const email = nextEmail();
    const { token } = await invite(owner, email, 'viewer');
    const [a, b] = await Promise.all([accept(token, 'racer-a'), accept(token, 'racer-b')]);
    expect([a.res.statusCode, b.res.statusCode].sort()).toEqual([201, 410]);
    const joined = await t.database.db.select().from(users).where(eq(users.email, email));
    expect(joined).toHaveLength(1);
  });

  it('signs out the account a browser had when it accepts an invitation', async () => {
    const other = await join('viewer', 'had-a-session');
    const { token } = await invite(owner, nextEmail(), 'viewer');
    const res = await other.agent.post(`/api/invitations/${token}/accept`, { username: 'second-account' });
    expect(res.statusCode).toBe(400); // no password: nothing changes
    const oldCookie = other.agent.cookie;
    expect((await other.agent.post(`/api/invitations/${token}/accept`, { username: 'second-account', password: PASSWORD })).statusCode).toBe(201);
    expect((await other.agent.get('/api/user')).json<PublicUser>().username).toBe('second-account');
    const stale = new Agent(t.app);
    stale.cookie = oldCookie;
    expect((await stale.get('/api/user')).statusCode).toBe(401);
  });

  it(`limits a company to ${INVITATIONS_PER_HOUR} invitations an hour`, async () => {
    const { agent } = await otherCompanyOwner('Busy Co');
    for (let i = 0; i < INVITATIONS_PER_HOUR; i++) {
      expect((await agent.post('/api/members/invitations', { email: `busy${i}@example.com`, companyRole: 'viewer' })).statusCode).toBe(201);
    }
    const over = await agent.post('/api/members/invitations', { email: 'one-more@example.com', companyRole: 'viewer' });
    expect(over.statusCode).toBe(429);
    expect(over.headers['retry-after']).toBe('3600');
    // Another company is not affected.
    expect((await owner.post('/api/members/invitations', { email: nextEmail(), companyRole: 'viewer' })).statusCode).toBe(201);
  });
});

describe('expiry and revocation', () => {
  it('keeps a link valid for 7 days and answers 410 after', async () => {
    const { invitation, token } = await invite(owner, nextEmail(), 'viewer');
    const sentAt = clockOffset();
    try {
      setClockOffset(sentAt + 7 * DAY - 60_000);
      expect((await new Agent(t.app).get(`/api/invitations/${token}`)).statusCode).toBe(200);
      setClockOffset(sentAt + 7 * DAY + 1000);
      expect((await new Agent(t.app).get(`/api/invitations/${token}`)).json()).toEqual({ error: INVITATION_EXPIRED, code: 'LINK_NO_LONGER_VALID', details: { reason: 'expired' } });
      const late = await accept(token, 'too-late');
      expect(late.res.json()).toEqual({ error: INVITATION_EXPIRED, code: 'LINK_NO_LONGER_VALID', details: { reason: 'expired' } });
    } finally {
      setClockOffset(sentAt);
    }
    expect((await t.database.db.select().from(users).where(eq(users.username, 'too-late')))).toHaveLength(0);
    // Back at today's time, the owner still sees it as open (and not yet expired) until revoked.
    const listed = (await owner.get('/api/members')).json<MemberList>().invitations.find((i) => i.id === invitation.id);
    expect(listed?.isExpired).toBe(false);
  });

  it('shows an expired invitation as expired in the owner\'s list', async () => {
    const { invitation } = await invite(owner, nextEmail(), 'viewer');
    const sentAt = clockOffset();
    try {
      setClockOffset(sentAt + 7 * DAY + 1000);
      const listed = (await owner.get('/api/members')).json<MemberList>().invitations.find((i) => i.id === invitation.id);
      expect(listed?.isExpired).toBe(true);
    } finally {
      setClockOffset(sentAt);
    }
  });

  it('revokes: the link then answers 410 and the invitation leaves the list; other companies\' and accepted ones cannot be revoked', async () => {
    const { invitation, token } = await invite(owner, nextEmail(), 'recruiter');
    const res = await owner.request('DELETE', `/api/members/invitations/${invitation.id}`);
    expect(res.statusCode).toBe(204);
    expect((await new Agent(t.app).get(`/api/invitations/${token}`)).json()).toEqual({ error: INVITATION_REVOKED, code: 'LINK_NO_LONGER_VALID', details: { reason: 'revoked' } });
    expect((await accept(token, 'revoked-one')).res.json()).toEqual({ error: INVITATION_REVOKED, code: 'LINK_NO_LONGER_VALID', details: { reason: 'revoked' } });
    expect((await owner.get('/api/members')).json<MemberList>().invitations.map((i) => i.id)).not.toContain(invitation.id);
    // Again: nothing changes.
    expect((await owner.request('DELETE', `/api/members/invitations/${invitation.id}`)).statusCode).toBe(204);
    expect((await auditRows('invitation_revoked')).filter((e) => e.details?.invitationId === invitation.id)).toHaveLength(1);

    const accepted = await invite(owner, nextEmail(), 'viewer');
    expect((await accept(accepted.token, 'accepted-one')).res.statusCode).toBe(201);
    expect((await owner.request('DELETE', `/api/members/invitations/${accepted.invitation.id}`)).statusCode).toBe(409);

    const { agent: otherOwner } = await otherCompanyOwner();
    expect((await otherOwner.request('DELETE', `/api/members/invitations/${accepted.invitation.id}`)).statusCode).toBe(404);
  });
});
