import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Job } from '../../../contracts/jobs';
import type { AiEngine } from '../../ai/engine';
import { createBuiltinEngine } from '../../ai/builtin';
import { createLlmEngine } from '../../ai/llm';
import { fastSettings, promptOf, scriptedModel, systemOf } from '../../ai/llm/testing';
import { Agent, createTestApp, type TestApp } from '../../test/app';
import { makeInterview } from '../../test/factories';
import { runEvaluation } from '../evaluation/evaluation.service';

// The self-identification is stored apart and read by the adverse-impact statistics only (decision
// 023): it never reaches an evaluation's input, the model's prompt, or a recruiter's screen.

/** Anything of the answers, their codes, their words or their field names. */
const SELF_ID = /female|native.?hawaiian|pacific.?islander|race.?ethnicity|self.?identif|"sex"/i;
const ANSWER = 'Last month two trucks arrived at once, so I split the team, unloaded the chilled goods first and we finished an hour early.';

let t: TestApp;
let owner: Agent;
let job: Job;
let interviewId: number;
/** Every argument the engine was called with, and every prompt the model was sent. */
const seenByAi: string[] = [];

/** An engine that writes down what it is given, around `inner`. */
function recording(inner: AiEngine): AiEngine {
  const seen = (...args: unknown[]) => void seenByAi.push(JSON.stringify(args));
  return {
    name: inner.name,
    model: inner.model,
    planInterview: (job) => (seen(job), inner.planInterview(job)),
    screeningQuestions: (input) => (seen(input), inner.screeningQuestions(input)),
    rewordQuestion: (input) => (seen(input), inner.rewordQuestion(input)),
    decideFollowUp: (input) => (seen(input), inner.decideFollowUp(input)),
    evaluate: (input) => (seen(input), inner.evaluate(input)),
    checkQuestions: (questions) => (seen(questions), inner.checkQuestions(questions)),
    checkText: (text) => (seen(text), inner.checkText(text)),
  };
}

beforeAll(async () => {
  t = await createTestApp();
  owner = new Agent(t.app);
  expect((await owner.register('privacy-owner', 'Privacy Foods')).statusCode).toBe(201);
  const res = await owner.post('/api/job', {
    title: 'Shift Supervisor',
    description: 'Runs the loading dock.',
    questions: ['Tell me about a busy shift.'],
    rubric: [{ name: 'Planning', description: 'Plans the work.', weight: 100 }],
  });
  job = res.json<Job>();
  // Handed in, waiting for evaluation; the candidate answers the questions on the completed page meanwhile.
  const row = await makeInterview(t.database.db, job.id, {
    status: 'evaluating',
    candidateName: 'Jordan Example',
    transcript: { transcript: [{ speaker: 'AI', text: 'Tell me about a busy shift.' }, { speaker: 'Candidate', text: ANSWER }] },
  });
  interviewId = row.id;
  const answered = await new Agent(t.app).request('POST', `/api/interview/${row.id}/self-identification`, { sex: 'female', raceEthnicity: 'native_hawaiian_pacific_islander' }, {
    'x-candidate-token': row.candidateToken,
  });
  expect(answered.statusCode).toBe(201);
});
afterAll(() => t.close());

describe('the self-identification is never part of an evaluation', () => {
  it("neither the engine's input nor the model's prompt holds it", async () => {
    const model = scriptedModel({ criteria: [{ name: 'Planning', score: 75, feedback: 'A clear, ordered plan with a result.', evidence: [] }], summary: 'Plans well under pressure.' });
    const llm = createLlmEngine({ ai: { provider: 'openai', apiKey: 'test-key' }, biasChecker: recording(createBuiltinEngine()), model, ...fastSettings });
    expect(await runEvaluation({ db: t.database.db, ai: recording(llm), log: t.app.log }, interviewId)).toBe('completed');
    const prompts = model.doGenerateCalls.map((call) => `${systemOf(call)}\n${promptOf(call)}`);
    seenByAi.push(...prompts);

    // What was captured is the real input: the answer was sent, and the model was asked.
    expect(prompts.length).toBeGreaterThan(0);
    expect(prompts.join('\n')).toContain(ANSWER);
    for (const seen of seenByAi) expect(seen).not.toMatch(SELF_ID);
  });
});

describe("the self-identification never appears in a recruiter's response", () => {
  it('not in the interview, its review, the job, its list, analytics, CSV, data requests or the access-request export', async () => {
    const urls = [
      `/api/interview/${interviewId}`,
      `/api/interview/${interviewId}/review`,
      `/api/interview/${interviewId}/recording/status`,
      `/api/job/${job.id}`,
      `/api/job/${job.id}/interview`,
      `/api/job/${job.id}/analytics`,
      `/api/job/${job.id}/agreement`,
      `/api/job/${job.id}/interviews.csv`,
      '/api/job',
      '/api/data-requests',
    ];
    for (const url of urls) {
      const res = await owner.get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).not.toMatch(SELF_ID);
    }
    // The interview is there to be seen: the check looks at a real, scored answer.
    expect((await owner.get(`/api/interview/${interviewId}`)).body).toContain('Jordan Example');

    const exported = await owner.get(`/api/interview/${interviewId}/export`);
    expect(exported.statusCode).toBe(200);
    const files = unzipSync(new Uint8Array(exported.rawPayload));
    expect(Object.keys(files)).toContain('interview.json');
    for (const [name, bytes] of Object.entries(files)) expect(strFromU8(bytes), name).not.toMatch(SELF_ID);
  });
});
