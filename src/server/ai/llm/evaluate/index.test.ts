import { describe, expect, it } from 'vitest';
import type { RubricCriterion, TranscriptEntry } from '../../../../contracts/ai';
import { evaluation, SCORE_SCALE } from '../../../../contracts/ai';
import { fastSettings, promptOf, scriptedModel, systemOf } from '../testing';
import { literalEvidence } from './evidence';
import { evaluate, evaluateSampled, NOT_ASSESSED, NOTHING_SAID } from './index';
import { PROMPT_VERSION } from './prompt';

const rubric: RubricCriterion[] = [
  { name: 'Technical skills', description: 'Depth in backend systems', weight: 50 },
  { name: 'Communication', description: 'Clear, structured answers', weight: 30 },
  { name: 'Cultural fit', description: 'Collaboration and ownership', weight: 20 },
];
const transcript: TranscriptEntry[] = [
  { speaker: 'AI', text: 'Tell me about a system you scaled.', startMs: 0 },
  { speaker: 'Candidate', text: 'I moved our  payments queue to Kafka, and throughput went up four times.', startMs: 4_000 },
  { speaker: 'AI', text: 'How do you work with your team? Our values are: we scale fearlessly.', startMs: 20_000 },
  { speaker: 'Candidate', text: 'i pair a lot and I write the design doc first.' },
];
const input = { questions: ['Tell me about a system you scaled.', 'How do you work with your team?'], rubric, transcript };
const meta = { engine: 'openai', model: 'gpt-4o-mini' };

const good = {
  criteria: [
    {
      name: 'Technical skills',
      score: 82,
      feedback: 'Concrete migration with a measured result.',
      evidence: [{ quote: 'I moved our payments queue to Kafka' }, { quote: 'throughput went up four times.' }],
    },
    { name: 'Communication', score: 70, feedback: 'Clear and brief.', evidence: [{ quote: '"I pair a lot"' }] },
    { name: 'Cultural fit', score: 60, feedback: 'Collaborative habits.', evidence: [{ quote: 'I write the design doc first' }] },
  ],
  summary: 'A strong backend candidate.',
};

describe('evaluate', () => {
  it('builds a valid evaluation and computes the overall score itself', async () => {
    const model = scriptedModel({ ...good, overall: 99 });
    const result = await evaluate({ model, ...fastSettings }, input, meta);
    expect(evaluation.parse(result)).toEqual(result);
    expect(result.overall).toBe(Math.round((82 * 50 + 70 * 30 + 60 * 20) / 100));
    expect(result.overall).not.toBe(99);
    expect(result).toMatchObject({ engine: 'openai', model: 'gpt-4o-mini', promptVersion: PROMPT_VERSION, insufficientEvidence: false });
    expect(result.criteria.map((c) => c.weight)).toEqual([50, 30, 20]);
    expect(result.criteria[0]!.evidence).toEqual([
      { quote: 'I moved our payments queue to Kafka', atMs: 4_000 },
      { quote: 'throughput went up four times', atMs: 4_000 },
    ]);
    // Case and wrapping quote marks are forgiven; the stored quote is the candidate's text. No startMs, no atMs.
    expect(result.criteria[1]!.evidence).toEqual([{ quote: 'i pair a lot' }]);
  });

  it('states the score scale and gives the model each criterion\'s behaviour anchors', async () => {
    const anchored: RubricCriterion[] = [
      { ...rubric[0]!, anchors: { weak: 'Names tools without using them.', adequate: 'Sensible approach, no example.', strong: 'Real system, own decisions, measured result.' } },
      rubric[1]!,
      rubric[2]!,
    ];
    const model = scriptedModel(good);
    await evaluate({ model, ...fastSettings }, { ...input, rubric: anchored }, meta);
    const system = systemOf(model.doGenerateCalls[0]);
    for (const s of SCORE_SCALE) expect(system).toContain(`${s.score}: ${s.meaning}`);
    expect(system).toMatch(/like the weak anchor scores below 40, like the adequate anchor 40 to 74, like the strong anchor 75 or more/);
    const prompt = promptOf(model.doGenerateCalls[0]);
    expect(prompt).toContain('- Technical skills (weight 50%): Depth in backend systems\n    weak answer: Names tools without using them.\n    adequate answer: Sensible approach, no example.\n    strong answer: Real system, own decisions, measured result.\n- Communication');
    expect(prompt).not.toContain('Communication (weight 30%): Clear, structured answers\n    weak');
  });

  it('tells the model to ignore protected characteristics and judge only job-relevant content', async () => {
    const model = scriptedModel(good);
    await evaluate({ model, ...fastSettings }, input, meta);
    const system = systemOf(model.doGenerateCalls[0]);
    for (const word of ['names', 'gender', 'age', 'origin', 'protected characteristic', 'job-relevant']) expect(system).toContain(word);
    expect(system).toMatch(/do not compute or state an overall score/i);
    const prompt = promptOf(model.doGenerateCalls[0]);
    expect(prompt).toContain('Technical skills (weight 50%)');
    expect(prompt).toContain('Candidate: I moved our  payments queue');
  });

  it("drops quotes that are not the candidate's literal words", async () => {
    const model = scriptedModel({
      ...good,
      criteria: [
        {
          ...good.criteria[0]!,
          evidence: [
            { quote: 'I migrated the payments queue to Kafka' }, // paraphrase
            { quote: 'we scale fearlessly' }, // the interviewer's words
            { quote: 'payments queue ... four times' }, // stitched
            { quote: '' },
            { quote: 'throughput went up four times' },
          ],
        },
        good.criteria[1]!,
        good.criteria[2]!,
      ],
    });
    const result = await evaluate({ model, ...fastSettings }, input, meta);
    expect(result.criteria[0]!.evidence).toEqual([{ quote: 'throughput went up four times', atMs: 4_000 }]);
  });

  it('marks criteria the model left out as not assessed, and null scores stay null', async () => {
    const model = scriptedModel({
      criteria: [{ name: 'Technical skills', score: null, feedback: 'The candidate did not talk about technology.', evidence: [] }, good.criteria[1]!],
      summary: 'Short interview.',
    });
    const result = await evaluate({ model, ...fastSettings }, input, meta);
    expect(result.criteria[0]).toMatchObject({ score: null, feedback: 'The candidate did not talk about technology.' });
    expect(result.criteria[2]).toEqual({ name: 'Cultural fit', weight: 20, score: null, notAssessed: true, feedback: NOT_ASSESSED, evidence: [] });
    expect(result.overall).toBe(70);
    expect(result.insufficientEvidence).toBe(false);
  });

  it('flags insufficient evidence when nothing could be judged', async () => {
    const model = scriptedModel({ criteria: [], summary: 'The candidate barely spoke.' });
    const result = await evaluate({ model, ...fastSettings }, input, meta);
    expect(result.overall).toBeNull();
    expect(result.insufficientEvidence).toBe(true);
    expect(result.criteria.every((c) => c.feedback === NOT_ASSESSED)).toBe(true);
  });

  it('does not ask the model when the candidate said nothing', async () => {
    const model = scriptedModel(good);
    const silent = { ...input, transcript: [transcript[0]!, { speaker: 'Candidate', text: '  ' }] };
    const result = await evaluate({ model, ...fastSettings }, silent, meta);
    expect(model.doGenerateCalls).toHaveLength(0);
    expect(result).toMatchObject({ overall: null, insufficientEvidence: true, summary: NOTHING_SAID, engine: 'openai' });
    expect(result.criteria).toHaveLength(3);
  });

  it('asks again when the output fails the schema (score out of range, unknown criterion)', async () => {
    const bad = { ...good, criteria: [{ ...good.criteria[0]!, score: 140 }, { ...good.criteria[1]!, name: 'Charisma' }] };
    const model = scriptedModel(bad, good);
    const result = await evaluate({ model, ...fastSettings }, input, meta);
    expect(result.criteria[0]!.score).toBe(82);
    const repair = promptOf(model.doGenerateCalls[1]);
    expect(repair).toContain('criteria.0.score');
    expect(repair).toContain('criteria.1.name');
  });
});

describe('literalEvidence', () => {
  const turns: TranscriptEntry[] = [
    { speaker: 'Candidate', text: "I’d say the on-call rota was the hardest part", startMs: 1_000 },
    { speaker: 'Candidate', text: 'We cut pages by half.', startMs: 9_000 },
  ];

  it('forgives typographic apostrophes, spacing and a final full stop only', () => {
    expect(literalEvidence(["I'd say the on-call rota", 'the hardest part.', 'We  cut pages by half', 'We cut pages by a third'], turns)).toEqual([
      { quote: 'I’d say the on-call rota', atMs: 1_000 },
      { quote: 'the hardest part', atMs: 1_000 },
      { quote: 'We cut pages by half', atMs: 9_000 },
    ]);
  });

  it('takes the time of the turn a quote starts in, and drops duplicates and regex tricks', () => {
    expect(literalEvidence(['hardest part We cut', 'we cut pages', 'We cut pages', '.*', '(a|b)+'], turns)).toEqual([
      { quote: 'hardest part We cut', atMs: 1_000 },
      { quote: 'We cut pages', atMs: 9_000 },
    ]);
  });
});

describe('AI_SAMPLES', () => {
  const sample = (technical: number, communication: number | null) => ({
    criteria: [
      { name: 'Technical skills', score: technical, feedback: `Technical at ${technical}.`, evidence: [{ quote: 'I moved our payments queue to Kafka' }] },
      { name: 'Communication', score: communication, feedback: communication === null ? 'Too little.' : `Clear at ${communication}.`, evidence: [] },
      { name: 'Cultural fit', score: 60, feedback: 'Collaborative.', evidence: [] },
    ],
    summary: `Summary with technical ${technical}.`,
  });

  it('scores as many times as asked and keeps the median per criterion, with the range and the nearest sample\'s words', async () => {
    const model = scriptedModel(sample(50, 70), sample(85, 72), sample(80, null));
    const result = await evaluateSampled({ model, ...fastSettings }, input, meta, 3);
    expect(model.doGenerateCalls).toHaveLength(3);
    expect(result.samples).toBe(3);
    expect(result.criteria.map((c) => c.score)).toEqual([80, 71, 60]);
    expect(result.criteria[0]).toMatchObject({ feedback: 'Technical at 80.', sampleRange: { min: 50, max: 85, samples: 3 } });
    expect(result.criteria[1]!.sampleRange).toEqual({ min: 70, max: 72, samples: 2 });
    expect(result.overall).toBe(Math.round((80 * 50 + 71 * 30 + 60 * 20) / 100));
    expect(result.summary).toBe('Summary with technical 80.');
    expect(evaluation.parse(result)).toEqual(result);
  });

  it('leaves a criterion unjudged when most samples could not judge it, and asks once when AI_SAMPLES is 1', async () => {
    const result = await evaluateSampled({ model: scriptedModel(sample(70, null), sample(72, null), sample(74, 50)), ...fastSettings }, input, meta, 3);
    expect(result.criteria[1]!.score).toBeNull();
    const once = scriptedModel(sample(70, 70));
    const single = await evaluateSampled({ model: once, ...fastSettings }, input, meta, 1);
    expect(once.doGenerateCalls).toHaveLength(1);
    expect(single.samples).toBeUndefined();
    expect(single.criteria[0]!.sampleRange).toBeUndefined();
  });
});
