import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { StoredEvaluation } from '../../../contracts/ai';
import type { DeletionReason, ReviewDecision, WebhookEvent } from '../../../contracts/statuses';
import type { CandidateDeletedData, InterviewCompletedData, InterviewReviewedData, ScreeningCompletedData } from '../../../contracts/webhooks';
import type { Db, Tx } from '../../db/client';
import { interviews, jobs, phoneScreeningCandidates, phoneScreenings, webhookDeliveries, webhookEndpoints } from '../../db/schema';

export interface WebhookEventInput {
  companyId: number;
  type: WebhookEvent;
  /** The event's own fields (ids, status, scores): never more about the candidate than the event needs. */
  data: Record<string, unknown>;
}

/**
 * Records an event for every enabled endpoint of the company subscribed to it, in the caller's
 * transaction: the event is delivered if and only if what it reports was committed. The delivery
 * worker sends what is pending. Returns the event's id (the receiver's idempotency key), or null
 * when no endpoint wants it.
 */
export async function recordWebhookEvent(db: Db | Tx, event: WebhookEventInput, now: Date = new Date()): Promise<string | null> {
  const endpoints = await db
    .select({ id: webhookEndpoints.id, events: webhookEndpoints.events })
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.companyId, event.companyId), eq(webhookEndpoints.enabled, true)));
  const subscribed = endpoints.filter((e) => e.events.includes(event.type));
  if (subscribed.length === 0) return null;
  const eventId = randomUUID();
  const payload = { id: eventId, type: event.type, createdAt: now.toISOString(), data: event.data };
  await db.insert(webhookDeliveries).values(
    subscribed.map((e) => ({ endpointId: e.id, companyId: event.companyId, eventId, event: event.type, payload, createdAt: now, nextAttemptAt: now })),
  );
  return eventId;
}

// ---- The events' data (contracts/webhooks.ts), each read inside the event's own transaction ----

/** The numbers a stored evaluation carries; none before scoring. */
const scoresOf = (feedback: StoredEvaluation | null): { overallScore: number | null; insufficientEvidence: boolean } => ({
  overallScore: feedback?.overall ?? null,
  insufficientEvidence: feedback?.insufficientEvidence ?? false,
});

/** interview.completed, for an interview just scored. `appUrl` makes the report's link absolute. */
export async function interviewCompletedEvent(db: Db | Tx, interviewId: number, appUrl = ''): Promise<WebhookEventInput> {
  const [row] = await db
    .select({ interview: interviews, job: { id: jobs.id, title: jobs.title, companyId: jobs.companyId } })
    .from(interviews)
    .innerJoin(jobs, eq(jobs.id, interviews.jobId))
    .where(eq(interviews.id, interviewId));
  if (!row) throw new Error(`interview ${interviewId} not found`);
  const { interview, job } = row;
  const data: InterviewCompletedData = {
    interviewId,
    jobId: job.id,
    jobTitle: job.title,
    candidate: { name: interview.candidateName, email: interview.email },
    ...scoresOf(interview.feedback),
    completedAt: (interview.completedAt ?? new Date()).toISOString(),
    reportUrl: `${appUrl}/interview/${interviewId}`,
  };
  return { companyId: job.companyId, type: 'interview.completed', data };
}

/** interview.reviewed, for a decision a member recorded. */
export function interviewReviewedEvent(input: {
  companyId: number;
  interviewId: number;
  jobId: number;
  decision: ReviewDecision;
  reviewer: { id: number; username: string };
  reviewedAt: Date;
}): WebhookEventInput {
  const data: InterviewReviewedData = {
    interviewId: input.interviewId,
    jobId: input.jobId,
    decision: input.decision,
    reviewer: { id: input.reviewer.id, username: input.reviewer.username },
    reviewedAt: input.reviewedAt.toISOString(),
  };
  return { companyId: input.companyId, type: 'interview.reviewed', data };
}

/** screening.completed, for a screening candidate whose call was just scored. */
export async function screeningCompletedEvent(db: Db | Tx, candidateId: number, appUrl = ''): Promise<WebhookEventInput> {
  const [row] = await db
    .select({ candidate: phoneScreeningCandidates, companyId: phoneScreenings.companyId })
    .from(phoneScreeningCandidates)
    .innerJoin(phoneScreenings, eq(phoneScreenings.id, phoneScreeningCandidates.screeningId))
    .where(eq(phoneScreeningCandidates.id, candidateId));
  if (!row) throw new Error(`screening candidate ${candidateId} not found`);
  const { candidate } = row;
  const data: ScreeningCompletedData = {
    screeningId: candidate.screeningId,
    candidateId,
    candidate: { name: candidate.candidateName, phone: `${candidate.countryCode}${candidate.phoneNumber}`, email: candidate.email },
    ...scoresOf(candidate.feedback),
    completedAt: (candidate.completedAt ?? new Date()).toISOString(),
    resultUrl: `${appUrl}/phone-screening/${candidate.screeningId}/candidates/${candidateId}`,
  };
  return { companyId: row.companyId, type: 'screening.completed', data };
}

/** candidate.deleted: the ids and the reason only, never what was deleted. */
export function candidateDeletedEvent(input: {
  companyId: number;
  kind: 'interview' | 'phone_candidate';
  interviewId?: number;
  jobId?: number;
  candidateId?: number;
  screeningId?: number;
  reason: DeletionReason;
  /** The member who deleted it; null for the retention job or a request carried out at its deadline. */
  userId: number | null;
  deletedAt: Date;
}): WebhookEventInput {
  const data: CandidateDeletedData = {
    kind: input.kind,
    interviewId: input.interviewId ?? null,
    jobId: input.jobId ?? null,
    candidateId: input.candidateId ?? null,
    screeningId: input.screeningId ?? null,
    reason: input.reason,
    deletedBy: input.userId === null ? 'system' : 'member',
    deletedAt: input.deletedAt.toISOString(),
  };
  return { companyId: input.companyId, type: 'candidate.deleted', data };
}
