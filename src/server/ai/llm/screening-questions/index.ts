import type { ScreeningInput } from '../../engine';
import { InvalidOutputError, runLlmTask, type LlmCallSettings } from '../call';
import { uniqueLines } from '../text';
import { SYSTEM_PROMPT, userPrompt } from './prompt';
import { screeningQuestionsOutput } from './schema';

export const MAX_SCREENING_QUESTIONS = 8;

/** Used when nothing about the job is given: there is nothing for a model to tailor. */
export const DEFAULT_SCREENING_QUESTIONS: readonly string[] = [
  'Could you briefly walk me through your background and your most relevant experience?',
  'What interests you about this role?',
  'What skills would you bring to this position?',
  'Tell me about a challenge you faced at work and how you handled it.',
  'How do you like to work with colleagues and managers?',
  'When would you be available to start, and what schedule would suit you?',
  'Is there anything you would like to ask about the role?',
];

export async function screeningQuestions(settings: LlmCallSettings, input: ScreeningInput): Promise<string[]> {
  const given = [input.jobTitle, input.jobDescription, input.skills].some((v) => v !== undefined && v.trim() !== '');
  if (!given) return [...DEFAULT_SCREENING_QUESTIONS];

  return runLlmTask(settings, {
    name: 'screening_questions',
    schema: screeningQuestionsOutput,
    schemaDescription: 'Phone screening questions for one job',
    system: SYSTEM_PROMPT,
    prompt: userPrompt(input),
    postProcess: ({ questions }) => {
      const unique = uniqueLines(questions).slice(0, MAX_SCREENING_QUESTIONS);
      if (unique.length < 5) throw new InvalidOutputError(`only ${unique.length} distinct questions; write 5 to 8 different questions`);
      return unique;
    },
  });
}
