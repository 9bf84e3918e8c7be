import type { FollowUpDecision } from '../../engine';
import { runLlmTask, type LlmCallSettings } from '../call';
import { SYSTEM_PROMPT, userPrompt } from './prompt';
import { followUpOutput, type FollowUpOutput } from './schema';

export function decideFollowUp(settings: LlmCallSettings, input: { question: string; answer: string }): Promise<FollowUpDecision> {
  return runLlmTask(settings, {
    name: 'follow_up_decision',
    schema: followUpOutput,
    schemaDescription: 'Whether to ask one follow-up question',
    system: SYSTEM_PROMPT,
    prompt: userPrompt(input),
    maxOutputTokens: 300,
    postProcess: toDecision,
  });
}

export function toDecision(output: FollowUpOutput): FollowUpDecision {
  const reason = output.reason.replace(/\s+/g, ' ').trim();
  let followUp = output.followUp?.replace(/\s+/g, ' ').trim() ?? '';
  // At most one question: anything after the first question mark is a second one.
  const firstQuestionEnd = followUp.search(/[?？]/);
  if (firstQuestionEnd !== -1) followUp = followUp.slice(0, firstQuestionEnd + 1);
  if (followUp === '') return { followUp: null, reason: reason || 'The answer addresses the question.' };
  return { followUp, reason: reason || 'The answer needs more detail.' };
}
