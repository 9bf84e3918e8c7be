import { describe, expect, it } from 'vitest';
import { criterionFeedback, quote, readRequirement } from './feedback';

describe('reading a requirement', () => {
  it('reads met, not met and unclear from the answer to a licence or schedule question', () => {
    expect(readRequirement('Yes, Class A since 2019, and my medical card is good until next August.')).toBe('met');
    expect(readRequirement('I have my Class A CDL and my medical card is current. About three years.')).toBe('met');
    expect(readRequirement('No problem, I hold a current BLS card.')).toBe('met');
    expect(readRequirement("No, I don't have a CDL yet.")).toBe('not_met');
    expect(readRequirement('My food handler card expired in March.')).toBe('not_met');
    expect(readRequirement('I can do weekdays, but I can’t work Saturdays because of my other job.'.replace('’', "'"))).toBe('not_met');
    expect(readRequirement('Class A, yes. The medical card, not sure if it is current, I would have to check.')).toBe('unclear');
    expect(readRequirement('It should be current, I renewed it a while ago I believe.')).toBe('unclear');
    expect(readRequirement('I enjoy driving and I like the open road.')).toBeNull();
  });
});

describe("a criterion's feedback", () => {
  const traits = { example: 1, ownActions: 1, figures: 1, outcome: 1, poorJudgement: 0, general: 0, clarity: 0.8 };
  const thin = { example: 0, ownActions: 0, figures: 0, outcome: 0, poorJudgement: 1, general: 1, clarity: 0.3 };

  it('praises only what the answers show above 60 and names only what they lack below 40, with the candidate\'s words', () => {
    expect(criterionFeedback(82, 'Safety', false, traits, 'I put the truck out of service and called dispatch.')).toBe(
      'Strong evidence for safety: the candidate gave a concrete example from their own work, said what they did themselves and named specifics such as figures or tools. In their words: “I put the truck out of service and called dispatch.”',
    );
    expect(criterionFeedback(20, 'Safety', false, thin, 'Sometimes you have to fudge the logs')).toBe(
      'Weak evidence for safety: the candidate stayed general, showed questionable judgement and gave no concrete example. In their words: “Sometimes you have to fudge the logs”.',
    );
    // A weak score never reads as praise, whatever the answers had; a strong one never as fault.
    expect(criterionFeedback(30, 'Communication', true, traits, null)).toBe('Weak evidence for communication: the candidate said little that bears on it.');
    expect(criterionFeedback(90, 'Communication', true, thin, null)).toBe('Strong evidence for communication: the candidate spoke to it correctly and to the point.');
    expect(criterionFeedback(50, 'Teamwork', false, { ...thin, example: 1, poorJudgement: 0, general: 0 }, null)).toBe('Mixed evidence for teamwork: the candidate gave a concrete example from their own work, but was hard to follow in places.'.replace('was hard to follow in places', 'did not say what they did themselves'));
  });

  it('quotes a long sentence cut at a word, with an ellipsis', () => {
    const long = Array.from({ length: 30 }, (_, i) => `word${i}`).join(' ');
    expect(quote(long)).toBe(`“${Array.from({ length: 24 }, (_, i) => `word${i}`).join(' ')}…”`);
  });
});
