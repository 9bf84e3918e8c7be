import { eq } from 'drizzle-orm';
import { ALTERNATIVE_KIND_LABELS } from '../../../contracts/consent';
import type { NotificationKind } from '../../../contracts/statuses';
import type { Db, Tx } from '../../db/client';
import { alternativeRequests, dataRequests, interviews, jobs, phoneCalls, phoneScreeningCandidates, phoneScreenings } from '../../db/schema';

/** Something a member may be emailed about, named by the row it happened to. */
export type NotificationEvent =
  | { kind: 'interview_completed'; interviewId: number }
  | { kind: 'screening_completed'; callId: number }
  | { kind: 'candidate_request'; alternativeRequestId: number }
  | { kind: 'candidate_request'; dataRequestId: number };

/** One event's email, the same for every member it goes to (the footer is theirs). */
export interface EventMail {
  kind: Exclude<NotificationKind, 'daily_digest'>;
  /** The outbox's kind for the email. */
  emailKind: string;
  /** With the recipient's id, what makes the email once-only: `notify:{key}:{userId}`. */
  key: string;
  companyId: number;
  /** Set when the email names a video interview's candidate: deleting their data deletes it (decision 021). */
  interviewId: number | null;
  /** Set when it names a phone screening candidate, likewise. */
  phoneCandidateId?: number | null;
  subject: string;
  body: string[];
}

/** A header must stay on one line whatever a candidate typed as their name. */
export const oneLine = (s: string) => s.replace(/[\r\n]+/g, ' ').trim();

export const reportUrl = (appUrl: string, interviewId: number) => `${appUrl}/interview/${interviewId}`;
export const screeningResultUrl = (appUrl: string, screeningId: number, candidateId: number) => `${appUrl}/phone-screening/${screeningId}/candidates/${candidateId}`;

const dateOf = (d: Date) => d.toISOString().slice(0, 10);

async function interviewCompleted(db: Db | Tx, appUrl: string, interviewId: number): Promise<EventMail | null> {
  const [row] = await db
    .select({ name: interviews.candidateName, status: interviews.status, deleted: interviews.dataDeletedAt, title: jobs.title, companyId: jobs.companyId })
    .from(interviews)
    .innerJoin(jobs, eq(jobs.id, interviews.jobId))
    .where(eq(interviews.id, interviewId));
  if (!row || row.status !== 'completed' || row.deleted) return null;
  return {
    kind: 'interview_completed',
    emailKind: 'interview_completed',
    key: `interview_completed:${interviewId}`,
    companyId: row.companyId,
    interviewId,
    subject: oneLine(`${row.name} completed the AI interview for ${row.title}`),
    body: [`${row.name} completed the AI interview for ${row.title}. The evaluation is ready for your review.`, '', `Read the report: ${reportUrl(appUrl, interviewId)}`],
  };
}

async function screeningCompleted(db: Db | Tx, appUrl: string, callId: number): Promise<EventMail | null> {
  const [row] = await db
    .select({
      candidateId: phoneScreeningCandidates.id,
      name: phoneScreeningCandidates.candidateName,
      status: phoneScreeningCandidates.status,
      deleted: phoneScreeningCandidates.dataDeletedAt,
      screeningId: phoneScreenings.id,
      title: phoneScreenings.jobTitle,
      companyId: phoneScreenings.companyId,
    })
    .from(phoneCalls)
    .innerJoin(phoneScreeningCandidates, eq(phoneScreeningCandidates.id, phoneCalls.candidateId))
    .innerJoin(phoneScreenings, eq(phoneScreenings.id, phoneScreeningCandidates.screeningId))
    .where(eq(phoneCalls.id, callId));
  if (!row || row.status !== 'completed' || row.deleted) return null;
  const what = row.title ? `the phone screening for ${row.title}` : 'a phone screening';
  return {
    kind: 'screening_completed',
    emailKind: 'screening_completed',
    key: `screening_completed:${callId}`,
    companyId: row.companyId,
    interviewId: null,
    phoneCandidateId: row.candidateId,
    subject: oneLine(`${row.name} completed ${what}`),
    body: [`${row.name} completed ${what}. The call's evaluation is ready for your review.`, '', `Read the result: ${screeningResultUrl(appUrl, row.screeningId, row.candidateId)}`],
  };
}

async function alternativeRequested(db: Db | Tx, appUrl: string, requestId: number): Promise<EventMail | null> {
  const [row] = await db
    .select({ request: alternativeRequests, name: interviews.candidateName, email: interviews.email, title: jobs.title, companyId: jobs.companyId })
    .from(alternativeRequests)
    .innerJoin(interviews, eq(interviews.id, alternativeRequests.interviewId))
    .innerJoin(jobs, eq(jobs.id, interviews.jobId))
    .where(eq(alternativeRequests.id, requestId));
  if (!row) return null;
  const { request } = row;
  return {
    kind: 'candidate_request',
    emailKind: 'alternative_requested',
    key: `candidate_request:alternative:${requestId}`,
    companyId: row.companyId,
    interviewId: request.interviewId,
    subject: oneLine(`${row.name} asked for an alternative to the AI interview`),
    body: [
      `${row.name} (${row.email}), invited to the AI interview for ${row.title}, asked for: ${ALTERNATIVE_KIND_LABELS[request.kind]}.`,
      '',
      request.message ? `Their message:\n${request.message}` : 'They did not add a message.',
      '',
      `The request is on the interview's report, where you can mark it resolved once it is arranged: ${reportUrl(appUrl, request.interviewId)}`,
    ],
  };
}

/** A candidate's deletion request: a video interview's (linking the report) or a phone screening candidate's (linking the result). */
async function deletionRequested(db: Db | Tx, appUrl: string, requestId: number): Promise<EventMail | null> {
  const [row] = await db
    .select({
      request: dataRequests,
      interviewName: interviews.candidateName,
      jobTitle: jobs.title,
      phoneName: phoneScreeningCandidates.candidateName,
      screeningId: phoneScreenings.id,
      screeningTitle: phoneScreenings.jobTitle,
    })
    .from(dataRequests)
    .leftJoin(interviews, eq(interviews.id, dataRequests.interviewId))
    .leftJoin(jobs, eq(jobs.id, interviews.jobId))
    .leftJoin(phoneScreeningCandidates, eq(phoneScreeningCandidates.id, dataRequests.phoneCandidateId))
    .leftJoin(phoneScreenings, eq(phoneScreenings.id, phoneScreeningCandidates.screeningId))
    .where(eq(dataRequests.id, requestId));
  if (!row || row.request.kind !== 'deletion') return null;
  const { request } = row;
  const mail = { kind: 'candidate_request', emailKind: 'deletion_requested', key: `candidate_request:deletion:${requestId}`, companyId: request.companyId } as const;
  const when = `It will be deleted automatically on ${dateOf(request.dueAt)} unless a legal hold applies`;
  const inbox = `Your open data requests are on your dashboard: ${appUrl}/dashboard`;
  if (request.interviewId !== null && row.interviewName !== null) {
    return {
      ...mail,
      interviewId: request.interviewId,
      subject: oneLine(`${row.interviewName} asked for their interview data to be deleted`),
      body: [
        `${row.interviewName}, invited to the AI interview for ${row.jobTitle}, asked for their data to be deleted.`,
        '',
        `${when}; you can delete it sooner from the report: ${reportUrl(appUrl, request.interviewId)}`,
        '',
        inbox,
      ],
    };
  }
  if (request.phoneCandidateId === null || row.phoneName === null || row.screeningId === null) return null;
  const what = row.screeningTitle ? `the phone screening for ${row.screeningTitle}` : 'a phone screening';
  return {
    ...mail,
    interviewId: null,
    phoneCandidateId: request.phoneCandidateId,
    subject: oneLine(`${row.phoneName} asked for their phone screening data to be deleted`),
    body: [
      `${row.phoneName}, a candidate in ${what}, asked for their data to be deleted.`,
      '',
      `${when}; you can delete it sooner from the screening result: ${screeningResultUrl(appUrl, row.screeningId, request.phoneCandidateId)}`,
      '',
      inbox,
    ],
  };
}

/** The email an event sends; null when there is nothing to tell any more (the row is gone, or not in that state). */
export function eventMail(db: Db | Tx, appUrl: string, event: NotificationEvent): Promise<EventMail | null> {
  if (event.kind === 'interview_completed') return interviewCompleted(db, appUrl, event.interviewId);
  if (event.kind === 'screening_completed') return screeningCompleted(db, appUrl, event.callId);
  return 'alternativeRequestId' in event ? alternativeRequested(db, appUrl, event.alternativeRequestId) : deletionRequested(db, appUrl, event.dataRequestId);
}
