import { once } from 'node:events';
import { PassThrough, type Readable } from 'node:stream';
import { asc, eq } from 'drizzle-orm';
import { strToU8, Zip, ZipDeflate, ZipPassThrough } from 'fflate';
import type { Db } from '../../db/client';
import { auditLog, dataRequests, emails, feedback, interviewReviews, users } from '../../db/schema';
import { recordAudit } from '../../lib/audit';
import type { RecordingStorage } from '../../storage/recordings';
import type { SessionUser } from '../auth/session';
import { getOwnInterview } from '../interviews/interviews.service';

/** The version of the export's layout, written into it so a reader knows what it holds. */
export const EXPORT_FORMAT = 'hireloop-interview-export-1';

const iso = (d: Date | null) => d?.toISOString() ?? null;

/**
 * Everything stored about one video interview's candidate, for an access request (GDPR art. 15,
 * decision 021): one ZIP with `interview.json` (the row as stored, transcripts, the evaluation,
 * reviews with their reasons, notes, emails, data requests and the audit entries about it) and the
 * recording's segments as `recording-{n}.webm`, streamed (a recording may be gigabytes). The export
 * itself is audited.
 */
export async function exportInterview(deps: { db: Db; storage: RecordingStorage }, user: SessionUser, interviewId: number): Promise<{ filename: string; stream: Readable }> {
  const { db, storage } = deps;
  const row = await getOwnInterview(db, user, interviewId);
  const [reviews, notes, mail, requests, audits] = await Promise.all([
    db
      .select({ review: interviewReviews, reviewer: users.username })
      .from(interviewReviews)
      .innerJoin(users, eq(users.id, interviewReviews.userId))
      .where(eq(interviewReviews.interviewId, interviewId))
      .orderBy(asc(interviewReviews.createdAt)),
    db.select().from(feedback).where(eq(feedback.interviewId, interviewId)).orderBy(asc(feedback.createdAt)),
    db.select().from(emails).where(eq(emails.interviewId, interviewId)).orderBy(asc(emails.createdAt)),
    db.select().from(dataRequests).where(eq(dataRequests.interviewId, interviewId)),
    db.select().from(auditLog).where(eq(auditLog.subject, `interview:${interviewId}`)).orderBy(asc(auditLog.at)),
  ]);
  // A segment whose file is gone (deleted data) is listed as missing rather than breaking the download half-way.
  const segments = await Promise.all(
    (row.recordingSegments ?? []).map(async (s, i) => ({ ...s, file: `recording-${i + 1}.webm`, present: await storage.size(s.uploadId).then(() => true, () => false) })),
  );
  const document = {
    format: EXPORT_FORMAT,
    exportedAt: new Date().toISOString(),
    interview: {
      id: row.id,
      jobId: row.jobId,
      candidateName: row.candidateName,
      email: row.email,
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
    dataRequests: requests.map((r) => ({ kind: r.kind, status: r.status, requestedAt: iso(r.requestedAt), dueAt: iso(r.dueAt), completedAt: iso(r.completedAt) })),
    auditTrail: audits.map((a) => ({ at: iso(a.at), action: a.action, details: a.details })),
    recordings: segments.map((s) => (s.present ? { file: s.file, bytes: s.bytes } : { file: null, bytes: s.bytes, missing: true })),
  };
  await recordAudit(db, { action: 'candidate_data_exported', actorUserId: user.id, companyId: user.companyId, subject: `interview:${interviewId}` });

  const out = new PassThrough();
  const zip = new Zip((err, chunk, final) => {
    if (err) return void out.destroy(err);
    out.write(chunk);
    if (final) out.end();
  });
  void (async () => {
    const json = new ZipDeflate('interview.json', { level: 6 });
    zip.add(json);
    json.push(strToU8(JSON.stringify(document, null, 2)), true);
    for (const segment of segments.filter((s) => s.present)) {
      // WebM is compressed already: stored as it is.
      const entry = new ZipPassThrough(segment.file);
      zip.add(entry);
      for await (const chunk of storage.read(segment.uploadId)) {
        entry.push(chunk as Uint8Array);
        if (out.writableNeedDrain) await once(out, 'drain');
      }
      entry.push(new Uint8Array(0), true);
    }
    zip.end();
  })().catch((err: unknown) => out.destroy(err instanceof Error ? err : new Error(String(err))));
  return { filename: `interview-${interviewId}-export.zip`, stream: out };
}
