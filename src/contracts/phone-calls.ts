import { z } from 'zod';

/** What the agent says next in a screening call, and the turn the candidate's answer must name. */
export const callReply = z.object({
  callId: z.number(),
  /** Quote this in the answer, so a repeated answer is recognised and answered the same way. */
  turn: z.number(),
  say: z.array(z.string()),
  /** True once the agent has said goodbye. */
  done: z.boolean(),
  agentName: z.string(),
});
export type CallReply = z.infer<typeof callReply>;

/** How a call ended: all questions asked, the candidate declined, asked not to be called again, or could not be heard. */
export const CALL_ENDINGS = ['finished', 'declined', 'opted_out', 'no_response'] as const;
export type CallEnding = (typeof CALL_ENDINGS)[number];

/** Where a call's conversation is (phone_calls.conversation; modules/phone-calls/conversation.ts moves it on). */
export const conversationState = z.object({
  phase: z.enum(['consent', 'question', 'follow_up', 'ended']),
  questionIndex: z.number().int().nonnegative(),
  /** Silent or unclear answers in a row at the current step. */
  retries: z.number().int().nonnegative(),
  ending: z.enum(CALL_ENDINGS).optional(),
});
export type ConversationState = z.infer<typeof conversationState>;

export const callAnswerInput = z.object({
  turn: z.number().int().min(0),
  /** What the candidate said; empty when nothing was heard. */
  text: z.string().max(5_000),
});
export type CallAnswerInput = z.infer<typeof callAnswerInput>;

