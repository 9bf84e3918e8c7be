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

export const callAnswerInput = z.object({
  turn: z.number().int().min(0),
  /** What the candidate said; empty when nothing was heard. */
  text: z.string().max(5_000),
});
export type CallAnswerInput = z.infer<typeof callAnswerInput>;

