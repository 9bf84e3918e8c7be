import { CANDIDATE_NAME_PLACEHOLDER } from '../../engine';
import { runLlmTask, type LlmCallSettings } from '../call';
import { SYSTEM_PROMPT, userPrompt } from './prompt';
import { rewordQuestionOutput } from './schema';

export interface RewordInput {
  previousResponse: string;
  nextQuestion: string;
}

export async function rewordQuestion(settings: LlmCallSettings, input: RewordInput): Promise<string> {
  // Nothing to bridge from: the plain question is the natural thing to say.
  if (input.previousResponse.trim() === '') return input.nextQuestion;

  return runLlmTask(settings, {
    name: 'reworded_question',
    schema: rewordQuestionOutput,
    schemaDescription: 'What the interviewer says next',
    system: SYSTEM_PROMPT,
    prompt: userPrompt(input),
    maxOutputTokens: 300,
    postProcess: ({ response }) => keepOrFallBack(response, input.nextQuestion),
  });
}

/**
 * The model's wording when it kept what matters, else the question as written: the placeholder
 * must survive, and a reworded question may not smuggle in an extra question or run on.
 */
export function keepOrFallBack(response: string, nextQuestion: string): string {
  const text = response.replace(/\s+/g, ' ').trim();
  if (text === '') return nextQuestion;
  if (nextQuestion.includes(CANDIDATE_NAME_PLACEHOLDER) && !text.includes(CANDIDATE_NAME_PLACEHOLDER)) return nextQuestion;
  if (questionMarks(text) > Math.max(1, questionMarks(nextQuestion))) return nextQuestion;
  if (text.length > nextQuestion.length * 2 + 200) return nextQuestion;
  return text;
}

function questionMarks(text: string): number {
  return (text.match(/[?？]/g) ?? []).length;
}
