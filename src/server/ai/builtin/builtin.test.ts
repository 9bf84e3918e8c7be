import { describe, expect, it } from 'vitest';
import type { TranscriptEntry } from '../../../contracts/ai';
import { loadDataset } from '../eval/dataset';
import { createBuiltinEngine } from '.';
import { recogniseIndustry } from './plan';

const engine = createBuiltinEngine();
const data = loadDataset();

describe('interview plan', () => {
  it('gives every industry a sensible plan of its own: 5-8 questions, 3-6 criteria weighing exactly 100', async () => {
    const plans = new Map<string, string[]>();
    for (const job of data.jobs) {
      const plan = await engine.planInterview({ title: job.title, description: job.description, skills: job.skills });
      expect(plan.questions.length).toBeGreaterThanOrEqual(5);
      expect(plan.questions.length).toBeLessThanOrEqual(8);
      expect(plan.rubric.length).toBeGreaterThanOrEqual(3);
      expect(plan.rubric.length).toBeLessThanOrEqual(6);
      expect(plan.rubric.reduce((s, c) => s + c.weight, 0)).toBe(100);
      expect(new Set(plan.questions).size).toBe(plan.questions.length);
      const names = plan.rubric.map((c) => c.name);
      expect(names).toContain('Communication');
      expect(names).toContain('Cultural fit and motivation');
      expect(recogniseIndustry(job.title, job.description).industry).toBe(job.industry);
      plans.set(job.industry, [...(plans.get(job.industry) ?? []), ...plan.questions]);
    }
    // Different industries get different questions.
    const industries = [...plans.keys()];
    expect(industries).toHaveLength(8);
    for (const a of industries) {
      for (const b of industries) {
        if (a === b) continue;
        const shared = new Set(plans.get(a)!.filter((q) => plans.get(b)!.includes(q)));
        expect(shared.size).toBeLessThanOrEqual(1); // at most a general opening; plan.test.ts checks this per job
      }
    }
  });

  it('asks about the skills the recruiter lists', async () => {
    const plan = await engine.planInterview({ title: 'Data Engineer', description: 'Build data pipelines for analytics.', skills: 'Airflow, dbt' });
    expect(plan.questions.join(' ')).toContain('Airflow');
    expect(plan.rubric[0]!.description).toContain('Airflow');
  });

  it('opens with the candidate_name placeholder', async () => {
    const plan = await engine.planInterview({ title: 'Barista', description: 'Coffee bar in a busy cafe.' });
    expect(plan.questions[0]).toContain('candidate_name');
    expect(plan.questions[0]).toContain('Barista');
  });
});

describe('screening questions', () => {
  it('uses a sensible default set when nothing is given', async () => {
    const questions = await engine.screeningQuestions({});
    expect(questions.length).toBeGreaterThanOrEqual(5);
    expect(questions.some((q) => /authori[sz]ed to work/.test(q))).toBe(true);
  });

  it('builds on whatever is given', async () => {
    const onlySkills = await engine.screeningQuestions({ skills: 'forklift certification, inventory control' });
    expect(onlySkills.join(' ')).toContain('forklift certification');
    const withTitle = await engine.screeningQuestions({ jobTitle: 'Night Auditor', jobDescription: 'Hotel front desk overnight, night audit in Opera PMS.' });
    expect(withTitle.join(' ')).toContain('Night Auditor');
  });
});

describe('contextual rewording', () => {
  it('keeps the next question and its placeholder, bridged from the answer', async () => {
    const next = 'How do you handle pressure, candidate_name?';
    const out = await engine.rewordQuestion({ previousResponse: 'I managed the store during the holiday rush with two people out sick.', nextQuestion: next });
    expect(out).toContain('candidate_name');
    expect(out.toLowerCase()).toContain(next.toLowerCase());
    expect(out).not.toBe(next);
    // Silence is acknowledged without praise, not passed over without a word (issue 31).
    expect(await engine.rewordQuestion({ previousResponse: '', nextQuestion: next })).toMatch(/^(That's alright|No problem|That's okay)\. .+ How do you handle pressure, candidate_name\?$/);
  });
});

describe('follow-ups', () => {
  const q = 'Tell me about a time you handled an unhappy customer.';
  it('asks one when the answer is short, vague or has no outcome', async () => {
    expect((await engine.decideFollowUp({ question: q, answer: 'I was nice.' })).followUp).toBeTruthy();
    expect((await engine.decideFollowUp({ question: q, answer: 'I guess I am a people person and a hard worker, I always do my best with customers and stuff.' })).followUp).toBeTruthy();
    expect(await engine.decideFollowUp({ question: q, answer: 'A customer was upset because the product she bought was broken when she opened it at home.' })).toEqual({
      followUp: expect.any(String),
      reason: 'The answer did not say how the situation ended.',
    });
  });
  it('does not ask one after a complete answer', async () => {
    const answer =
      'Last spring a customer came back furious because a blender he bought had a cracked jug. I apologised, listened, checked our stock, and swapped it on the spot instead of sending him to the manufacturer. As a result he left happy, and came back the next week to buy a second one as a gift.';
    expect(await engine.decideFollowUp({ question: q, answer })).toEqual({ followUp: null, reason: expect.any(String) });
  });
  it('accepts a detailed story told in other words than the question', async () => {
    const answer =
      'Last year I rewrote our billing service because invoices were failing at month end. I traced the failures to a race in the retry queue, moved the work into idempotent jobs, and added alerts. As a result failed invoices went from about 300 a month to zero, and support tickets dropped by half.';
    expect((await engine.decideFollowUp({ question: 'Tell me about a project you are proud of.', answer })).followUp).toBeNull();
  });
});

describe('evaluation', () => {
  const set = data.swaps[0]!;
  const transcript = set.variants[0]!.transcript;

  it('scores each criterion 0-100 with feedback and literal evidence, and computes overall from the weights', async () => {
    const result = await engine.evaluate({ questions: set.questions, rubric: set.rubric, transcript });
    const candidateWords = transcript.filter((e) => e.speaker !== 'AI').map((e) => e.text).join('\n');
    expect(result.engine).toBe('builtin');
    expect(result.criteria.map((c) => c.name)).toEqual(set.rubric.map((c) => c.name));
    const judged = result.criteria.filter((c) => c.score !== null);
    expect(judged.length).toBeGreaterThan(0);
    for (const c of result.criteria) {
      if (c.score !== null) {
        expect(c.score).toBeGreaterThanOrEqual(0);
        expect(c.score).toBeLessThanOrEqual(100);
        expect(c.feedback.length).toBeGreaterThan(20);
      }
      for (const e of c.evidence) expect(candidateWords).toContain(e.quote);
    }
    const weighted = judged.reduce((s, c) => s + c.score! * c.weight, 0) / judged.reduce((s, c) => s + c.weight, 0);
    expect(result.overall).toBe(Math.round(weighted));
  });

  it('says so instead of inventing a number when the candidate said too little', async () => {
    const thin: TranscriptEntry[] = [
      { speaker: 'AI', text: set.questions[0]! },
      { speaker: 'Candidate', text: 'Yes.' },
    ];
    const result = await engine.evaluate({ questions: set.questions, rubric: set.rubric, transcript: thin });
    expect(result.insufficientEvidence).toBe(true);
    expect(result.overall).toBeNull();
    for (const c of result.criteria) {
      expect(c.score).toBeNull();
      expect(c.feedback).toMatch(/Not enough evidence/);
    }
  });

  it('attaches the time offset of the turn a quote comes from', async () => {
    const timed = transcript.map((e, i) => ({ ...e, startMs: i * 10_000 }));
    const result = await engine.evaluate({ questions: set.questions, rubric: set.rubric, transcript: timed });
    const quotes = result.criteria.flatMap((c) => c.evidence);
    expect(quotes.length).toBeGreaterThan(0);
    for (const q of quotes) {
      const entry = timed.find((e) => e.speaker !== 'AI' && e.text.includes(q.quote));
      expect(q.atMs).toBe(entry?.startMs);
    }
  });

  it('gives the same scores whatever the candidate\'s name, gender words or origin', async () => {
    for (const s of data.swaps) {
      const results = await Promise.all(s.variants.map((v) => engine.evaluate({ questions: s.questions, rubric: s.rubric, transcript: v.transcript })));
      for (const r of results) {
        expect(r.overall).toBe(results[0]!.overall);
        expect(r.criteria.map((c) => c.score)).toEqual(results[0]!.criteria.map((c) => c.score));
      }
    }
  });

  it('is deterministic', async () => {
    const input = { questions: set.questions, rubric: set.rubric, transcript };
    expect(await engine.evaluate(input)).toEqual(await engine.evaluate(input));
  });

  it('ranks a strong answer above an adequate one above a weak one', async () => {
    const group = data.answers.find((g) => g.id === 'tech-1') ?? data.answers[0]!;
    const plan = await engine.planInterview({ title: group.jobTitle, description: '' });
    const score = async (answer: string) =>
      (await engine.evaluate({ questions: [group.question], rubric: plan.rubric, transcript: [{ speaker: 'AI', text: group.question }, { speaker: 'Candidate', text: answer }] })).overall ?? 0;
    const [strong, adequate, weak] = [await score(group.answers.strong), await score(group.answers.adequate), await score(group.answers.weak)];
    expect(strong).toBeGreaterThan(adequate);
    expect(adequate).toBeGreaterThan(weak);
  });
});

describe('bias check', () => {
  it('flags unlawful questions with the reason and a neutral rewording, and leaves lawful ones alone', async () => {
    const flags = await engine.checkQuestions(['Tell me about your last project.', 'Are you planning to have children soon?', 'Are you legally authorized to work in the United States?', 'Where are you originally from?']);
    expect(flags.map((f) => [f.index, f.category])).toEqual([
      [1, 'marital_family'],
      [3, 'national_origin'],
    ]);
    for (const f of flags) {
      expect(f.reason.length).toBeGreaterThan(10);
      expect(f.suggestion?.length).toBeGreaterThan(10);
    }
  });

  it('flags evaluation text that refers to protected characteristics', async () => {
    expect((await engine.checkText('Strong answers, though she seems too old for a fast-paced team.')).map((f) => f.category)).toEqual(['age', 'gender']);
    expect(await engine.checkText('Gave concrete examples with measurable outcomes.')).toEqual([]);
  });

  it('never flags its own evaluation text', async () => {
    for (const s of data.swaps) {
      const result = await engine.evaluate({ questions: s.questions, rubric: s.rubric, transcript: s.variants[0]!.transcript });
      expect(result.biasFlags).toEqual([]);
    }
  });
});

describe('measured quality (the figures npm run eval:ai prints)', () => {
  it('orders at least 90 % of strong > adequate > weak pairs on the labelled answers', async () => {
    let correct = 0;
    let total = 0;
    for (const group of [...data.answers, ...data.holdout.answers]) {
      const plan = await engine.planInterview({ title: group.jobTitle, description: '' });
      const score = async (answer: string) =>
        (await engine.evaluate({ questions: [group.question], rubric: plan.rubric, transcript: [{ speaker: 'AI', text: group.question }, { speaker: 'Candidate', text: answer }] })).overall ?? 0;
      const s = { strong: await score(group.answers.strong), adequate: await score(group.answers.adequate), weak: await score(group.answers.weak) };
      correct += Number(s.strong > s.adequate) + Number(s.adequate > s.weak) + Number(s.strong > s.weak);
      total += 3;
    }
    expect(correct / total).toBeGreaterThanOrEqual(0.9);
    // About 12 s of scoring alone (some 700 answers); the default 20 s is too close on a shared 2-core machine under load.
  }, 60_000);

  it('flags at least 95 % of unlawful questions with at most 5 % false alarms', async () => {
    const sets = [data.bias, data.holdout.bias];
    const unlawful = sets.flatMap((s) => s.unlawful.map((u) => u.question));
    const lawful = sets.flatMap((s) => s.lawful);
    const flaggedUnlawful = (await engine.checkQuestions(unlawful)).length;
    const flaggedLawful = (await engine.checkQuestions(lawful)).length;
    expect(flaggedUnlawful / unlawful.length).toBeGreaterThanOrEqual(0.95);
    expect(flaggedLawful / lawful.length).toBeLessThanOrEqual(0.05);
  });
});
