import { eq } from 'drizzle-orm';
import type { SelfIdentificationStatus, SelfIdRaceEthnicity, SelfIdSex } from '../../../contracts/self-identification';
import { isInterviewOpen } from '../../../contracts/statuses';
import type { Db } from '../../db/client';
import { jobs, selfIdentifications } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { CandidateAccess } from '../../plugins/access';
import type { SessionUser } from '../auth/session';

export const ALREADY_ANSWERED = 'You have already answered these questions for this interview. Your answers cannot be changed.';

const statusOf = (row: { answeredAt: Date } | undefined): SelfIdentificationStatus => ({ answered: Boolean(row), answeredAt: row?.answeredAt.toISOString() ?? null });

/** The candidate's own link to this interview, or why not. */
function ownLink(access: { candidate: CandidateAccess | null; user: SessionUser | null }, interviewId: number): CandidateAccess {
  if (!access.candidate) throw new AppError('FORBIDDEN', 'Only the candidate answers these questions, from their own interview link');
  if (access.candidate.interviewId !== interviewId) throw new AppError('NOT_FOUND', 'Interview not found');
  return access.candidate;
}

/**
 * The candidate's voluntary self-identification, after the interview was handed in (evaluating or
 * completed): recorded once, apart from the interview (decision 023). Both answers null is a skip,
 * recorded too so the form is not offered again. A recruiter of the interviewing company who opens
 * the link (a preview) cannot answer for the candidate.
 */
export async function recordSelfIdentification(
  db: Db,
  access: { candidate: CandidateAccess | null; user: SessionUser | null },
  interviewId: number,
  input: { sex: SelfIdSex | null; raceEthnicity: SelfIdRaceEthnicity | null },
): Promise<SelfIdentificationStatus> {
  const link = ownLink(access, interviewId);
  if (access.user) {
    const [job] = await db.select({ companyId: jobs.companyId }).from(jobs).where(eq(jobs.id, link.jobId));
    if (job?.companyId === access.user.companyId) {
      throw new AppError('FORBIDDEN', 'You are signed in to the company that interviews this candidate: only the candidate answers these questions');
    }
  }
  if (isInterviewOpen(link.status)) throw new AppError('INTERVIEW_NOT_FINISHED', 'These questions are asked once the interview has been submitted');
  const [row] = await db
    .insert(selfIdentifications)
    .values({ interviewId, sex: input.sex, raceEthnicity: input.raceEthnicity })
    .onConflictDoNothing()
    .returning({ answeredAt: selfIdentifications.answeredAt });
  if (!row) throw new AppError('SELF_IDENTIFICATION_ANSWERED', ALREADY_ANSWERED);
  return statusOf(row);
}

/** Whether the candidate answered (or skipped): never the answers, which a recruiter previewing the link could read. */
export async function selfIdentificationStatusOf(db: Db, access: { candidate: CandidateAccess | null; user: SessionUser | null }, interviewId: number): Promise<SelfIdentificationStatus> {
  ownLink(access, interviewId);
  const [row] = await db.select({ answeredAt: selfIdentifications.answeredAt }).from(selfIdentifications).where(eq(selfIdentifications.interviewId, interviewId));
  return statusOf(row);
}
