import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACKNOWLEDGEMENTS, TRANSITIONS } from '../../ai/builtin/conversation';
import { interviews } from '../../db/schema';
import { Agent, createTestApp, type TestApp } from '../../test/app';
import { makeInterview, makeJob } from '../../test/factories';

let t: TestApp;
let token: string;
let usedToken: string;
beforeAll(async () => {
  t = await createTestApp();
  const { job } = await makeJob(t.database.db);
  token = (await makeInterview(t.database.db, job.id, { status: 'in_progress' })).candidateToken;
  usedToken = (await makeInterview(t.database.db, job.id, { status: 'completed' })).candidateToken;
});
afterAll(() => t.close());

describe('POST /api/tts', () => {
  it('answers 404 with a clear message when no speech provider is configured, so the browser speaks', async () => {
    const res = await t.app.inject({ method: 'POST', url: `/api/tts?token=${token}`, payload: { text: 'Hello there' } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'Text to speech is not configured on this server', code: 'NOT_FOUND' });
  });

  it('is only for a live candidate link or a signed-in user', async () => {
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/tts', payload: { text: 'Hello' } });
    expect(anonymous.statusCode).toBe(401);
    const wrong = await t.app.inject({ method: 'POST', url: '/api/tts', headers: { 'x-candidate-token': 'not-a-token' }, payload: { text: 'Hello' } });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json<{ error: string }>().error).toBe('This interview link is invalid or has expired');
    const finished = await t.app.inject({ method: 'POST', url: `/api/tts?token=${usedToken}`, payload: { text: 'Hello' } });
    expect(finished.statusCode).toBe(409);
    expect(finished.json<{ error: string }>().error).toBe('This interview has already been submitted');
    const recruiter = new Agent(t.app);
    await recruiter.register('tts-recruiter');
    expect((await recruiter.post('/api/tts', { text: 'Preview' })).statusCode).toBe(404);
  });

  it('rejects empty text', async () => {
    const res = await t.app.inject({ method: 'POST', url: `/api/tts?token=${token}`, payload: { text: '   ' } });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ error: string }>().error).toMatch(/^text: /);
  });
});

describe('POST /api/tts with OpenAI speech', () => {
  let server: Server;
  let spoken: { model?: string; input?: string } = {};
  let speechApp: TestApp;
  beforeAll(async () => {
    // Speaks the OpenAI audio API's wire format on loopback.
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        if (req.url !== '/v1/audio/speech') {
          res.writeHead(404).end();
          return;
        }
        spoken = JSON.parse(body) as typeof spoken;
        res.writeHead(200, { 'content-type': 'audio/mpeg' }).end(Buffer.from([0xff, 0xfb, 0x90, 0x44, 1, 2, 3]));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    speechApp = await createTestApp({ TTS_PROVIDER: 'openai', AI_API_KEY: 'test-key', AI_BASE_URL: `http://127.0.0.1:${port}/v1` });
  });
  afterAll(async () => {
    await speechApp.close();
    await new Promise((r) => server.close(r));
  });

  it('returns the provider audio', async () => {
    const agent = new Agent(speechApp.app);
    await agent.register('speaker');
    const res = await agent.post('/api/tts', { text: 'Welcome to your interview.' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('audio/mpeg');
    expect([...res.rawPayload]).toEqual([0xff, 0xfb, 0x90, 0x44, 1, 2, 3]);
    expect(spoken).toMatchObject({ model: 'tts-1', input: 'Welcome to your interview.' });
  });
});

describe('POST /api/tts/contextual', () => {
  it('bridges from the previous answer and keeps the candidate_name placeholder', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/tts/contextual',
      headers: { 'x-candidate-token': token },
      payload: { previousResponse: 'I rebuilt our onboarding checklist and cut training time from two weeks to five days.', nextQuestion: 'What motivates you at work, candidate_name?' },
    });
    expect(res.statusCode).toBe(200);
    const { response } = res.json<{ response: string }>();
    expect(response).toContain('candidate_name');
    expect(response.toLowerCase()).toContain('what motivates you at work, candidate_name?');
    expect(response.length).toBeGreaterThan('What motivates you at work, candidate_name?'.length);
  });

  it("says no acknowledgement or transition that the interview's saved transcript already has", async () => {
    const iv = await makeInterview(t.database.db, (await makeJob(t.database.db)).job.id, { status: 'in_progress' });
    const payload = { previousResponse: 'I rebuilt our onboarding checklist and cut training time from two weeks to five days.', nextQuestion: 'What motivates you at work?' };
    const bridge = async () => (await t.app.inject({ method: 'POST', url: '/api/tts/contextual', headers: { 'x-candidate-token': iv.candidateToken }, payload })).json<{ response: string }>().response;
    const first = await bridge();
    const [ack, transition] = [Object.values(ACKNOWLEDGEMENTS).flat().find((a) => first.startsWith(`${a} `))!, TRANSITIONS.find((tr) => first.includes(` ${tr} `))!];
    expect(first).toBe(`${ack} ${transition} What motivates you at work?`);
    await t.database.db
      .update(interviews)
      .set({ transcript: { transcript: [{ speaker: 'AI', text: 'Tell me about your last job.', startMs: 0 }, { speaker: 'Candidate', text: payload.previousResponse, startMs: 1 }, { speaker: 'AI', text: first, startMs: 2 }] } })
      .where(eq(interviews.id, iv.id));
    const second = await bridge();
    expect(second).toMatch(/ What motivates you at work\?$/);
    expect(second.startsWith(ack)).toBe(false);
    expect(second).not.toContain(transition);
  });

  it('validates its input and needs a candidate link', async () => {
    const bad = await t.app.inject({ method: 'POST', url: `/api/tts/contextual?token=${token}`, payload: { previousResponse: 'x' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ error: string }>().error).toBe('nextQuestion: Required');
    const anon = await t.app.inject({ method: 'POST', url: '/api/tts/contextual', payload: { previousResponse: 'x', nextQuestion: 'Why?' } });
    expect(anon.statusCode).toBe(401);
  });
});
