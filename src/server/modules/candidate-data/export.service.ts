import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  alternativeRequests,
  applications,
  auditLog,
  callOptOuts,
  dataRequests,
  emails,
  feedback,
  interviewConsents,
  interviewReviews,
  phoneCalls,
  phoneScreeningCandidates,
  phoneScreenings,
  users,
} from '../../db/schema';
import { auditActor, recordAudit } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import type { RecordingStore } from '../../storage';
import type { TwilioSettings } from '../../telephony/twilio';
import type { SessionUser } from '../auth/session';
import { getOwnInterview } from '../interviews/interviews.service';
import { applicationCvFile, applicationRecord, dataRequestRecord, iso, phoneCandidateRecord } from './export-records';
import { zipStream } from './export-zip';

/** The version of the export's layout, written into it so a reader knows what it holds. */
export const EXPORT_FORMAT = 'hireloop-interview-export-1';


/**
 * Everything stored about one video interview's candidate, for an access request (GDPR art. 15,
 * decision 021): one ZIP with `interview.json` (the row as stored, transcripts, the evaluation,
 * reviews with their reasons, notes, emails, data requests and the audit entries about it) and the
 * recording's segments as `recording-{n}.webm`, streamed (a recording may be gigabytes). The export
 * itself is audited.
 */
export async function exportInterview(deps: { db: Db; storage: RecordingStore }, user: SessionUser, interviewId: number): Promise<{ filename: string; stream: Readable }> {
  const { db, storage } = deps;
  const row = await getOwnInterview(db, user, interviewId);
  const [reviews, notes, mail, requests, audits, consents, alternatives, [application]] = await Promise.all([
    db
      .select({ review: interviewReviews, reviewer: users.username })
      .from(interviewReviews)
      .innerJoin(users, eq(users.id, interviewReviews.userId))
      .where(eq(interviewReviews.interviewId, interviewId))
      .orderBy(asc(interviewReviews.createdAt)),
    db.select().from(feedback).where(eq(feedback.interviewId, interviewId)).orderBy(asc(feedback.createdAt)),
    // The emails sent to the candidate (invitations, reminders): not the recruiters' notifications about them, which carry members' addresses.
    db
      .select()
      .from(emails)
      .where(and(eq(emails.interviewId, interviewId), sql`lower(${emails.toAddress}) = lower(${row.email})`))
      .orderBy(asc(emails.createdAt)),
    db.select().from(dataRequests).where(eq(dataRequests.interviewId, interviewId)),
    db.select().from(auditLog).where(eq(auditLog.subject, `interview:${interviewId}`)).orderBy(asc(auditLog.at)),
    db.select().from(interviewConsents).where(eq(interviewConsents.interviewId, interviewId)).orderBy(asc(interviewConsents.givenAt)),
    db.select().from(alternativeRequests).where(eq(alternativeRequests.interviewId, interviewId)).orderBy(asc(alternativeRequests.requestedAt)),
    db.select().from(applications).where(eq(applications.interviewId, interviewId)),
  ]);
  // A segment whose file is gone (deleted data) is listed as missing rather than breaking the download half-way.
  const segments = await Promise.all(
    (row.recordingSegments ?? []).map(async (s, i) => ({ ...s, file: `recording-${i + 1}.${s.format ?? 'webm'}`, present: await storage.size(s.uploadId).then(() => true, () => false) })),
  );
  const document = {
    format: EXPORT_FORMAT,
    exportedAt: new Date().toISOString(),
    interview: {
      id: row.id,
      jobId: row.jobId,
      candidateName: row.candidateName,
      email: row.email,
      source: row.source,
      status: row.status,
      videoRecording: row.videoRecording,
      scheduledFor: iso(row.scheduledFor),
      createdAt: iso(row.createdAt),
      startedAt: iso(row.startedAt),
      completedAt: iso(row.completedAt),
      legalHold: row.legalHold,
      dataDeletedAt: iso(row.dataDeletedAt),
      deletionReason: row.deletionReason,
      transcriptSource: row.transcriptSource,
      transcriptionError: row.transcriptionError,
    },
    transcript: row.transcript,
    serverTranscript: row.serverTranscript,
    evaluation: row.feedback,
    reviews: reviews.map(({ review, reviewer }) => ({ ...review, reviewer, createdAt: iso(review.createdAt) })),
    notes: notes.map((n) => ({ content: n.content, rating: n.rating, createdAt: iso(n.createdAt) })),
    emails: mail.map((m) => ({ kind: m.kind, to: m.toAddress, subject: m.subject, body: m.body, status: m.status, createdAt: iso(m.createdAt), sentAt: iso(m.sentAt) })),
    dataRequests: requests.map(dataRequestRecord),
    // The notice the candidate agreed to, word for word, and their requests for an alternative (decision 025).
    consents: consents.map((c) => ({ noticeVersion: c.noticeVersion, noticeText: c.noticeText, givenAt: iso(c.givenAt) })),
    alternativeRequests: alternatives.map((r) => ({ kind: r.kind, message: r.message, status: r.status, requestedAt: iso(r.requestedAt), resolvedAt: iso(r.resolvedAt) })),
    application: applicationRecord(application),
    auditTrail: audits.map((a) => ({ at: iso(a.at), action: a.action, details: a.details })),
    recordings: segments.map((s) => (s.present ? { file: s.file, bytes: s.bytes } : { file: null, bytes: s.bytes, missing: true })),
  };
  await recordAudit(db, { action: 'candidate_data_exported', ...auditActor(user), subject: `interview:${interviewId}` });

  const stream = zipStream(async (zip) => {
    await zip.text('interview.json', JSON.stringify(document, null, 2));
    if (application?.cv) await zip.stored(applicationCvFile(application), Readable.from([application.cv]));
    // WebM is compressed already: stored as it is.
    for (const segment of segments.filter((s) => s.present)) await zip.stored(segment.file, await storage.read(segment.uploadId));
  });
  return { filename: `interview-${interviewId}-export.zip`, stream };
}

/** The version of the phone candidate export's layout. */
export const PHONE_EXPORT_FORMAT = 'hireloop-phone-candidate-export-1';

/** How long Twilio may take to start answering with a recording before it is listed as not included. */
const RECORDING_FETCH_TIMEOUT_MS = 15_000;

type CallRecording = { file: string; body: AsyncIterable<Uint8Array> } | { file: null; notIncluded: string };

/**
 * A call recording from Twilio, where the product keeps none itself. Asked for when the export is
 * written, so a recording Twilio cannot give now is listed with the reason instead of failing the rest.
 */
async function fetchRecording(twilio: TwilioSettings | undefined, url: string, file: string, signal: AbortSignal): Promise<CallRecording> {
  if (!twilio) return { file: null, notIncluded: 'Kept by the telephony provider (Twilio), which is not configured on this server' };
  const timeout = AbortSignal.timeout(RECORDING_FETCH_TIMEOUT_MS);
  const started = new AbortController();
  const stop = () => started.abort();
  timeout.addEventListener('abort', stop, { once: true });
  signal.addEventListener('abort', stop, { once: true });
  try {
    const credentials = Buffer.from(`${twilio.accountSid}:${twilio.authToken}`).toString('base64');
    const res = await fetch(`${url}.mp3`, { headers: { authorization: `Basic ${credentials}` }, signal: started.signal });
    if (res.status === 404) return { file: null, notIncluded: 'Twilio no longer has this recording' };
    if (!res.ok || !res.body) return { file: null, notIncluded: `Twilio did not give the recording (HTTP ${res.status}): download again to include it` };
    return { file, body: Readable.fromWeb(res.body as NodeReadableStream<Uint8Array>) };
  } catch {
    return { file: null, notIncluded: 'Twilio could not be reached: download again to include it' };
  } finally {
    // Once Twilio answers, only the download's closing stops the transfer.
    timeout.removeEventListener('abort', stop);
  }
}

/**
 * Everything stored about one phone screening candidate, for an access request (decision 021,
 * "Exports"): `candidate.json` (the row as stored, the screening it belongs to, the transcript, the
 * evaluation, every call with its status, transcript and the agent's conversation state, the audit
 * entries about them) and each call's recording as `call-{attempt}-recording.mp3`, fetched from
 * Twilio (the product keeps none itself) and stored as it is. Audited like the interview export.
 */
export async function exportPhoneCandidate(deps: { db: Db; twilio: TwilioSettings | undefined }, user: SessionUser, candidateId: number): Promise<{ filename: string; stream: Readable }> {
  const { db } = deps;
  const [found] = await db
    .select({ candidate: phoneScreeningCandidates, screening: phoneScreenings })
    .from(phoneScreeningCandidates)
    .innerJoin(phoneScreenings, eq(phoneScreenings.id, phoneScreeningCandidates.screeningId))
    .where(and(eq(phoneScreeningCandidates.id, candidateId), eq(phoneScreenings.companyId, user.companyId)));
  if (!found) throw new AppError('NOT_FOUND', 'Candidate not found');
  const { candidate: c, screening: s } = found;
  const [calls, audits, [optOut], requests, [application]] = await Promise.all([
    db.select().from(phoneCalls).where(eq(phoneCalls.candidateId, candidateId)).orderBy(asc(phoneCalls.attempt), asc(phoneCalls.id)),
    db.select().from(auditLog).where(eq(auditLog.subject, `phone_candidate:${candidateId}`)).orderBy(asc(auditLog.at), asc(auditLog.id)),
    db.select().from(callOptOuts).where(eq(callOptOuts.candidateId, candidateId)),
    db.select().from(dataRequests).where(eq(dataRequests.phoneCandidateId, candidateId)),
    db.select().from(applications).where(eq(applications.phoneCandidateId, candidateId)),
  ]);
  await recordAudit(db, { action: 'candidate_data_exported', ...auditActor(user), subject: `phone_candidate:${candidateId}` });

  const stream = zipStream(async (zip) => {
    // The recordings first, so the document says which of them are in the archive.
    const recordings = new Map<number, CallRecording>();
    for (const call of calls) {
      if (!call.recordingUrl) continue;
      const recording = await fetchRecording(deps.twilio, call.recordingUrl, `call-${call.attempt}-recording.mp3`, zip.signal);
      if (recording.file !== null) await zip.stored(recording.file, recording.body);
      recordings.set(call.id, recording);
    }
    const document = {
      format: PHONE_EXPORT_FORMAT,
      exportedAt: new Date().toISOString(),
      screening: { id: s.id, jobTitle: s.jobTitle, jobDescription: s.jobDescription, agentName: s.agentName, questions: s.questions },
      candidate: phoneCandidateRecord(c),
      notes: c.notes,
      // Asked not to be called again, or declined (decision 025).
      optOut: optOut ? { reason: optOut.reason, optedOutAt: iso(optOut.optedOutAt) } : null,
      // Their request to delete their data, from the call link (decision 021).
      dataRequests: requests.map(dataRequestRecord),
      application: applicationRecord(application),
      transcript: c.transcript,
      evaluation: c.feedback,
      calls: calls.map((call) => {
        const recording = recordings.get(call.id);
        return {
          id: call.id,
          attempt: call.attempt,
          provider: call.provider,
          providerCallId: call.providerSid,
          status: call.status,
          answeredBy: call.answeredBy,
          durationSeconds: call.durationSeconds,
          error: call.error,
          startedAt: iso(call.startedAt),
          endedAt: iso(call.endedAt),
          createdAt: iso(call.createdAt),
          transcript: call.transcript,
          conversation: call.conversation,
          lastReply: call.lastReply,
          recording: !recording ? null : recording.file !== null ? { file: recording.file, providerRecordingId: call.recordingSid } : { file: null, providerRecordingId: call.recordingSid, notIncluded: recording.notIncluded },
        };
      }),
      auditTrail: audits.map((a) => ({ at: iso(a.at), action: a.action, details: a.details })),
    };
    await zip.text('candidate.json', JSON.stringify(document, null, 2));
    if (application?.cv) await zip.stored(applicationCvFile(application), Readable.from([application.cv]));
  });
  return { filename: `phone-candidate-${candidateId}-export.zip`, stream };
}
