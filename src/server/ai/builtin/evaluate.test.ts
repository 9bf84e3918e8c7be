import { describe, expect, it } from 'vitest';
import { anchorLevelOf, type RubricCriterion } from '../../../contracts/ai';
import { loadDataset } from '../eval/dataset';
import { analyseAnswer } from './analyze';
import { draftAnchors } from './anchors';
import { evaluateTranscript, MIN_EVIDENCE_WORDS } from './evaluate';
import { planInterview } from './plan';

// The score scale on the built-in engine (docs/decisions/014-score-scale-and-anchors.md), on the
// tuning part of the labelled data only: the held-out part is for `npm run eval:ai` alone.
const { interviews } = loadDataset();

const interview = (questions: string[], answers: string[]) => questions.flatMap((q, i) => [
  { speaker: 'AI', text: q },
  { speaker: 'Candidate', text: answers[i] ?? '' },
]);

describe('the score scale', () => {
  it('scores short but relevant answers as adequate, never as insufficient evidence', () => {
    const plan = planInterview({ title: 'Line Cook', description: 'Prep and cook on the grill station, follow food safety rules, keep the station clean.' });
    const questions = plan.questions.slice(1, 4);
    const answers = [
      'I wash my hands a lot, keep things in the fridge and clean my station. I cook meat all the way through.',
      'I set up my station before service, get my prep done and keep my knives sharp so I am ready when tickets come in.',
      'If a guest has an allergy I tell the chef and use clean pans and utensils so nothing gets mixed in.',
    ];
    const result = evaluateTranscript({ questions, rubric: plan.rubric, transcript: interview(questions, answers) });
    expect(result.insufficientEvidence).toBe(false);
    for (const c of result.criteria) expect(c.score).not.toBeNull();
    expect(result.overall).toBeGreaterThanOrEqual(45);
    expect(result.overall).toBeLessThanOrEqual(70);
  });

  it('judges nothing when the candidate said almost nothing', () => {
    const plan = planInterview({ title: 'Line Cook', description: 'Grill station.' });
    const result = evaluateTranscript({ questions: plan.questions.slice(0, 2), rubric: plan.rubric, transcript: interview(plan.questions.slice(0, 2), ['Um, yeah.', 'Not sure.']) });
    expect(result.insufficientEvidence).toBe(true);
    expect(result.overall).toBeNull();
    expect(result.criteria.every((c) => c.score === null)).toBe(true);
    expect(MIN_EVIDENCE_WORDS).toBe(4);
  });

  it('rates a short but complete poor answer low instead of calling it insufficient evidence', () => {
    const plan = planInterview({ title: 'Sales Associate', description: '' });
    const questions = ['Why do you want to work in retail, and why our store specifically?'];
    const result = evaluateTranscript({ questions, rubric: plan.rubric, transcript: interview(questions, ['I just need a job right now and you guys were hiring.']) });
    expect(result.insufficientEvidence).toBe(false);
    expect(result.overall).not.toBeNull();
    expect(result.overall).toBeLessThan(40);
  });

  it('ranks every whole interview strong > adequate > weak, puts weak ones below 40 and the best at 80 or more', () => {
    const overall = { strong: [] as number[], adequate: [] as number[], weak: [] as number[] };
    for (const set of interviews) {
      const score = (grade: keyof typeof overall) => evaluateTranscript({ questions: set.questions, rubric: set.rubric, transcript: interview(set.questions, set.candidates[grade]) }).overall ?? 0;
      const [strong, adequate, weak] = [score('strong'), score('adequate'), score('weak')];
      expect(strong, set.id).toBeGreaterThan(adequate);
      expect(adequate, set.id).toBeGreaterThan(weak);
      expect(weak, set.id).toBeLessThan(40);
      overall.strong.push(strong);
      overall.adequate.push(adequate);
      overall.weak.push(weak);
    }
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    expect(Math.max(...overall.strong)).toBeGreaterThanOrEqual(80);
    expect(mean(overall.strong)).toBeGreaterThanOrEqual(75);
    expect(mean(overall.adequate)).toBeGreaterThan(mean(overall.weak) + 5);
  });
});

describe('answer features', () => {
  it('does not read a poor-judgement cue said as what the candidate does not do', () => {
    expect(analyseAnswer('', 'With the kitchen I talk to expo instead of yelling at the window.').poorJudgement).toBe(0);
    expect(analyseAnswer('', "I'd apologize and own it, not blame the system.").poorJudgement).toBe(0);
    expect(analyseAnswer('', 'I yelled at the new cook and told him it was his fault.').poorJudgement).toBeGreaterThan(0);
  });

  it('reads deflection and maxims, and does not count "one" as a specific', () => {
    expect(analyseAnswer('', "If they're short-staffed that's kind of on management. It's not my job.").deflections).toBeGreaterThan(0);
    expect(analyseAnswer('', "I think it's really important to stay calm.").maxims).toBe(1);
    expect(analyseAnswer('', 'One time a customer got upset.').numbers).toBe(0);
    expect(analyseAnswer('', 'We cut ticket times from 25 to 15 minutes.').numbers).toBe(2);
  });
});

describe('behaviour anchors', () => {
  it('records the anchors each criterion was scored against, and drafts anchors for a criterion without them', () => {
    const anchors = { weak: 'Guesses at the fault.', adequate: 'Sensible steps, no example.', strong: 'Real fault, measurements, result.' };
    const rubric: RubricCriterion[] = [
      { name: 'Troubleshooting', description: 'Finds and fixes faults', weight: 60, anchors },
      { name: 'Communication', description: 'Clear answers', weight: 40 },
    ];
    const questions = ['Tell me about a machine fault you fixed.'];
    const result = evaluateTranscript({
      questions,
      rubric,
      transcript: interview(questions, ['The conveyor kept stopping, so I checked the sensor alignment with a meter, found it was 3 mm out, realigned it and we had no stops for the rest of the week.']),
    });
    expect(result.criteria[0]!.anchors).toEqual(anchors);
    expect(result.criteria[1]!.anchors).toBeUndefined();
    expect(draftAnchors({ name: 'Communication', description: '' }).strong).toMatch(/^Clear and well ordered/);
    expect(draftAnchors({ name: 'Forklift safety', description: '' }).weak).toContain('forklift safety');
  });

  it('reads the nearest anchor from the score bands', () => {
    expect([0, 39, 40, 74, 75, 100].map(anchorLevelOf)).toEqual(['weak', 'weak', 'adequate', 'adequate', 'strong', 'strong']);
  });
});
