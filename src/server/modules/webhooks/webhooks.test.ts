import { eq } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Job } from '../../../contracts/jobs';
import type { CreatedWebhookEndpoint, WebhookDelivery, WebhookEndpoint, WebhookPayload } from '../../../contracts/webhooks';
import { auditLog, interviews, phoneCalls, phoneScreeningCandidates, phoneScreenings, users, webhookDeliveries } from '../../db/schema';
import { Agent, createTestApp, type TestApp } from '../../test/app';
import { makeInterview, makeMember } from '../../test/factories';
import { waitFor } from '../../test/wait';
import { requestEvaluation } from '../evaluation/evaluation.service';
import { runCallEvaluation } from '../phone-calls/calls.service';
import { startWebhookReceiver, type WebhookReceiver } from './receiver-test-kit';

// Signed webhooks (issue 17.3, docs/decisions/034-webhooks.md), end to end: owners register
// endpoints; events committed by the product are delivered by the worker to a real HTTP receiver on
// loopback, which verifies each signature with the Standard Webhooks library; failures are retried
// with backoff on the app's clock; the log lists it all and redelivers.

const env = {
  WEBHOOK_ALLOWED_NETWORKS: '127.0.0.0/8,::1/128',
  WEBHOOK_ALLOW_HTTP: 'true',
  WEBHOOK_TIMEOUT_SECONDS: '0.5',
  WEBHOOK_POLL_SECONDS: '0.05',
  WEBHOOK_MAX_ATTEMPTS: '3',
  APP_URL: 'https://hire.example.com',
};

/**
 * The app's clock runs with real time, moved forward by the tests (backoff is read from it). The
 * receiver's library refuses timestamps more than 5 minutes off, so the tests move it 3 minutes in all.
 */
let offsetMs = 0;
const clock = () => new Date(Date.now() + offsetMs);

const transcript = {
  transcript: [
    { speaker: 'AI', text: 'Tell me about a time you helped an upset customer.' },
    { speaker: 'Candidate', text: 'A customer called because her order was late. I found it at the depot, arranged a courier and refunded the shipping.' },
  ],
};

let t: TestApp;
let owner: Agent;
let recruiter: Agent;
let other: Agent;
let job: Job;
let otherJob: Job;
let receiver: WebhookReceiver;

beforeAll(async () => {
  t = await createTestApp(env, { clock });
  receiver = await startWebhookReceiver();
  owner = new Agent(t.app);
  expect((await owner.register('owner@hooks.example', 'Hooks Co')).statusCode).toBe(201);
  const [row] = await t.database.db.select().from(users).where(eq(users.username, 'owner@hooks.example'));
  const member = await makeMember(t.database.db, row!.companyId, 'recruiter');
  recruiter = new Agent(t.app);
  expect((await recruiter.post('/api/login', { username: member.username, password: member.password })).statusCode).toBe(200);
  job = (await owner.post('/api/job', { title: 'Line Cook', description: 'Cooks on the line.', questions: ['How do you keep your station clean?'] })).json<Job>();
  other = new Agent(t.app);
  expect((await other.register('owner@other.example', 'Other Co')).statusCode).toBe(201);
  otherJob = (await other.post('/api/job', { title: 'Courier', description: 'Delivers parcels.', questions: ['Why this job?'] })).json<Job>();
});
afterAll(async () => {
  await t.close();
  await receiver.close();
});

async function register(agent: Agent, events: string[], url = receiver.url): Promise<CreatedWebhookEndpoint> {
  const res = await agent.post('/api/webhooks', { url, description: 'ATS', events });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<CreatedWebhookEndpoint>();
}

/** The requests the receiver got for one event id. */
const requestsFor = (eventId: string) => receiver.requests.filter((r) => r.headers['webhook-id'] === eventId);

/** Verifies like a receiver would, with the Standard Webhooks library (not the product's signer). */
function verified(secret: string, request: { headers: Record<string, unknown>; body: string }): WebhookPayload {
  const headers = Object.fromEntries(['webhook-id', 'webhook-timestamp', 'webhook-signature'].map((h) => [h, String(request.headers[h])]));
  return new Webhook(secret).verify(request.body, headers) as WebhookPayload;
}

async function deliveriesOf(endpointId: number): Promise<WebhookDelivery[]> {
  const res = await owner.get(`/api/webhooks/${endpointId}/deliveries`);
  expect(res.statusCode).toBe(200);
  return res.json<WebhookDelivery[]>();
}

async function completeInterview(jobId: number, candidateName: string, email: string) {
  const interview = await makeInterview(t.database.db, jobId, { candidateName, email, status: 'in_progress', transcript });
  await requestEvaluation({ db: t.database.db, queue: t.app.deps.queue }, interview.id);
  await waitFor(`interview ${interview.id} scored`, async () => {
    const [row] = await t.database.db.select({ status: interviews.status }).from(interviews).where(eq(interviews.id, interview.id));
    return row?.status === 'completed' ? true : undefined;
  });
  return interview;
}

async function deleteEndpoint(agent: Agent, id: number) {
  expect((await agent.request('DELETE', `/api/webhooks/${id}`)).statusCode).toBe(204);
}

describe('endpoints', () => {
  it('are registered by an owner with a Standard Webhooks secret, revealed again, rolled, edited, disabled and deleted', async () => {
    const created = await register(owner, ['interview.reviewed', 'interview.completed']);
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(created.secret.slice(6), 'base64')).toHaveLength(32);
    // Events are kept in their canonical order, whatever order they were ticked in.
    expect(created.endpoint).toMatchObject({ url: receiver.url, description: 'ATS', events: ['interview.completed', 'interview.reviewed'], enabled: true, lastDelivery: null });
    const id = created.endpoint.id;

    const list = await owner.get('/api/webhooks');
    expect(list.json<WebhookEndpoint[]>().map((e) => e.id)).toContain(id);
    expect(list.body).not.toContain(created.secret);
    expect((await owner.get(`/api/webhooks/${id}/secret`)).json()).toEqual({ secret: created.secret });

    const rolled = (await owner.post(`/api/webhooks/${id}/secret/roll`)).json<{ secret: string }>();
    expect(rolled.secret).toMatch(/^whsec_/);
    expect(rolled.secret).not.toBe(created.secret);
    expect((await owner.get(`/api/webhooks/${id}/secret`)).json()).toEqual(rolled);

    const edited = await owner.request('PATCH', `/api/webhooks/${id}`, { events: ['screening.completed'], url: `${receiver.url}/v2`, enabled: false });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json<WebhookEndpoint>()).toMatchObject({ events: ['screening.completed'], url: `${receiver.url}/v2`, enabled: false });

    await deleteEndpoint(owner, id);
    expect((await owner.get(`/api/webhooks/${id}/secret`)).statusCode).toBe(404);
    expect((await owner.get('/api/webhooks')).json<WebhookEndpoint[]>().map((e) => e.id)).not.toContain(id);

    // Each change, and each time the secret was shown, is on the audit log.
    const entries = await t.database.db.select({ action: auditLog.action, details: auditLog.details }).from(auditLog).orderBy(auditLog.id);
    expect(entries.filter((e) => e.details?.endpointId === id).map((e) => e.action)).toEqual([
      'webhook_endpoint_added',
      'webhook_secret_revealed',
      'webhook_secret_rolled',
      'webhook_secret_revealed',
      'webhook_endpoint_changed',
      'webhook_endpoint_deleted',
    ]);
  });

  it('refuses bad input with a sentence, other companies\' endpoints with 404, and members who are not owners with 403', async () => {
    const noEvents = await owner.post('/api/webhooks', { url: receiver.url, events: [] });
    expect(noEvents.statusCode).toBe(400);
    expect(noEvents.json<{ error: string }>().error).toContain('Choose at least one event');
    const unknownEvent = await owner.post('/api/webhooks', { url: receiver.url, events: ['interview.started'] });
    expect(unknownEvent.statusCode).toBe(400);
    const ftp = await owner.post('/api/webhooks', { url: 'ftp://example.com/hooks', events: ['interview.completed'] });
    expect(ftp.statusCode).toBe(400);
    expect(ftp.json<{ error: string }>().error).toContain('starting with https://');
    const withPassword = await owner.post('/api/webhooks', { url: 'http://user:pw@127.0.0.1:9/hooks', events: ['interview.completed'] });
    expect(withPassword.statusCode).toBe(400);
    expect(withPassword.json<{ error: string }>().error).toContain('Remove the user name and password');
    const unknownHost = await owner.post('/api/webhooks', { url: 'https://no-such-host.invalid/hooks', events: ['interview.completed'] });
    expect(unknownHost.statusCode).toBe(400);
    expect(unknownHost.json<{ error: string }>().error).toBe('The host no-such-host.invalid could not be found');

    const mine = await register(owner, ['interview.completed']);
    for (const [method, url] of [
      ['GET', `/api/webhooks/${mine.endpoint.id}/secret`],
      ['GET', `/api/webhooks/${mine.endpoint.id}/deliveries`],
      ['DELETE', `/api/webhooks/${mine.endpoint.id}`],
    ] as const) {
      expect((await other.request(method, url)).statusCode, `${method} ${url}`).toBe(404);
    }
    const asRecruiter = await recruiter.get(`/api/webhooks/${mine.endpoint.id}/secret`);
    expect(asRecruiter.statusCode).toBe(403);
    expect(asRecruiter.json<{ error: string }>().error).toMatch(/You are a recruiter in this company/);
    await deleteEndpoint(owner, mine.endpoint.id);
  });
});

describe('delivery', () => {
  it('sends interview.completed once, signed, with the Standard Webhooks headers and the event\'s data', async () => {
    const { endpoint, secret } = await register(owner, ['interview.completed']);
    const interview = await completeInterview(job.id, 'Grace Hopper', 'grace@example.com');
    const [row] = await waitFor('the delivery to succeed', async () => {
      const rows = await t.database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpoint.id));
      return rows[0]?.status === 'succeeded' ? rows : undefined;
    });
    expect(row).toMatchObject({ event: 'interview.completed', attempts: 1, responseStatus: 200, error: null });
    expect(row!.deliveredAt).not.toBeNull();

    const received = requestsFor(row!.eventId);
    expect(received).toHaveLength(1);
    const request = received[0]!;
    expect(request.headers['user-agent']).toBe('Hireloop-Webhooks/1');
    expect(request.headers['content-type']).toBe('application/json');
    expect(request.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    expect(Math.abs(Number(request.headers['webhook-timestamp']) - Date.now() / 1000)).toBeLessThan(120);
    const payload = verified(secret, request);
    expect(payload).toMatchObject({ id: row!.eventId, type: 'interview.completed' });
    expect(payload.data).toMatchObject({
      interviewId: interview.id,
      jobId: job.id,
      jobTitle: 'Line Cook',
      candidate: { name: 'Grace Hopper', email: 'grace@example.com' },
      insufficientEvidence: expect.any(Boolean),
      reportUrl: `https://hire.example.com/interview/${interview.id}`,
    });
    expect(typeof payload.data.completedAt).toBe('string');
    // Signed with another secret, the receiver would refuse it.
    expect(() => verified(`whsec_${Buffer.alloc(32, 1).toString('base64')}`, request)).toThrow();

    // Nothing more is sent for it: the log shows the one delivery, succeeded.
    const log = await deliveriesOf(endpoint.id);
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ event: 'interview.completed', eventId: row!.eventId, status: 'succeeded', attempts: 1, responseStatus: 200, isTest: false, nextAttemptAt: null });
    expect((await owner.get('/api/webhooks')).json<WebhookEndpoint[]>().find((e) => e.id === endpoint.id)?.lastDelivery?.status).toBe('succeeded');
    await deleteEndpoint(owner, endpoint.id);
  });

  it('retries after 500s with a doubling backoff on the app\'s clock, the same webhook-id each time, then succeeds', async () => {
    const { endpoint, secret } = await register(owner, ['interview.completed']);
    let failures = 2;
    receiver.answer = (r) => (r.path.endsWith('/hooks') && failures-- > 0 ? 500 : 200);
    try {
      const test = await owner.post(`/api/webhooks/${endpoint.id}/test`);
      expect(test.statusCode).toBe(201);
      const eventId = test.json<WebhookDelivery>().eventId;

      const afterFirst = await waitFor('the first attempt', async () => {
        const [d] = await deliveriesOf(endpoint.id);
        return d?.attempts === 1 && d.responseStatus === 500 ? d : undefined;
      });
      expect(afterFirst).toMatchObject({ status: 'pending', responseStatus: 500, error: 'The endpoint answered 500' });
      // The next attempt is due 30 s after the first (the default first delay), not before.
      expect(Date.parse(afterFirst.nextAttemptAt!) - Date.parse(afterFirst.lastAttemptAt!)).toBeGreaterThanOrEqual(29_000);
      expect(Date.parse(afterFirst.nextAttemptAt!) - Date.parse(afterFirst.lastAttemptAt!)).toBeLessThanOrEqual(31_000);
      expect(requestsFor(eventId)).toHaveLength(1);

      offsetMs += 30_000;
      const afterSecond = await waitFor('the second attempt', async () => {
        const [d] = await deliveriesOf(endpoint.id);
        return d?.attempts === 2 && d.responseStatus === 500 ? d : undefined;
      });
      // Then 60 s: the delay doubles.
      expect(Date.parse(afterSecond.nextAttemptAt!) - Date.parse(afterSecond.lastAttemptAt!)).toBeGreaterThanOrEqual(59_000);

      offsetMs += 60_000;
      const done = await waitFor('the third attempt', async () => {
        const [d] = await deliveriesOf(endpoint.id);
        return d?.status === 'succeeded' ? d : undefined;
      });
      expect(done).toMatchObject({ attempts: 3, responseStatus: 200, error: null });
      const received = requestsFor(eventId);
      expect(received).toHaveLength(3);
      for (const r of received) expect(verified(secret, r)).toMatchObject({ id: eventId, test: true, type: 'interview.completed' });
    } finally {
      receiver.answer = () => 200;
      await deleteEndpoint(owner, endpoint.id);
    }
  });

  it('counts an endpoint that never answers as a timeout and retries it; after the last attempt the delivery has failed', async () => {
    const hanging = await startWebhookReceiver();
    hanging.answer = () => 'hang';
    const { endpoint } = await register(owner, ['interview.completed'], hanging.url);
    try {
      const { eventId } = (await owner.post(`/api/webhooks/${endpoint.id}/test`)).json<WebhookDelivery>();
      const first = await waitFor('the first attempt to time out', async () => {
        const [d] = await deliveriesOf(endpoint.id);
        return d?.error ? d : undefined;
      });
      expect(first).toMatchObject({ status: 'pending', attempts: 1, responseStatus: null, error: 'No answer within 0.5 seconds' });
      offsetMs += 30_000;
      const second = await waitFor('the second attempt to time out', async () => {
        const [d] = await deliveriesOf(endpoint.id);
        return d?.attempts === 2 && d.error ? d : undefined;
      });
      expect(second).toMatchObject({ status: 'pending', error: 'No answer within 0.5 seconds' });
      expect(hanging.requests.filter((r) => r.headers['webhook-id'] === eventId)).toHaveLength(2);

      // Three attempts in all here (WEBHOOK_MAX_ATTEMPTS): the third, 60 s later, is the last.
      offsetMs += 60_000;
      const failed = await waitFor('the last attempt', async () => {
        const [d] = await deliveriesOf(endpoint.id);
        return d?.status === 'failed' ? d : undefined;
      });
      expect(failed).toMatchObject({ attempts: 3, error: 'No answer within 0.5 seconds', nextAttemptAt: null });
    } finally {
      await deleteEndpoint(owner, endpoint.id);
      await hanging.close();
    }
  });

  it('counts a redirect as a failure and says so (redirects are not followed)', async () => {
    receiver.answer = () => ({ status: 302, location: 'http://127.0.0.1:9/elsewhere' });
    const { endpoint } = await register(owner, ['interview.completed']);
    try {
      await owner.post(`/api/webhooks/${endpoint.id}/test`);
      const d = await waitFor('the attempt', async () => (await deliveriesOf(endpoint.id)).find((x) => x.attempts === 1 && x.error));
      expect(d).toMatchObject({ status: 'pending', responseStatus: 302 });
      expect(d.error).toContain('redirects are not followed');
    } finally {
      receiver.answer = () => 200;
      await deleteEndpoint(owner, endpoint.id);
    }
  });

  it('redelivers an event as a new delivery with the same event id, newest first in the log', async () => {
    const { endpoint, secret } = await register(owner, ['interview.completed']);
    const { eventId } = (await owner.post(`/api/webhooks/${endpoint.id}/test`)).json<WebhookDelivery>();
    const first = await waitFor('the first delivery', async () => (await deliveriesOf(endpoint.id)).find((d) => d.status === 'succeeded'));
    const again = await owner.post(`/api/webhooks/deliveries/${first.id}/redeliver`);
    expect(again.statusCode).toBe(201);
    expect(again.json<WebhookDelivery>()).toMatchObject({ eventId, status: 'pending', attempts: 0 });
    await waitFor('the redelivery', async () => (requestsFor(eventId).length === 2 ? true : undefined));
    const [a, b] = requestsFor(eventId);
    expect(a!.body).toBe(b!.body);
    expect(verified(secret, b!)).toMatchObject({ id: eventId });
    const log = await waitFor('both succeeded', async () => {
      const l = await deliveriesOf(endpoint.id);
      return l.every((d) => d.status === 'succeeded') ? l : undefined;
    });
    expect(log.map((d) => [d.id, d.eventId])).toEqual([
      [again.json<WebhookDelivery>().id, eventId],
      [first.id, eventId],
    ]);
    expect((await other.post(`/api/webhooks/deliveries/${first.id}/redeliver`)).statusCode).toBe(404);
    // A disabled endpoint is not sent to: redelivering is refused with the reason.
    await owner.request('PATCH', `/api/webhooks/${endpoint.id}`, { enabled: false });
    const refused = await owner.post(`/api/webhooks/deliveries/${first.id}/redeliver`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ error: string }>().error).toBe('This endpoint is disabled: enable it before redelivering');
    await deleteEndpoint(owner, endpoint.id);
  });
});

describe('which events go where', () => {
  it('writes nothing for an event no endpoint subscribes to, and never sends a company another company\'s events', async () => {
    const mine = await register(owner, ['screening.completed']);
    const theirs = await register(other, ['interview.completed']);
    const before = receiver.requests.length;
    await completeInterview(job.id, 'Ada Lovelace', 'ada@example.com');
    await completeInterview(otherJob.id, 'Alan Turing', 'alan@example.com');
    const [delivered] = await waitFor('the other company\'s delivery', async () => {
      const rows = await t.database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, theirs.endpoint.id));
      return rows[0]?.status === 'succeeded' ? rows : undefined;
    });
    expect(await t.database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, mine.endpoint.id))).toEqual([]);
    const sent = receiver.requests.slice(before);
    expect(sent).toHaveLength(1);
    expect(verified(theirs.secret, sent[0]!).data).toMatchObject({ jobId: otherJob.id, candidate: { name: 'Alan Turing' } });
    expect(delivered).toMatchObject({ event: 'interview.completed', attempts: 1 });
    await deleteEndpoint(owner, mine.endpoint.id);
    await deleteEndpoint(other, theirs.endpoint.id);
  });

  it('sends interview.reviewed for a decision and candidate.deleted with ids only', async () => {
    const { endpoint, secret } = await register(owner, ['interview.reviewed', 'candidate.deleted']);
    const interview = await completeInterview(job.id, 'Katherine Johnson', 'katherine@example.com');
    const review = await recruiter.post(`/api/interview/${interview.id}/review`, { decision: 'advance', note: 'Strong answers.' });
    expect(review.statusCode, review.body).toBe(200);
    const reviewed = await waitFor('interview.reviewed', async () => receiver.requests.find((r) => r.body.includes('"interview.reviewed"') && r.body.includes(`"interviewId":${interview.id}`)));
    const reviewedPayload = verified(secret, reviewed);
    expect(reviewedPayload.data).toMatchObject({ interviewId: interview.id, jobId: job.id, decision: 'advance', reviewer: { username: expect.stringMatching(/^recruiter-/) } });

    const erased = await recruiter.post(`/api/interview/${interview.id}/delete-data`, { reason: 'withdrawn' });
    expect(erased.statusCode, erased.body).toBe(200);
    const deleted = await waitFor('candidate.deleted', async () => receiver.requests.find((r) => r.body.includes('"candidate.deleted"') && r.body.includes(`"interviewId":${interview.id}`)));
    expect(verified(secret, deleted).data).toEqual({
      kind: 'interview',
      interviewId: interview.id,
      jobId: job.id,
      candidateId: null,
      screeningId: null,
      reason: 'withdrawn',
      deletedBy: 'member',
      deletedAt: expect.any(String),
    });
    expect(deleted.body).not.toContain('Katherine');
    expect(deleted.body).not.toContain('katherine@example.com');
    // The interview.completed event was not subscribed: no delivery of it.
    expect((await deliveriesOf(endpoint.id)).map((d) => d.event).sort()).toEqual(['candidate.deleted', 'interview.reviewed']);
    await deleteEndpoint(owner, endpoint.id);
  });

  it('sends screening.completed once for a scored call, and candidate.deleted for a phone candidate with ids only', async () => {
    const { endpoint, secret } = await register(owner, ['screening.completed', 'candidate.deleted']);
    const { db } = t.database;
    const [me] = await db.select().from(users).where(eq(users.username, 'owner@hooks.example'));
    const [screening] = await db.insert(phoneScreenings).values({ companyId: me!.companyId, userId: me!.id, jobTitle: 'Dispatcher', questions: ['Why dispatch?'] }).returning();
    const [candidate] = await db
      .insert(phoneScreeningCandidates)
      .values({ screeningId: screening!.id, candidateName: 'Mary Jackson', countryCode: '+1', phoneNumber: '5550100', email: 'mary@example.com', interviewTime: new Date(), timeZone: 'UTC-05:00', zone: 'America/New_York', status: 'evaluating' })
      .returning();
    const [call] = await db
      .insert(phoneCalls)
      .values({
        candidateId: candidate!.id,
        attempt: 1,
        provider: 'simulator',
        status: 'completed',
        conversation: { phase: 'ended', questionIndex: 1, retries: 0, ending: 'finished' },
        transcript: [
          { speaker: 'AI', text: 'Why dispatch?' },
          { speaker: 'Candidate', text: 'I like keeping many moving parts in order.' },
        ],
      })
      .returning();
    // A duplicated scoring job completes it once: one event.
    expect((await Promise.all([runCallEvaluation(t.app.deps.calls, call!.id), runCallEvaluation(t.app.deps.calls, call!.id)])).sort()).toEqual(['completed', 'skipped']);
    const completed = await waitFor('screening.completed', async () => receiver.requests.find((r) => r.body.includes('"screening.completed"') && r.body.includes(`"candidateId":${candidate!.id}`)));
    expect(verified(secret, completed).data).toMatchObject({
      screeningId: screening!.id,
      candidateId: candidate!.id,
      candidate: { name: 'Mary Jackson', phone: '+15550100', email: 'mary@example.com' },
      resultUrl: `https://hire.example.com/phone-screening/${screening!.id}/candidates/${candidate!.id}`,
    });

    const erased = await owner.post(`/api/phone-screening/candidates/${candidate!.id}/delete-data`, { reason: 'candidate_request' });
    expect(erased.statusCode, erased.body).toBe(200);
    const deleted = await waitFor('candidate.deleted', async () => receiver.requests.find((r) => r.body.includes('"candidate.deleted"') && r.body.includes(`"candidateId":${candidate!.id}`)));
    expect(verified(secret, deleted).data).toMatchObject({ kind: 'phone_candidate', candidateId: candidate!.id, screeningId: screening!.id, interviewId: null, reason: 'candidate_request', deletedBy: 'member' });
    expect(deleted.body).not.toContain('Mary');
    const events = (await deliveriesOf(endpoint.id)).map((d) => d.event).sort();
    expect(events).toEqual(['candidate.deleted', 'screening.completed']);
    await deleteEndpoint(owner, endpoint.id);
  });
});
