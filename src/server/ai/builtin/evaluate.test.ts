import { describe, expect, it } from 'vitest';
import { anchorLevelOf, type RubricCriterion } from '../../../contracts/ai';
import { loadDataset } from '../eval/dataset';
import { analyseAnswer } from './analyze';
import { draftAnchors } from './anchors';
import { evaluateTranscript, MIN_EVIDENCE_WORDS } from './evaluate';
import { planInterview } from './plan';
import { createBuiltinEngine } from './index';

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

describe('each criterion on its own evidence (issue 31)', () => {
  const rubric: RubricCriterion[] = [
    { name: 'Licence and eligibility', description: 'Holds a current CDL Class A and DOT medical card.', weight: 20 },
    { name: 'Safety and inspections', description: 'Does thorough pre-trip inspections and puts safety before the schedule.', weight: 40 },
    { name: 'Customer communication', description: 'Explains delays to receivers and dispatch calmly and clearly.', weight: 25 },
    { name: 'Cargo securement', description: 'Secures freight with straps, chains and edge protectors to the federal securement rules.', weight: 15 },
  ];
  const questions = [
    'Do you hold a current CDL Class A, and when does your DOT medical card expire?',
    'Walk me through your pre-trip inspection. Tell me about a time you found a safety problem before leaving.',
    'A receiver is angry that you arrived two hours late. How do you explain the delay to them?',
  ];
  const answers = [
    'Yes, Class A since 2016, and my medical card is good until next August.',
    'I go front to back: lights, tires, air lines, brakes, coupling. Last winter at the Joliet yard I found a chafed air line on the trailer during my pre-trip, so I wrote it up on the DVIR, the shop swapped it and I left forty minutes late instead of losing air on I-80. Dispatch moved the appointment and the load delivered with no claim.',
    "Honestly that's not my problem, traffic is traffic. I just drop the paperwork and go.",
  ];
  const transcript = questions.flatMap((q, i) => [
    { speaker: 'AI', text: q, startMs: i * 60_000 },
    { speaker: 'Candidate', text: answers[i]!, startMs: i * 60_000 + 4_000 },
  ]);

  it('scores criteria apart, reads the requirement as met, and says "not assessed" where no answer spoke to it', () => {
    const result = evaluateTranscript({ questions, rubric, transcript });
    const [licence, safety, communication, cargo] = result.criteria;
    expect(licence).toMatchObject({ requirement: 'met', score: 100 });
    expect(licence!.feedback).toMatch(/^The candidate says they meet this requirement\. In their words: “Yes, Class A since 2016/);
    expect(safety!.score).toBeGreaterThanOrEqual(75);
    expect(communication!.score).toBeLessThan(40);
    expect(safety!.score! - communication!.score!).toBeGreaterThan(15);
    expect(safety!.feedback).toMatch(/^Strong evidence for safety and inspections: /);
    expect(communication!.feedback).toMatch(/^Weak evidence for customer communication: .*In their words: “Honestly that's not my problem, traffic is traffic\.”$/);
    expect(cargo).toMatchObject({ score: null, notAssessed: true, feedback: 'Not assessed: no answer spoke to cargo securement.' });
    expect(result.summary).toContain('Strongest area: Licence and eligibility (100).');
    expect(result.summary).toContain('Not assessed (no answer spoke to it): Cargo securement.');
  });

  it('keeps a short typed answer off the ends of the scale', () => {
    const short = evaluateTranscript({ questions: [questions[1]!], rubric: [rubric[1]!], transcript: [{ speaker: 'AI', text: questions[1]! }, { speaker: 'Candidate', text: 'I check the tires and brakes and the lights before I go.' }] });
    expect(short.criteria[0]!.score).toBeGreaterThan(0);
    expect(short.criteria[0]!.score).toBeLessThan(100);
  });

  it('lists red flags under "Worth checking" with their time, and an admitted shortcut is weak evidence', async () => {
    const engine = createBuiltinEngine();
    const flagged = [...transcript.slice(0, 3), { speaker: 'Candidate', text: 'Sometimes you have to fudge the logs to make the appointment.', startMs: 70_000 }];
    const result = await engine.evaluate({ questions: questions.slice(0, 2), rubric: rubric.slice(0, 2), transcript: flagged });
    expect(result.worthChecking).toEqual([{ kind: 'rule_breaking', quote: 'Sometimes you have to fudge the logs to make the appointment.', atMs: 70_000 }]);
    expect(result.criteria[1]!.score).toBeLessThan(75);
  });

  it("reads every answer to a requirement, the least standing, and a yes or a no to a schedule says nothing about the other criteria", () => {
    const plan = planInterview({ title: 'CDL-A Driver', description: 'Requirements: valid Class A CDL; current DOT medical card. Schedule: weekends and night shifts. You will complete pre-trip inspections and log hours of service on the ELD.' });
    expect(plan.rubric[0]).toMatchObject({ name: 'Licences and requirements' });
    const eligibility = plan.questions.find((q) => q.startsWith('The job lists these requirements'))!;
    const schedule = plan.questions.find((q) => q.startsWith('This job involves'))!;
    const said = (answers: [string, string][]) =>
      evaluateTranscript({ questions: plan.questions, rubric: plan.rubric, transcript: answers.flatMap(([q, a]) => [{ speaker: 'AI', text: q }, { speaker: 'Candidate', text: a }]) });
    const inspection = plan.questions.find((q) => /pre-trip/.test(q))!;
    const story = 'Last winter I found a cracked air line on my pre-trip at the Joliet yard, wrote it up on the DVIR and waited for the shop, and the load still delivered on time.';
    const met = said([[eligibility, 'Yes, Class A since 2016 and my medical card is current until August.'], [schedule, 'Yes, that works.'], [inspection, story]]);
    expect(met.criteria[0]).toMatchObject({ requirement: 'met', score: 100 });
    const notMet = said([[eligibility, 'Yes, Class A since 2016 and my medical card is current until August.'], [schedule, "No, I can't work weekends."], [inspection, story]]);
    expect(notMet.criteria[0]).toMatchObject({ requirement: 'not_met', score: 0 });
    expect(notMet.criteria[0]!.feedback).toBe("The candidate says they do not meet this requirement. In their words: “No, I can't work weekends.”");
    // The other criteria are scored on the inspection story alone, whichever way the schedule went.
    expect(notMet.criteria.slice(1).map((c) => c.score)).toEqual(met.criteria.slice(1).map((c) => c.score));
  });
});
