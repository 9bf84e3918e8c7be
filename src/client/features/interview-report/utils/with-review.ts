import type { ReportCriterion, ReportFeedback, ReviewState } from '@/contracts/report';

/** A criterion as the report shows it: the current (possibly human-adjusted) score beside the AI's. */
export interface ScoredCriterion extends ReportCriterion {
  /** The AI's own score. */
  aiScore: number | null;
  /** True when a recruiter's score differs from the AI's. */
  adjusted: boolean;
}

export interface ScoredFeedback {
  overall: number | null;
  aiOverall: number | null;
  /** True when any criterion was adjusted, so the overall was recomputed. */
  adjusted: boolean;
  criteria: ScoredCriterion[];
}

/** The feedback's scores with the review's current values laid over them (by criterion name); without a review, the AI's. */
export function withReview(feedback: ReportFeedback, review: Pick<ReviewState, 'ai' | 'current'> | undefined): ScoredFeedback {
  const criteria = feedback.criteria.map((c): ScoredCriterion => {
    const current = review?.current.criteria.find((r) => r.name === c.name);
    const ai = review?.ai.criteria.find((r) => r.name === c.name);
    const aiScore = ai ? ai.score : c.score;
    return current?.adjusted ? { ...c, score: current.score, aiScore, adjusted: true } : { ...c, score: aiScore, aiScore, adjusted: false };
  });
  const adjusted = review?.current.adjusted ?? false;
  // The AI's overall is the stored one; the server recomputes the current one from the adjusted scores.
  return { overall: adjusted && review ? review.current.overall : feedback.overall, aiOverall: feedback.overall, adjusted, criteria };
}
