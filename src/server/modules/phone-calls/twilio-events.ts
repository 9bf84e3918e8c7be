import { z } from 'zod';
import { MAX_RECORD_ID } from '../../../contracts/ids';
import type { CallEndReason, CallEvent, CallProgress, CallStatusEvent } from './call-events';

/**
 * Twilio's adapter (decision 062): the fields of its webhook parameters that are used (Twilio sends
 * many more), and their translation into the product's call events. Twilio's spelling of statuses,
 * its answering-machine values and its recording callbacks stop here.
 */
const callFields = { CallSid: z.string().max(64).optional() };
export const twilioVoiceBody = z.object({ ...callFields, AnsweredBy: z.string().max(40).optional() });
export const twilioGatherBody = z.object({ ...callFields, SpeechResult: z.string().max(5_000).optional() });
export const twilioStatusBody = z.object({
  ...callFields,
  CallStatus: z.string().max(40),
  AnsweredBy: z.string().max(40).optional(),
  CallDuration: z.coerce.number().int().min(0).max(MAX_RECORD_ID).optional(),
});
export const twilioRecordingBody = z.object({
  ...callFields,
  RecordingSid: z.string().max(64).optional(),
  RecordingUrl: z.url().max(500).optional(),
  RecordingStatus: z.string().max(40).optional(),
});

/** Twilio's answering-machine detection: machine_start, machine_end_beep, machine_end_silence, machine_end_other, fax. */
const isMachine = (answeredBy: string | undefined) => Boolean(answeredBy?.startsWith('machine') || answeredBy === 'fax');

/** Twilio's call statuses (its spelling) and the event each is. */
const STATUS_EVENTS: Record<string, { kind: 'progress'; status: CallProgress } | { kind: 'ended'; reason: CallEndReason }> = {
  queued: { kind: 'progress', status: 'queued' },
  initiated: { kind: 'progress', status: 'initiated' },
  ringing: { kind: 'progress', status: 'ringing' },
  'in-progress': { kind: 'progress', status: 'in_progress' },
  completed: { kind: 'ended', reason: 'completed' },
  busy: { kind: 'ended', reason: 'busy' },
  'no-answer': { kind: 'ended', reason: 'no_answer' },
  failed: { kind: 'ended', reason: 'failed' },
  canceled: { kind: 'ended', reason: 'canceled' },
};

/** The voice webhook: someone picked up. */
export const twilioAnswered = (body: z.infer<typeof twilioVoiceBody>): CallEvent => (isMachine(body.AnsweredBy) ? { kind: 'machine' } : { kind: 'answered' });

/** The gather webhook: what Twilio heard after turn `turn` (nothing, when it heard nothing). */
export const twilioSpeech = (turn: number, body: z.infer<typeof twilioGatherBody>): CallEvent => ({ kind: 'speech', turn, text: body.SpeechResult ?? '' });

/** The status callback; a status Twilio may add later is no event. A completed call a machine answered ended at voicemail. */
export function twilioStatus(body: z.infer<typeof twilioStatusBody>): CallStatusEvent | null {
  const known = Object.hasOwn(STATUS_EVENTS, body.CallStatus) ? STATUS_EVENTS[body.CallStatus] : undefined;
  if (!known) return null;
  const answeredBy = body.AnsweredBy;
  if (known.kind === 'progress') return { ...known, answeredBy };
  const reason = known.reason === 'completed' && isMachine(answeredBy) ? 'voicemail' : known.reason;
  return { kind: 'ended', reason, durationSeconds: body.CallDuration, answeredBy };
}

/** The recording callback: an event once the recording is complete, none before. */
export function twilioRecording(body: z.infer<typeof twilioRecordingBody>): CallEvent | null {
  const { RecordingStatus, RecordingSid, RecordingUrl } = body;
  return RecordingStatus === 'completed' && RecordingSid && RecordingUrl ? { kind: 'recording_ready', sid: RecordingSid, url: RecordingUrl } : null;
}
