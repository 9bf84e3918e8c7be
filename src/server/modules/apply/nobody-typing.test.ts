import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ApplyPageState, ApplyResult, PublicApplyPage } from '../../../contracts/apply';
import type { Job } from '../../../contracts/jobs';
import type { CreatedWebhookEndpoint, WebhookPayload } from '../../../contracts/webhooks';
import { interviews } from '../../db/schema';
import { Agent, createTestApp, nextAddress, type TestApp } from '../../test/app';
import { multipart } from '../../test/multipart';
import { waitFor } from '../../test/wait';
import { startWebhookReceiver, type WebhookReceiver } from '../webhooks/receiver-test-kit';

// Issue 17's "done when", through the public HTTP API only: a candidate applies on the public page,
// takes the interview their link opens, and the company's system receives the signed
// candidate.applied and interview.completed events. Nobody at the company types anything after
// switching the page on and registering the endpoint.

let t: TestApp;
let receiver: WebhookReceiver;
/** The app's clock runs with real time, moved past the apply form's minimum time. */
let offsetMs = 0;

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  t = await createTestApp(
    { APP_URL: 'https://hire.example.com', WEBHOOK_ALLOWED_NETWORKS: '127.0.0.0/8,::1/128', WEBHOOK_ALLOW_HTTP: 'true', WEBHOOK_POLL_SECONDS: '0.05' },
    { clock: () => new Date(Date.now() + offsetMs) },
  );
});
afterAll(async () => {
  await t.close();
  await receiver.close();
});

const transcript = [
  { speaker: 'AI', text: 'How do you keep count when it gets busy?', startMs: 0 },
  { speaker: 'Candidate', text: 'I scan every tote at the pack station and recount the pallet against the pick list before it leaves; last peak I caught 14 short picks that way.', startMs: 3000 },
];

function verified(secret: string, request: { headers: Record<string, unknown>; body: string }): WebhookPayload {
  const headers = Object.fromEntries(['webhook-id', 'webhook-timestamp', 'webhook-signature'].map((h) => [h, String(request.headers[h])]));
  return new Webhook(secret).verify(request.body, headers) as WebhookPayload;
}

it('takes an applicant from the public page through the interview to a signed result at the company’s endpoint', async () => {
  // The company, once: a job, its application page switched on, an endpoint for the two events.
  const owner = new Agent(t.app);
  expect((await owner.register('owner@harbor.example', 'Harbor Freight Co')).statusCode).toBe(201);
  const job = (await owner.post('/api/job', { title: 'Warehouse Associate', description: 'Pick, pack and ship orders.', questions: ['How do you keep count when it gets busy?'] })).json<Job>();
  const page = (await owner.request('PUT', `/api/job/${job.id}/apply-page`, { enabled: true })).json<ApplyPageState>();
  const hook = await owner.post('/api/webhooks', { url: receiver.url, description: 'ATS', events: ['candidate.applied', 'interview.completed'] });
  expect(hook.statusCode, hook.body).toBe(201);
  const { secret } = hook.json<CreatedWebhookEndpoint>();

  // The candidate applies, as the page's form sends it.
  const address = nextAddress();
  const form = (await t.app.inject({ method: 'GET', url: `/api/apply/${page.slug}`, remoteAddress: address })).json<PublicApplyPage>();
  offsetMs += 10_000;
  const fields = { candidateName: 'Dana Whitfield', email: 'dana@example.com', consent: 'true', coverNote: '', website: '', noticeVersion: form.notice.version, formToken: form.formToken };
  const applied = await t.app.inject({ method: 'POST', url: `/api/apply/${page.slug}`, remoteAddress: address, ...multipart(Object.entries(fields).map(([name, value]) => ({ name, value }))) });
  expect(applied.statusCode, applied.body).toBe(201);
  const result = applied.json<ApplyResult>();
  if (result.outcome !== 'interview') throw new Error(`expected an interview link, got ${result.outcome}`);
  const link = new URL(result.interviewUrl);
  const interviewId = Number(link.pathname.split('/').pop());
  const token = link.searchParams.get('token')!;
  const [row] = await t.database.db.select({ source: interviews.source, email: interviews.email }).from(interviews).where(eq(interviews.id, interviewId));
  expect(row).toEqual({ source: 'apply', email: 'dana@example.com' });

  // The candidate takes the interview with the link: start, record, submit.
  const asCandidate = { 'x-candidate-token': token };
  expect((await t.app.inject({ method: 'POST', url: `/api/interview/${interviewId}/start`, headers: asCandidate })).statusCode).toBe(200);
  const recording = Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), randomBytes(20_000)]);
  const upload = await t.app.inject({
    method: 'POST',
    url: '/api/uploads',
    headers: {
      ...asCandidate,
      'tus-resumable': '1.0.0',
      'upload-length': String(recording.length),
      'upload-metadata': `interviewId ${Buffer.from(String(interviewId)).toString('base64')},segment ${Buffer.from('0').toString('base64')}`,
    },
  });
  expect(upload.statusCode).toBe(201);
  const location = String(upload.headers.location);
  const sent = await t.app.inject({
    method: 'PATCH',
    url: location,
    headers: { ...asCandidate, 'tus-resumable': '1.0.0', 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
    payload: recording,
  });
  expect(sent.statusCode).toBe(204);
  const done = await t.app.inject({ method: 'POST', url: `/api/interview/${interviewId}/complete`, headers: asCandidate, payload: { uploadIds: [location.split('/').pop()], transcript } });
  expect(done.statusCode, done.body).toBe(200);

  // The company's system receives both events, signed; the result carries the score and the report.
  const completed = await waitFor('interview.completed at the endpoint', async () => receiver.requests.find((r) => r.body.includes('"interview.completed"')));
  const appliedEvent = receiver.requests.find((r) => r.body.includes('"candidate.applied"'));
  expect(appliedEvent).toBeDefined();
  expect(verified(secret, appliedEvent!)).toMatchObject({ type: 'candidate.applied', data: expect.objectContaining({ interviewId, email: 'dana@example.com' }) });
  const payload = verified(secret, completed);
  expect(payload).toMatchObject({ type: 'interview.completed', data: { interviewId, jobId: job.id, candidate: { name: 'Dana Whitfield', email: 'dana@example.com' } } });
  expect(payload.data).toMatchObject({ overallScore: expect.any(Number), reportUrl: expect.stringMatching(/^https:\/\/hire\.example\.com\//) });
});
