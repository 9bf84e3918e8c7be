import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreatedInterview } from '../../contracts/interviews';
import type { Job } from '../../contracts/jobs';
import { interviews } from '../db/schema';
import { Agent, createTestApp, type TestApp } from '../test/app';

/** Speaks LiveKit's room service wire format (Twirp over HTTP JSON) on loopback. */
let server: Server;
let url = '';
let fail = false;
const created: { name?: string; auth?: string }[] = [];
beforeAll(async () => {
  server = createServer((req: IncomingMessage, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      if (fail || req.url !== '/twirp/livekit.RoomService/CreateRoom') {
        res.writeHead(500, { 'content-type': 'application/json' }).end('{"code":"internal","msg":"boom"}');
        return;
      }
      const { name } = JSON.parse(body) as { name: string };
      created.push({ name, auth: req.headers.authorization });
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ sid: 'RM_test', name, emptyTimeout: 3600, maxParticipants: 3, creationTime: '0' }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `ws://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((r) => server.close(r)));

const decode = (jwt: string) => JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString()) as { sub: string; video: { room: string; roomJoin: boolean } };

describe('interview rooms on LiveKit', () => {
  let t: TestApp;
  let agent: Agent;
  let job: Job;
  beforeAll(async () => {
    t = await createTestApp({ LIVEKIT_URL: url, LIVEKIT_API_KEY: 'devkey', LIVEKIT_API_SECRET: 'a-secret-that-is-long-enough-for-hs256' });
    agent = new Agent(t.app);
    await agent.register('livekit-user');
    job = (await agent.post('/api/job', { title: 'Barista', description: 'Coffee.' })).json<Job>();
  });
  afterAll(() => t.close());

  it('creates a real room and signs a token for the AI participant', async () => {
    const res = await agent.post(`/api/job/${job.id}/interview`, { candidateName: 'Ali', email: 'ali@example.com' });
    const interview = res.json<CreatedInterview>();
    expect(interview.roomName).toMatch(/^interview-\d+-/);
    expect(interview.roomUrl).toBe(url);
    expect(created.at(-1)?.name).toBe(interview.roomName);
    expect(created.at(-1)?.auth).toMatch(/^Bearer /);
    const [row] = await t.database.db.select().from(interviews).where(eq(interviews.id, interview.id));
    expect(decode(row!.aiToken!)).toMatchObject({ sub: 'ai-interviewer', video: { room: interview.roomName, roomJoin: true } });
  });

  it('keeps the interview when the room service fails, without a room, so the recruiter is warned', async () => {
    fail = true;
    try {
      const res = await agent.post(`/api/job/${job.id}/interview`, { candidateName: 'Bo', email: 'bo@example.com' });
      expect(res.statusCode).toBe(201);
      expect(res.json<CreatedInterview>()).toMatchObject({ candidateName: 'Bo', roomName: null, roomUrl: null });
    } finally {
      fail = false;
    }
  });
});
