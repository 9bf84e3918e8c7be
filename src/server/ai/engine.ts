import type { BiasFlag, Evaluation, InterviewPlan, RubricCriterion, TranscriptEntry } from '../../contracts/ai';
import { scaleWeightsTo100 } from '../../contracts/jobs';

export interface JobInput {
  title: string;
  description: string;
  skills?: string;
}

export interface ScreeningInput {
  jobTitle?: string;
  jobDescription?: string;
  skills?: string;
}

export interface EvaluationInput {
  /** Removed from the transcript before scoring, with names the interviewer used. */
  candidateName?: string;
  questions: string[];
  rubric: RubricCriterion[];
  transcript: TranscriptEntry[];
}

export interface FollowUpDecision {
  /** The single follow-up question to ask, or null when the answer is complete enough. */
  followUp: string | null;
  reason: string;
}

/** Everything the AI does, whichever engine does it. */
export interface AiEngine {
  /** 'builtin', or the provider name of a model engine. */
  readonly name: string;
  readonly model?: string;
  planInterview(job: JobInput): Promise<InterviewPlan>;
  screeningQuestions(input: ScreeningInput): Promise<string[]>;
  /**
   * The next question, bridged naturally from the previous answer; keeps the candidate_name placeholder.
   * `earlier`: what the interviewer has said so far in this interview, so that nothing is said twice.
   */
  rewordQuestion(input: { previousResponse: string; nextQuestion: string; earlier?: readonly string[] }): Promise<string>;
  decideFollowUp(input: { question: string; answer: string; earlier?: readonly string[] }): Promise<FollowUpDecision>;
  evaluate(input: EvaluationInput): Promise<Evaluation>;
  checkQuestions(questions: string[]): Promise<BiasFlag[]>;
  checkText(text: string): Promise<BiasFlag[]>;
}

/** The weighted average of the judged criteria, renormalised over their weights; null if none was judged. */
export function weightedOverall(criteria: { score: number | null; weight: number }[]): number | null {
  const judged = criteria.filter((c): c is { score: number; weight: number } => c.score !== null);
  const totalWeight = judged.reduce((sum, c) => sum + c.weight, 0);
  if (judged.length === 0) return null;
  if (totalWeight === 0) return Math.round(judged.reduce((s, c) => s + c.score, 0) / judged.length);
  return Math.round(judged.reduce((sum, c) => sum + c.score * c.weight, 0) / totalWeight);
}

/** Whole weights totalling exactly 100 (largest-remainder rounding): the same rule as the job editor's. */
export const normaliseWeights = scaleWeightsTo100;

export const CANDIDATE_NAME_PLACEHOLDER = 'candidate_name';
