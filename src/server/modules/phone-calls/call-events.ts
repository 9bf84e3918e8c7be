import type { PhoneCallStatus } from '../../../contracts/statuses';

/** How a call ended, in the product's words: the finished call statuses. */
export type CallEndReason = Extract<PhoneCallStatus, 'completed' | 'busy' | 'no_answer' | 'failed' | 'canceled' | 'voicemail'>;
/** Where a call can be before it ends. */
export type CallProgress = Extract<PhoneCallStatus, 'queued' | 'initiated' | 'ringing' | 'in_progress'>;

/**
 * What a telephony provider tells about a call, in the product's words (decision 062). The
 * provider's adapter translates its own vocabulary into these (see twilio-events.ts); the call
 * service decides what each one means for the call and its candidate, and knows no provider.
 */
export type CallEvent =
  /** A person picked up: the agent opens the conversation. */
  | { kind: 'answered' }
  /** A machine picked up (voicemail, fax): nothing is said, and the end is counted as voicemail. */
  | { kind: 'machine' }
  /** The candidate's spoken answer to turn `turn` (empty when nothing was heard). */
  | { kind: 'speech'; turn: number; text: string }
  /** The call moved on before it ended. */
  | { kind: 'progress'; status: CallProgress; answeredBy?: string }
  /** The call ended, and why; `answeredBy` is the provider's own word for who picked up, kept on the call. */
  | { kind: 'ended'; reason: CallEndReason; durationSeconds?: number; answeredBy?: string }
  /** The provider's recording of the call is ready to be fetched. */
  | { kind: 'recording_ready'; sid: string; url: string };

export type CallStatusEvent = Extract<CallEvent, { kind: 'progress' | 'ended' }>;
