import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AiEngine } from '../../ai/engine';
import { createBuiltinEngine } from '../../ai/builtin';
import { interviews } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { makeInterview, makeJob } from '../../test/factories';
import { requestEvaluation, runEvaluation, transcriptEntries } from './evaluation.service';

const transcript = {
  transcript: [
    { speaker: 'AI', text: 'Hi Sam, tell me about a time you helped an upset customer.' },
    {
      speaker: 'Candidate',
      text: 'Last winter a customer called because her order was three days late for a birthday. I apologised, checked the tracking, and found it stuck at a depot. I called the depot, arranged a same-day courier and refunded the shipping. She received it that evening and later left us a five-star review.',
    },
  ],
};

let t: TestApp;
let calls = 0;
beforeAll(async () => {
  const builtin = createBuiltinEngine();
  // Counts evaluations, to show a duplicated job does the work once.
  const counting: AiEngine = {
    ...builtin,
    evaluate: async (input) => {
      calls++;
      return builtin.evaluate(input);
    },
  };
  t = await createTestApp({}, { ai: counting, queuePollSeconds: 0.5 });
});
afterAll(() => t.close());

const waitForStatus = async (id: number, status: string) => {
  for (let i = 0; i < 100; i++) {
    const [row] = await t.database.db.select().from(interviews).where(eq(interviews.id, id));
    if (row?.status === status) return row;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`interview ${id} never reached ${status}`);
};

describe('background evaluation', () => {
  it('moves an interview from evaluating to completed with scored feedback through the queue', async () => {
    const { job } = await makeJob(t.database.db);
    const interview = await makeInterview(t.database.db, job.id, { status: 'in_progress', transcript });
    await requestEvaluation({ db: t.database.db, queue: t.app.deps.queue }, interview.id);
    expect((await t.database.db.select().from(interviews).where(eq(interviews.id, interview.id)))[0]?.status).toBe('evaluating');
    const done = await waitForStatus(interview.id, 'completed');
    const feedback = done.feedback!;
    expect(feedback.engine).toBe('builtin');
    expect(feedback.promptVersion).toMatch(/^builtin-eval-/);
    expect(feedback.criteria.map((c) => c.name)).toEqual(['Customer service', 'Communication']);
    expect(feedback.overall).toBeGreaterThan(0);
    expect(done.completedAt).toBeInstanceOf(Date);
    for (const c of feedback.criteria) for (const e of c.evidence) expect(transcript.transcript[1]!.text).toContain(e.quote);
  });

  it('scores neither the practice answer nor an answer the candidate redid, only the new one (issue 32)', async () => {
    const { job } = await makeJob(t.database.db);
    const [question, answer] = transcript.transcript;
    const withPractice = {
      transcript: [
        { speaker: 'AI', text: 'Tell us what you had for breakfast.', practice: true },
        { speaker: 'Candidate', text: 'Porridge with blueberries and a strong coffee.', practice: true },
        question,
        { speaker: 'Candidate', text: 'I once told a customer to calm down and hung up on her.', replaced: true },
        { speaker: 'AI', text: 'Of course. Answer again whenever you are ready.', retake: true },
        { ...answer, retake: true },
      ],
    };
    const interview = await makeInterview(t.database.db, job.id, { status: 'evaluating', transcript: withPractice });
    const seen: string[] = [];
    const engine: AiEngine = {
      ...t.app.deps.ai,
      evaluate: async (input) => {
        seen.push(...input.transcript.map((e) => e.text));
        return t.app.deps.ai.evaluate(input);
      },
    };
    expect(await runEvaluation({ db: t.database.db, ai: engine, log: t.app.log, metrics: t.app.deps.metrics }, interview.id)).toBe('completed');
    expect(seen).toEqual([question!.text, answer!.text]);
    const [row] = await t.database.db.select().from(interviews).where(eq(interviews.id, interview.id));
    const feedback = row!.feedback!;
    for (const c of feedback.criteria) for (const e of c.evidence) expect(answer!.text).toContain(e.quote);
  });

  it('writes one result when the same job runs twice', async () => {
    const { job } = await makeJob(t.database.db);
    const interview = await makeInterview(t.database.db, job.id, { status: 'evaluating', transcript });
    const before = calls;
    const deps = { db: t.database.db, ai: t.app.deps.ai, log: t.app.log, metrics: t.app.deps.metrics };
    const evaluationsCounted = async () => {
      const series = 'hireloop_evaluations_total{kind="interview",engine="builtin",fallback="no"} ';
      const line = (await t.app.inject({ method: 'GET', url: '/metrics' })).body.split('\n').find((l) => l.startsWith(series));
      return line ? Number(line.slice(series.length)) : 0;
    };
    const countedBefore = await evaluationsCounted();
    const results = await Promise.all([runEvaluation(deps, interview.id), runEvaluation(deps, interview.id)]);
    expect(results.sort()).toEqual(['completed', 'skipped']);
    expect(await runEvaluation(deps, interview.id)).toBe('skipped');
    // The operator's metrics count the one result stored (decision 037).
    expect((await evaluationsCounted()) - countedBefore).toBe(1);
    const [row] = await t.database.db.select().from(interviews).where(eq(interviews.id, interview.id));
    expect(row?.status).toBe('completed');
    expect(calls - before).toBeLessThanOrEqual(2);
  });

  it('picks up interviews left evaluating when the app starts', async () => {
    const { job } = await makeJob(t.database.db);
    const interview = await makeInterview(t.database.db, job.id, { status: 'evaluating', transcript });
    const second = await createTestAppOnSameDatabase();
    try {
      await waitForStatus(interview.id, 'completed');
    } finally {
      await second.close();
    }
  });
});

describe('stored transcripts', () => {
  it('reads every shape the product stores', () => {
    expect(transcriptEntries({ transcript: [{ speaker: 'AI', text: 'Q' }] })).toEqual([{ speaker: 'AI', text: 'Q' }]);
    expect(transcriptEntries([{ AI_1: 'Q' }, { Candidate_1: 'A' }])).toEqual([
      { speaker: 'AI', text: 'Q' },
      { speaker: 'Candidate', text: 'A' },
    ]);
    expect(transcriptEntries('nonsense')).toEqual([]);
    expect(transcriptEntries(null)).toEqual([]);
  });
});

async function createTestAppOnSameDatabase() {
  const { buildApp } = await import('../../app');
  const app = await buildApp(t.config, { database: t.database, queuePollSeconds: 0.5 });
  await app.ready();
  return { close: () => app.close() };
}
