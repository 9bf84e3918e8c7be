import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { phoneCalls } from '../../db/schema';
import type { JobQueue } from '../../queue/queue';
import type { RecordingStore } from '../../storage';
import { isUploadId } from '../../storage/recording-store';
import type { TwilioSettings } from '../../telephony/twilio';

/** The job that copies a finished Twilio recording into our recording storage (decision 009). */
export const COPY_CALL_RECORDING = 'copy-call-recording';

/** The storage id of a call recording's copy; null for a sid that cannot be one (never a Twilio RecordingSid). */
export const callRecordingId = (recordingSid: string): string | null => (isUploadId(recordingSid) ? `call-${recordingSid}` : null);

/** Queues the copy once per recording within the hour (a repeated callback queues nothing new; a later job finds the copy made and does nothing). */
export async function requestRecordingCopy(queue: JobQueue, callId: number, recordingSid: string): Promise<void> {
  await queue.send(COPY_CALL_RECORDING, { callId, recordingSid }, { key: `${COPY_CALL_RECORDING}:${recordingSid}`, seconds: 60 * 60 });
}

/** Twilio's media address and the account's Basic credentials for a recording. */
export function twilioMediaRequest(twilio: TwilioSettings, recordingUrl: string, range?: string): [string, RequestInit] {
  const credentials = Buffer.from(`${twilio.accountSid}:${twilio.authToken}`).toString('base64');
  return [`${recordingUrl}.mp3`, { headers: { authorization: `Basic ${credentials}`, ...(range ? { range } : {}) } }];
}

/**
 * Downloads the call's recording from Twilio, streamed, into the storage. Throws on any failure so
 * the queue tries again. Nothing is done for a recording the call no longer has (its data deleted),
 * and a copy made while the data was being deleted is removed again.
 */
export async function copyCallRecording(deps: { db: Db; storage: RecordingStore; twilio: TwilioSettings | undefined }, job: { callId: number; recordingSid: string }): Promise<void> {
  const current = async () => {
    const [call] = await deps.db.select({ recordingSid: phoneCalls.recordingSid, recordingUrl: phoneCalls.recordingUrl }).from(phoneCalls).where(eq(phoneCalls.id, job.callId)).limit(1);
    return call?.recordingSid === job.recordingSid && call.recordingUrl ? call.recordingUrl : null;
  };
  const id = callRecordingId(job.recordingSid);
  const recordingUrl = await current();
  if (!id || !recordingUrl) return;
  if ((await deps.storage.size(id).catch(() => null)) !== null) return;
  if (!deps.twilio) throw new Error('Twilio is not configured: the call recording cannot be copied');
  const res = await fetch(...twilioMediaRequest(deps.twilio, recordingUrl));
  if (!res.ok || !res.body) {
    await res.body?.cancel();
    throw new Error(`Twilio answered ${res.status} for the call recording ${job.recordingSid}`);
  }
  await deps.storage.put(id, Readable.fromWeb(res.body as NodeReadableStream<Uint8Array>));
  if (!(await current())) await deps.storage.remove(id);
}
