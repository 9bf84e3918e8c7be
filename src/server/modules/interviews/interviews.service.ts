import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { JOB_CLOSED_MESSAGE, type CreatedInterview, type InterviewDetail, type InterviewListItem } from '../../../contracts/interviews';
import type { CandidateSource } from '../../../contracts/statuses';
import type { Db, Tx } from '../../db/client';
import { isoText, jsonRows } from '../../db/json-rows';
import { interviews, jobs } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { RoomService } from '../../rooms/rooms';
import type { SessionCheck, SessionUser } from '../auth/session';
import { hasWaitingInvitation } from '../../mail/mailer';
import { hasOpenAlternative } from '../consent/consent.service';
import { getOwnJob, requireOwnJob } from '../jobs/jobs.service';
import { preparedPerDb } from '../prepared';
import { parseTranscript, rawText } from '../evaluation/stored-transcript';
import { applyReview, currentScores, type CurrentScores } from '../report/current-scores';
import { toReportFeedback } from '../report/stored-feedback';
import { candidateLinkDays, linkExpiry } from './candidate-links';

type InterviewRow = typeof interviews.$inferSelect;

export const candidateLink = (appUrl: string, row: Pick<InterviewRow, 'id' | 'candidateToken'>) => `${appUrl}/interview/${row.id}?token=${row.candidateToken}`;

/** In the room: started, not submitted, and heard from in the last two minutes. */
const isInRoom = (row: Pick<InterviewRow, 'isActive' | 'status' | 'lastHeartbeatAt'>) => row.isActive && row.status === 'in_progress' && row.lastHeartbeatAt !== null && Date.now() - row.lastHeartbeatAt.getTime() < 2 * 60_000;

/** What a list row is made of: the list reads these columns only (no transcripts, recordings or tokens for the AI). */
const listColumns = {
  id: interviews.id,
  jobId: interviews.jobId,
  candidateName: interviews.candidateName,
  email: interviews.email,
  status: interviews.status,
  feedback: interviews.feedback,
  emailSent: interviews.emailSent,
  isActive: interviews.isActive,
  lastHeartbeatAt: interviews.lastHeartbeatAt,
  scheduledFor: interviews.scheduledFor,
  createdAt: interviews.createdAt,
  roomName: interviews.roomName,
  candidateToken: interviews.candidateToken,
  linkExpiresAt: interviews.linkExpiresAt,
  source: interviews.source,
  startProblem: interviews.startProblem,
};
type ListRow = Pick<InterviewRow, keyof typeof listColumns>;

/** The list as one JSON array (docs/decisions/015-api-speed.md): timestamps come as ISO text. */
type ListJson = Omit<ListRow, 'lastHeartbeatAt' | 'scheduledFor' | 'createdAt' | 'linkExpiresAt'> & {
  lastHeartbeatAt: string | null;
  scheduledFor: string;
  createdAt: string;
  linkExpiresAt: string | null;
  alternativeRequested: boolean;
  invitationQueued: boolean;
};
const listQuery = preparedPerDb((db) =>
  db
    .select({
      rows: jsonRows<ListJson>(
        {
          ...listColumns,
          lastHeartbeatAt: isoText(interviews.lastHeartbeatAt),
          scheduledFor: isoText(interviews.scheduledFor),
          createdAt: isoText(interviews.createdAt),
          linkExpiresAt: isoText(interviews.linkExpiresAt),
          alternativeRequested: hasOpenAlternative(interviews.id),
          invitationQueued: hasWaitingInvitation(interviews.id),
        },
        sql`${interviews.createdAt} desc, ${interviews.id} desc`,
      ),
    })
    .from(interviews)
    .where(eq(interviews.jobId, sql.placeholder('jobId')))
    .prepare('list_interviews'),
);
const fromJson = (row: ListJson): ListRow & { alternativeRequested: boolean; invitationQueued: boolean } => ({
  ...row,
  lastHeartbeatAt: row.lastHeartbeatAt === null ? null : new Date(row.lastHeartbeatAt),
  scheduledFor: new Date(row.scheduledFor),
  createdAt: new Date(row.createdAt),
  linkExpiresAt: row.linkExpiresAt === null ? null : new Date(row.linkExpiresAt),
});

/**
 * A list row. Scores are shown for completed interviews only; `scores` are its current scores
 * (reviews applied). The link's expiry is shown while the interview is pending, judged at `now`.
 */
export function toListItem(row: ListRow & { alternativeRequested?: boolean; invitationQueued?: boolean }, appUrl: string, now: Date, scores?: CurrentScores): InterviewListItem {
  const isPending = row.status === 'pending';
  const isScored = row.status === 'completed';
  const current = isScored ? (scores ?? applyReview(row.feedback, [])) : null;
  return {
    id: row.id,
    jobId: row.jobId,
    candidateName: row.candidateName,
    email: row.email,
    status: row.status,
    overallScore: current?.overall ?? null,
    aiOverallScore: current?.aiOverall ?? null,
    scoreAdjusted: current?.adjusted ?? false,
    emailSent: row.emailSent,
    invitationQueued: !row.emailSent && (row.invitationQueued ?? false),
    alternativeRequested: row.alternativeRequested ?? false,
    isActive: isInRoom(row),
    scheduledFor: row.scheduledFor.toISOString(),
    createdAt: row.createdAt.toISOString(),
    roomName: row.roomName,
    candidateLink: candidateLink(appUrl, row),
    linkExpiresAt: isPending ? (row.linkExpiresAt?.toISOString() ?? null) : null,
    linkExpired: isPending && row.linkExpiresAt !== null && row.linkExpiresAt.getTime() <= now.getTime(),
    source: row.source,
    startProblem: shownStartProblem(row),
  };
}

/** A failed start matters while the interview is in progress; once it is submitted, it is history. */
const shownStartProblem = (row: Pick<InterviewRow, 'status' | 'startProblem'>) => (row.status === 'in_progress' ? row.startProblem : null);

/** `check`: a cached session to prove in the ownership query (readAsUser); `now`: the app's clock, for the links' expiry. */
export async function listInterviews(db: Db, user: SessionUser, jobId: number, appUrl: string, check?: SessionCheck | null, now = new Date()): Promise<InterviewListItem[]> {
  await requireOwnJob(db, user, jobId, check);
  const rows = (await listQuery(db).execute({ jobId }))[0]!.rows.map(fromJson);
  const scores = await currentScores(db, rows.filter((r) => r.status === 'completed'));
  return rows.map((r) => toListItem(r, appUrl, now, scores.get(r.id)));
}

type NewInterview = { candidateName: string; email: string; videoRecording?: boolean | undefined; scheduledFor?: string | undefined };

/**
 * The row of a new pending interview (one typed by hand, a CSV import's, an applicant's): its own
 * token, the job's recording setting unless asked, a link valid for `days` from `now`, and where it came from.
 */
export const newInterviewValues = (job: { id: number; videoRecording: boolean }, input: NewInterview, now: Date, days: number, source: CandidateSource = 'recruiter') => ({
  jobId: job.id,
  candidateName: input.candidateName,
  email: input.email,
  candidateToken: randomBytes(24).toString('base64url'),
  videoRecording: input.videoRecording ?? job.videoRecording,
  scheduledFor: input.scheduledFor ? new Date(input.scheduledFor) : new Date(),
  linkExpiresAt: linkExpiry(now, days),
  source,
});

/** Counts `added` new interviews on the job's tally, in the transaction that creates them. */
export async function countNewInterviews(tx: Tx, jobId: number, added: number): Promise<void> {
  await tx
    .update(jobs)
    .set({ numOfInterviews: sql`${jobs.numOfInterviews} + ${added}`, lastActivity: new Date() })
    .where(eq(jobs.id, jobId));
}

/** Gives a created interview its room (after its transaction: a room is made on another server). */
export async function openRoom(deps: { db: Db; rooms: RoomService; appUrl: string }, row: InterviewRow): Promise<InterviewRow> {
  const room = await deps.rooms.create(row.id, candidateLink(deps.appUrl, row));
  const [updated] = await deps.db
    .update(interviews)
    .set({ roomName: room.roomName, roomUrl: room.roomUrl, aiToken: room.aiToken })
    .where(eq(interviews.id, row.id))
    .returning();
  return updated!;
}

/** A new pending interview; its link is valid for the company's candidateLinkDays from `now`. A closed job takes none (409). */
export async function createInterview(
  deps: { db: Db; rooms: RoomService; appUrl: string },
  user: SessionUser,
  jobId: number,
  input: NewInterview,
  now: Date,
): Promise<CreatedInterview> {
  const job = await getOwnJob(deps.db, user, jobId);
  if (job.closedAt) throw new AppError('JOB_CLOSED', JOB_CLOSED_MESSAGE);
  const days = await candidateLinkDays(deps.db, user.companyId);
  const row = await deps.db.transaction(async (tx) => {
    // A request made with a company API key (issue 17) is recorded as the API's.
    const [created] = await tx.insert(interviews).values(newInterviewValues(job, input, now, days, user.apiKey ? 'api' : 'recruiter')).returning();
    await countNewInterviews(tx, jobId, 1);
    return created!;
  });
  const updated = await openRoom(deps, row);
  return { ...toListItem(updated, deps.appUrl, now), roomUrl: updated.roomUrl };
}

/** The company's interview, or 404 for any other id. */
export async function getOwnInterview(db: Db, user: SessionUser, id: number, check?: SessionCheck | null): Promise<InterviewRow> {
  const [row] = await db
    .select({ interview: interviews })
    .from(interviews)
    .innerJoin(jobs, eq(jobs.id, interviews.jobId))
    .where(and(eq(interviews.id, id), eq(jobs.companyId, user.companyId), check?.condition))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND', 'Interview not found');
  check?.confirm();
  return row.interview;
}

/** The recruiter's view: feedback and transcript read once here, from whatever shape they were stored in. */
export function toDetail(row: InterviewRow): InterviewDetail {
  const transcript = row.transcript === null ? null : parseTranscript(row.transcript);
  return {
    id: row.id,
    jobId: row.jobId,
    candidateName: row.candidateName,
    email: row.email,
    status: row.status,
    feedback: toReportFeedback(row.feedback),
    transcript: transcript?.ok ? { transcript: transcript.rows } : null,
    rawTranscript: transcript && !transcript.ok ? rawText(transcript.raw) : null,
    recordingUrl: row.recordingUrl,
    scheduledFor: row.scheduledFor.toISOString(),
    isActive: isInRoom(row),
    emailSent: row.emailSent,
    source: row.source,
    startProblem: shownStartProblem(row),
    legalHold: row.legalHold,
    dataDeletedAt: row.dataDeletedAt?.toISOString() ?? null,
  };
}

