import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InterviewListItem } from '../../../contracts/interviews';
import type { CompanyOutbox } from '../../../contracts/outbox';
import { users } from '../../db/schema';
import { Agent, createTestApp, type TestApp } from '../../test/app';
import { makeMember } from '../../test/factories';
import { startTestSmtp, type TestSmtp } from '../../test/smtp';

// Issue 29, item 1: without a mail server, a company's invitations wait in the company's own outbox,
// where its owners and recruiters copy each candidate's link; the interview list says Queued.

async function companyWithCandidate(t: TestApp, owner: Agent, username: string, candidate: string) {
  expect((await owner.register(username, `${username} Co`)).statusCode).toBe(201);
  const [row] = await t.database.db.select().from(users).where(eq(users.username, username));
  await t.database.db.update(users).set({ isApproved: true, reviewStatus: 'approved' }).where(eq(users.id, row!.id));
  const job = (await owner.post('/api/job', { title: 'Night Stocker', description: 'Stock shelves overnight.' })).json<{ id: number }>();
  const interview = (await owner.post(`/api/job/${job.id}/interview`, { candidateName: candidate, email: `${candidate.split(' ')[0]!.toLowerCase()}@example.com` })).json<InterviewListItem>();
  const sent = await owner.post('/api/send-candidate-emails', {
    subject: 'Your interview',
    body: 'Hello {{candidateName}}, start here: {{candidateLink}}',
    candidates: [{ name: candidate, email: interview.email, jobId: job.id, interviewId: interview.id }],
  });
  expect(sent.statusCode, sent.body).toBe(200);
  return { companyId: row!.companyId, jobId: job.id, interview };
}

describe('without a mail server', () => {
  let t: TestApp;
  const ownerA = () => agents.a;
  const agents = {} as { a: Agent; b: Agent };
  let a: Awaited<ReturnType<typeof companyWithCandidate>>;

  beforeAll(async () => {
    t = await createTestApp();
    agents.a = new Agent(t.app);
    agents.b = new Agent(t.app);
    a = await companyWithCandidate(t, agents.a, 'outbox-a', 'Rosa Delgado');
    await companyWithCandidate(t, agents.b, 'outbox-b', 'Omar Haddad');
  });
  afterAll(() => t.close());

  it("shows each company its own candidates' emails, with the link to copy, and says no mail server is connected", async () => {
    const res = await ownerA().get('/api/outbox');
    expect(res.statusCode, res.body).toBe(200);
    const outbox = res.json<CompanyOutbox>();
    expect(outbox.hasMailServer).toBe(false);
    expect(outbox.messages).toHaveLength(1);
    expect(outbox.messages[0]).toMatchObject({ kind: 'invitation', toAddress: 'rosa@example.com', status: 'waiting', candidateName: 'Rosa Delgado', candidateLink: a.interview.candidateLink, interviewId: a.interview.id });
    expect(outbox.messages[0]!.body).toContain(`Hello Rosa Delgado, start here: ${a.interview.candidateLink}`);
    const theirs = (await agents.b.get('/api/outbox')).json<CompanyOutbox>();
    expect(theirs.messages.map((m) => m.candidateName)).toEqual(['Omar Haddad']);
  });

  it('says Queued, not Not sent, in the interview list', async () => {
    const [row] = (await ownerA().get(`/api/job/${a.jobId}/interview`)).json<InterviewListItem[]>();
    expect(row).toMatchObject({ emailSent: false, invitationQueued: true });
  });

  it("is for the company's recruiters and owners, and never shows members' own emails", async () => {
    const recruiter = await makeMember(t.database.db, a.companyId, 'recruiter');
    const viewer = await makeMember(t.database.db, a.companyId, 'viewer');
    const asRecruiter = new Agent(t.app);
    await asRecruiter.post('/api/login', { username: recruiter.username, password: recruiter.password });
    expect((await asRecruiter.get('/api/outbox')).json<CompanyOutbox>().messages).toHaveLength(1);
    const asViewer = new Agent(t.app);
    await asViewer.post('/api/login', { username: viewer.username, password: viewer.password });
    expect((await asViewer.get('/api/outbox')).statusCode).toBe(403);
    expect((await new Agent(t.app).get('/api/outbox')).statusCode).toBe(401);
    // A password reset and an invitation to join the company carry access to an account: not for colleagues.
    expect((await new Agent(t.app).post('/api/password-reset', { usernameOrEmail: recruiter.username })).statusCode).toBe(200);
    expect((await ownerA().post('/api/members/invitations', { email: 'newhire@example.com', companyRole: 'owner' })).statusCode).toBe(201);
    const kinds = (await asRecruiter.get('/api/outbox')).json<CompanyOutbox>().messages.map((m) => m.kind);
    expect(kinds).toEqual(['invitation']);
  });
});

describe('with a mail server', () => {
  let t: TestApp;
  let smtp: TestSmtp;
  beforeAll(async () => {
    smtp = await startTestSmtp();
    t = await createTestApp({ SMTP_URL: smtp.url });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('is empty once the invitation is sent, and the list says Sent', async () => {
    const owner = new Agent(t.app);
    const a = await companyWithCandidate(t, owner, 'outbox-smtp', 'Lena Fischer');
    await smtp.waitFor(1);
    const outbox = (await owner.get('/api/outbox')).json<CompanyOutbox>();
    expect(outbox).toEqual({ hasMailServer: true, messages: [] });
    const [row] = (await owner.get(`/api/job/${a.jobId}/interview`)).json<InterviewListItem[]>();
    expect(row).toMatchObject({ emailSent: true, invitationQueued: false });
  });
});
