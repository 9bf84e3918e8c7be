import { describe, expect, it } from 'vitest';
import type { ReportFeedback, ReviewState } from '@/contracts/report';
import { withReview } from './with-review';

describe('withReview', () => {
  const feedback: ReportFeedback = {
    summary: 'Strong communicator.',
    overall: 78,
    criteria: [
      { name: 'Communication', score: 85, feedback: 'Clear answers.', evidence: [{ quote: 'I explained the trade-offs', atMs: 83_000 }, { quote: 'to the team' }] },
      { name: 'Technical skills', score: null, feedback: 'Too little said.', evidence: [] },
    ],
    insufficientEvidence: false,
    engine: 'openai',
    model: 'gpt-4o-mini',
    biasFlags: [{ text: 'young team', category: 'age', reason: 'Age-coded wording' }],
    worthChecking: [],
  };
  const review: Pick<ReviewState, 'ai' | 'current'> = {
    ai: {
      overall: 78,
      criteria: [
        { name: 'Communication', weight: 60, score: 85 },
        { name: 'Technical skills', weight: 40, score: null },
      ],
    },
    current: {
      overall: 81,
      adjusted: true,
      criteria: [
        { name: 'Communication', weight: 60, score: 85, adjusted: false },
        { name: 'Technical skills', weight: 40, score: 75, adjusted: true },
      ],
    },
  };

  it("shows the current scores and overall with the AI's beside them", () => {
    const scored = withReview(feedback, review);
    expect(scored).toMatchObject({ overall: 81, aiOverall: 78, adjusted: true });
    expect(scored.criteria.map(({ name, score, aiScore, adjusted }) => ({ name, score, aiScore, adjusted }))).toEqual([
      { name: 'Communication', score: 85, aiScore: 85, adjusted: false },
      { name: 'Technical skills', score: 75, aiScore: null, adjusted: true },
    ]);
    expect(scored.criteria[0]!.evidence).toHaveLength(2);
  });

  it("uses the AI's values without a review or without adjustments", () => {
    expect(withReview(feedback, undefined)).toMatchObject({ overall: 78, aiOverall: 78, adjusted: false });
    const untouched = { ...review, current: { overall: 78, adjusted: false, criteria: review.current.criteria.map((c) => ({ ...c, adjusted: false })) } };
    expect(withReview(feedback, untouched)).toMatchObject({ overall: 78, adjusted: false });
    expect(withReview(feedback, untouched).criteria[1]).toMatchObject({ score: null, adjusted: false });
  });
});
