import { randomBytes } from 'node:crypto';
import { and, eq, inArray, isNotNull, isNull, lt, ne, sql, type SQLWrapper } from 'drizzle-orm';
import type { CompanySettings, CompanySettingsInput } from '../../../contracts/candidate-data';
import type { DeletionReason } from '../../../contracts/statuses';
import type { Db, Tx } from '../../db/client';
import { storedEvaluation, type StoredEvaluation } from '../../../contracts/ai';
import { alternativeRequests, applications, companies, dataRequests, emails, feedback, interviewReviews, interviews, jobs, phoneCalls, phoneScreeningCandidates, phoneScreenings, recordingUploads } from '../../db/schema';
import { recordAudit } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import type { RecordingStore } from '../../storage';
import type { JobQueue } from '../../queue/queue';
import type { Telephony } from '../../telephony/telephony';
import { callRecordingId } from '../phone-calls/recording-copy';
import { candidateDeletedEvent, recordWebhookEvent } from '../webhooks/events';

/**
 * Deleting a candidate's data (issue 15, docs/decisions/021-candidate-data.md): everything that
 * names or records the person goes, wherever it lived (the row's fields, transcripts, the AI's
 * wording and evidence, recruiter notes and review reasons, recordings and upload staging on disk,
 * the call recordings at the telephony provider, invitation emails). What stays is an anonymised
 * row: the status, dates and scores, for the job's statistics. Every deletion is audited by id and
 * reason code only.
 */

export const DELETED_NAME = 'Deleted candidate';
export const RETENTION_SWEEP = 'retention-sweep';
/** At most one retention run per this many seconds, whatever the number of instances asking (pg-boss allows up to its 12-hour archive interval). */
export const RETENTION_PERIOD_SECONDS = 12 * 60 * 60;

/** Asks the queue for a retention run; null when one was already asked for in this period. */
export const requestRetentionRun = (queue: JobQueue) => queue.send(RETENTION_SWEEP, {}, { key: RETENTION_SWEEP, seconds: RETENTION_PERIOD_SECONDS });
export const LEGAL_HOLD_REFUSAL = 'This candidate is under a legal hold: lift the hold before deleting their data';

export interface CandidateDataDeps {
  db: Db;
  storage: RecordingStore;
  telephony: Telephony | null;
}

/** Who deleted: a recruiter (their user and company), or the retention job (no user). */
export interface Eraser {
  userId: number | null;
  companyId: number;
}

/** The scores of a stored evaluation, without its words (summary, feedback, evidence, flags quote or describe the candidate). */
function scoresOnly(stored: StoredEvaluation | null): StoredEvaluation | null {
  if (!stored) return null;
  const { overall, insufficientEvidence, engine, model, promptVersion, evaluatedAt } = stored;
  return storedEvaluation.parse({
    overall,
    insufficientEvidence,
    engine,
    model,
    promptVersion,
    evaluatedAt,
    summary: '',
    criteria: stored.criteria.map(({ name, weight, score }) => ({ name, weight, score, feedback: '', evidence: [] })),
    biasFlags: [],
    worthChecking: [],
  });
}

/** Review reasons are free text a recruiter wrote about the person: emptied, the entries themselves kept. */
async function redactReviews(tx: Tx, interviewId: number): Promise<void> {
  await tx.update(interviewReviews).set({ reason: '' }).where(and(eq(interviewReviews.interviewId, interviewId), sql`${interviewReviews.reason} <> ''`));
}

/** Deletes one video interview's candidate data. Returns false when it was already deleted. */
export async function eraseInterview(deps: CandidateDataDeps, interviewId: number, reason: DeletionReason, by: Eraser): Promise<boolean> {
  const uploadIds = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ interview: interviews })
      .from(interviews)
      .innerJoin(jobs, eq(jobs.id, interviews.jobId))
      .where(and(eq(interviews.id, interviewId), eq(jobs.companyId, by.companyId)))
      .for('update', { of: interviews });
    if (!row) throw new AppError('NOT_FOUND', 'Interview not found');
    const interview = row.interview;
    if (interview.dataDeletedAt) return null;
    if (interview.legalHold) throw new AppError('LEGAL_HOLD', LEGAL_HOLD_REFUSAL);
    const staged = await tx.select({ id: recordingUploads.id }).from(recordingUploads).where(eq(recordingUploads.interviewId, interviewId));
    const ids = new Set([...staged.map((u) => u.id), ...(interview.recordingSegments ?? []).map((s) => s.uploadId)]);
    await tx
      .update(interviews)
      .set({
        candidateName: DELETED_NAME,
        email: '',
        transcript: null,
        serverTranscript: null,
        transcriptionError: null,
        feedback: scoresOnly(interview.feedback),
        recordingUrl: null,
        recordingSegments: null,
        // The link stops working: a new random token nobody has.
        candidateToken: randomBytes(24).toString('base64url'),
        aiToken: null,
        roomName: null,
        roomUrl: null,
        isActive: false,
        dataDeletedAt: new Date(),
        deletionReason: reason,
      })
      .where(eq(interviews.id, interviewId));
    await tx.delete(recordingUploads).where(eq(recordingUploads.interviewId, interviewId));
    await tx.delete(feedback).where(eq(feedback.interviewId, interviewId));
    await tx.delete(emails).where(eq(emails.interviewId, interviewId));
    // What they sent with an application (cover note, CV: issue 17).
    await tx.delete(applications).where(eq(applications.interviewId, interviewId));
    await redactReviews(tx, interviewId);
    // The candidate's own words in a request for an alternative go; the request (kind, dates) stays (decision 025).
    await tx.update(alternativeRequests).set({ message: null }).where(eq(alternativeRequests.interviewId, interviewId));
    await tx.update(dataRequests).set({ status: 'completed', completedAt: new Date() }).where(and(eq(dataRequests.interviewId, interviewId), ne(dataRequests.status, 'completed')));
    await recordAudit(tx, { action: 'candidate_data_deleted', actorUserId: by.userId, companyId: by.companyId, subject: `interview:${interviewId}`, details: { reason } });
    await recordWebhookEvent(tx, candidateDeletedEvent({ companyId: by.companyId, kind: 'interview', interviewId, jobId: interview.jobId, reason, userId: by.userId, deletedAt: new Date() }));
    return [...ids];
  });
  if (!uploadIds) return false;
  // Files go after the rows: a crash in between leaves files no row points to, never a row without its files.
  for (const id of uploadIds) await deps.storage.remove(id);
  return true;
}

/** Deletes one phone screening candidate's data, the provider's call recordings first. Returns false when already deleted. */
export async function erasePhoneCandidate(deps: CandidateDataDeps, candidateId: number, reason: DeletionReason, by: Eraser): Promise<boolean> {
  const [found] = await deps.db
    .select({ candidate: phoneScreeningCandidates })
    .from(phoneScreeningCandidates)
    .innerJoin(phoneScreenings, eq(phoneScreenings.id, phoneScreeningCandidates.screeningId))
    .where(and(eq(phoneScreeningCandidates.id, candidateId), eq(phoneScreenings.companyId, by.companyId)));
  if (!found) throw new AppError('NOT_FOUND', 'Candidate not found');
  if (found.candidate.dataDeletedAt) return false;
  if (found.candidate.legalHold) throw new AppError('LEGAL_HOLD', LEGAL_HOLD_REFUSAL);
  const recorded = await deps.db
    .select({ sid: phoneCalls.recordingSid })
    .from(phoneCalls)
    .where(and(eq(phoneCalls.candidateId, candidateId), isNotNull(phoneCalls.recordingSid)));
  for (const { sid } of recorded) {
    if (!deps.telephony) throw new AppError('SERVICE_UNAVAILABLE', 'The call recordings are kept by the telephony provider, which is not configured: nothing was deleted');
    try {
      await deps.telephony.deleteRecording(sid!);
    } catch {
      throw new AppError('SERVICE_UNAVAILABLE', 'The telephony provider could not delete the call recording: nothing was deleted. Please try again.');
    }
  }
  const erased = await deps.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(phoneScreeningCandidates)
      .set({
        candidateName: DELETED_NAME,
        phoneNumber: '',
        email: null,
        notes: null,
        transcript: null,
        feedback: scoresOnly(found.candidate.feedback),
        recordingUrl: null,
        candidateToken: null,
        nextCallAt: null,
        outcome: null,
        dataDeletedAt: new Date(),
        deletionReason: reason,
      })
      .where(and(eq(phoneScreeningCandidates.id, candidateId), isNull(phoneScreeningCandidates.dataDeletedAt), eq(phoneScreeningCandidates.legalHold, false)))
      .returning({ id: phoneScreeningCandidates.id });
    if (!updated) return false;
    await tx
      .update(phoneCalls)
      .set({ transcript: [], lastReply: null, recordingSid: null, recordingUrl: null, error: null })
      .where(eq(phoneCalls.candidateId, candidateId));
    // The recruiters' notifications naming the candidate (decision 031).
    await tx.delete(emails).where(eq(emails.phoneCandidateId, candidateId));
    await tx.delete(applications).where(eq(applications.phoneCandidateId, candidateId));
    // The candidate's own deletion request, from their call link, is thereby carried out.
    await tx.update(dataRequests).set({ status: 'completed', completedAt: new Date() }).where(and(eq(dataRequests.phoneCandidateId, candidateId), ne(dataRequests.status, 'completed')));
    await recordAudit(tx, { action: 'candidate_data_deleted', actorUserId: by.userId, companyId: by.companyId, subject: `phone_candidate:${candidateId}`, details: { reason } });
    await recordWebhookEvent(tx, candidateDeletedEvent({ companyId: by.companyId, kind: 'phone_candidate', candidateId, screeningId: found.candidate.screeningId, reason, userId: by.userId, deletedAt: new Date() }));
    return true;
  });
  if (!erased) return false;
  // Our copies of the recordings go after the rows, as an interview's files do (decision 009).
  for (const { sid } of recorded) {
    const id = callRecordingId(sid!);
    if (id) await deps.storage.remove(id);
  }
  return true;
}

/** Puts a legal hold on (or lifts it from) one interview or phone candidate of the company. */
export async function setLegalHold(db: Db, kind: 'interview' | 'phone_candidate', id: number, hold: boolean, by: Eraser & { userId: number }): Promise<void> {
  await db.transaction(async (tx) => {
    const owned =
      kind === 'interview'
        ? await tx
            .update(interviews)
            .set({ legalHold: hold })
            .where(and(eq(interviews.id, id), inArray(interviews.jobId, tx.select({ id: jobs.id }).from(jobs).where(eq(jobs.companyId, by.companyId)))))
            .returning({ id: interviews.id })
        : await tx
            .update(phoneScreeningCandidates)
            .set({ legalHold: hold })
            .where(
              and(
                eq(phoneScreeningCandidates.id, id),
                inArray(phoneScreeningCandidates.screeningId, tx.select({ id: phoneScreenings.id }).from(phoneScreenings).where(eq(phoneScreenings.companyId, by.companyId))),
              ),
            )
            .returning({ id: phoneScreeningCandidates.id });
    if (owned.length === 0) throw new AppError('NOT_FOUND', kind === 'interview' ? 'Interview not found' : 'Candidate not found');
    await recordAudit(tx, { action: hold ? 'legal_hold_placed' : 'legal_hold_lifted', actorUserId: by.userId, companyId: by.companyId, subject: `${kind}:${id}` });
  });
}

/** The company's settings: the retention period and how long candidate links stay valid (decision 030). */
export async function companySettingsOf(db: Db | Tx, companyId: number): Promise<CompanySettings> {
  const [row] = await db.select({ retentionDays: companies.retentionDays, candidateLinkDays: companies.candidateLinkDays }).from(companies).where(eq(companies.id, companyId));
  if (!row) throw new AppError('NOT_FOUND', 'Company not found');
  return row;
}

/** Changes one setting or both in one transaction; each change is audited with its old and new value. */
export async function updateCompanySettings(db: Db, by: Eraser & { userId: number }, input: CompanySettingsInput): Promise<CompanySettings> {
  return db.transaction(async (tx) => {
    const before = await companySettingsOf(tx, by.companyId);
    const after = { retentionDays: input.retentionDays ?? before.retentionDays, candidateLinkDays: input.candidateLinkDays ?? before.candidateLinkDays };
    await tx.update(companies).set(after).where(eq(companies.id, by.companyId));
    const audit = (action: 'retention_changed' | 'candidate_link_days_changed', from: number, to: number) =>
      from === to ? undefined : recordAudit(tx, { action, actorUserId: by.userId, companyId: by.companyId, details: { from, to } });
    await audit('retention_changed', before.retentionDays, after.retentionDays);
    await audit('candidate_link_days_changed', before.candidateLinkDays, after.candidateLinkDays);
    return after;
  });
}

/**
 * The retention job: every interview and phone candidate whose interview or call ended (or, never
 * held, was created) longer ago than its company's retention period, and is not on legal hold,
 * is deleted with the reason 'retention'. Returns how many of each.
 */
export async function sweepRetention(deps: CandidateDataDeps, now: Date): Promise<{ interviews: number; phoneCandidates: number; failed: number }> {
  const due = (ended: SQLWrapper, created: SQLWrapper) =>
    lt(sql`coalesce(${ended}, ${created})`, sql`${now.toISOString()}::timestamptz - make_interval(days => ${companies.retentionDays})`);
  const dueInterviews = await deps.db
    .select({ id: interviews.id, companyId: jobs.companyId })
    .from(interviews)
    .innerJoin(jobs, eq(jobs.id, interviews.jobId))
    .innerJoin(companies, eq(companies.id, jobs.companyId))
    .where(and(isNull(interviews.dataDeletedAt), eq(interviews.legalHold, false), due(interviews.completedAt, interviews.createdAt)));
  const dueCandidates = await deps.db
    .select({ id: phoneScreeningCandidates.id, companyId: phoneScreenings.companyId })
    .from(phoneScreeningCandidates)
    .innerJoin(phoneScreenings, eq(phoneScreenings.id, phoneScreeningCandidates.screeningId))
    .innerJoin(companies, eq(companies.id, phoneScreenings.companyId))
    .where(and(isNull(phoneScreeningCandidates.dataDeletedAt), eq(phoneScreeningCandidates.legalHold, false), due(phoneScreeningCandidates.completedAt, phoneScreeningCandidates.createdAt)));
  const result = { interviews: 0, phoneCandidates: 0, failed: 0 };
  // One that cannot be deleted now (a provider failing) is counted and tried again by the next run.
  const eraseAll = async (rows: { id: number; companyId: number }[], erase: typeof eraseInterview) => {
    let erased = 0;
    for (const row of rows) if (await erase(deps, row.id, 'retention', { userId: null, companyId: row.companyId }).catch(() => (result.failed++, false))) erased++;
    return erased;
  };
  result.interviews = await eraseAll(dueInterviews, eraseInterview);
  result.phoneCandidates = await eraseAll(dueCandidates, erasePhoneCandidate);
  return result;
}
