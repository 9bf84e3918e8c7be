import { and, inArray, asc, desc, eq } from 'drizzle-orm';
import { cleanQuestions, QUESTIONS_REQUIRED } from '../../../contracts/jobs';
import { zoneOfOption, type PhoneScreening, type ScreeningCandidate } from '../../../contracts/phone-screenings';
import type { AiEngine } from '../../ai/engine';
import type { Db } from '../../db/client';
import { phoneScreeningCandidates, phoneScreenings } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { CALLABLE_CANDIDATE_STATUSES, type CandidateSource } from '../../../contracts/statuses';
import type { SessionUser } from '../auth/session';
import { parseRubricFile, type RubricFileFormat } from './rubric-file';

type ScreeningRow = typeof phoneScreenings.$inferSelect;
type CandidateRow = typeof phoneScreeningCandidates.$inferSelect;

export const toScreening = (row: ScreeningRow): PhoneScreening => ({
  id: row.id,
  jobTitle: row.jobTitle,
  jobDescription: row.jobDescription,
  skills: row.skills,
  questions: row.questions,
  agentName: row.agentName,
  rubric: row.rubric,
  createdAt: row.createdAt.toISOString(),
});

export const toCandidate = (row: CandidateRow): ScreeningCandidate => ({
  id: row.id,
  screeningId: row.screeningId,
  candidateName: row.candidateName,
  countryCode: row.countryCode,
  phoneNumber: row.phoneNumber,
  interviewTime: row.interviewTime.toISOString(),
  timeZone: row.timeZone,
  notes: row.notes,
  status: row.status,
  outcome: row.outcome,
  nextCallAt: row.nextCallAt?.toISOString() ?? null,
  attempts: row.attempts,
  source: row.source,
});

export async function listScreenings(db: Db, user: SessionUser): Promise<PhoneScreening[]> {
  const rows = await db.select().from(phoneScreenings).where(eq(phoneScreenings.companyId, user.companyId)).orderBy(desc(phoneScreenings.createdAt), desc(phoneScreenings.id));
  return rows.map(toScreening);
}

/** The company's screening, or 404 for any other id. */
export async function getOwnScreening(db: Db, user: SessionUser, id: number): Promise<ScreeningRow> {
  const [row] = await db.select().from(phoneScreenings).where(and(eq(phoneScreenings.id, id), eq(phoneScreenings.companyId, user.companyId))).limit(1);
  if (!row) throw new AppError('NOT_FOUND', 'Phone screening not found');
  return row;
}

/** The AI's rubric for the screening's role, as it scores calls when the recruiter uploads none. */
const aiRubric = (ai: AiEngine, screening: { jobTitle: string | null; jobDescription: string | null; skills: string | null }) =>
  ai.planInterview({ title: screening.jobTitle ?? 'Phone screening', description: screening.jobDescription ?? '', skills: screening.skills ?? undefined }).then((plan) => plan.rubric);

/** The AI writes the questions from whatever is given (defaults when only a title is) and the rubric calls are scored by. */
export async function createScreening(deps: { db: Db; ai: AiEngine }, user: SessionUser, input: { jobTitle: string; jobDescription: string; skills: string; agentName?: string }) {
  const fields = { jobTitle: input.jobTitle, jobDescription: input.jobDescription || null, skills: input.skills || null };
  const [questions, rubric] = await Promise.all([deps.ai.screeningQuestions(input), aiRubric(deps.ai, fields)]);
  const [row] = await deps.db
    .insert(phoneScreenings)
    .values({ companyId: user.companyId, userId: user.id, ...fields, questions, rubric, ...(input.agentName ? { agentName: input.agentName } : {}) })
    .returning();
  return row!;
}

/** The screening's own settings (the agent's name); fields left out stay as they are. */
export async function updateScreening(db: Db, user: SessionUser, id: number, input: { agentName?: string }) {
  const row = await getOwnScreening(db, user, id);
  if (input.agentName === undefined) return row;
  const [updated] = await db.update(phoneScreenings).set({ agentName: input.agentName }).where(eq(phoneScreenings.id, id)).returning();
  return updated!;
}

/** Replaces the rubric with the recruiter's file (CSV or JSON), checked and scaled to 100 like the job rubric. */
export async function uploadScreeningRubric(db: Db, user: SessionUser, id: number, file: { format: RubricFileFormat; text: string }) {
  await getOwnScreening(db, user, id);
  const rubric = parseRubricFile(file.text, file.format);
  const [row] = await db.update(phoneScreenings).set({ rubric }).where(eq(phoneScreenings.id, id)).returning();
  return row!;
}

/** Goes back to a rubric the AI writes for the screening's role. */
export async function regenerateScreeningRubric(deps: { db: Db; ai: AiEngine }, user: SessionUser, id: number) {
  const screening = await getOwnScreening(deps.db, user, id);
  const rubric = await aiRubric(deps.ai, screening);
  const [row] = await deps.db.update(phoneScreenings).set({ rubric }).where(eq(phoneScreenings.id, id)).returning();
  return row!;
}

export async function updateScreeningQuestions(db: Db, user: SessionUser, id: number, questions: string[]) {
  await getOwnScreening(db, user, id);
  const cleaned = cleanQuestions(questions);
  if (cleaned.length === 0) throw new AppError('VALIDATION_FAILED', QUESTIONS_REQUIRED);
  const [row] = await db.update(phoneScreenings).set({ questions: cleaned }).where(eq(phoneScreenings.id, id)).returning();
  return row!;
}

export async function listCandidates(db: Db, user: SessionUser, screeningId: number) {
  await getOwnScreening(db, user, screeningId);
  const rows = await db.select().from(phoneScreeningCandidates).where(eq(phoneScreeningCandidates.screeningId, screeningId)).orderBy(asc(phoneScreeningCandidates.interviewTime), asc(phoneScreeningCandidates.id));
  return rows.map(toCandidate);
}

interface CandidateFields {
  candidateName: string;
  countryCode: string;
  phoneNumber: string;
  timeZone: string;
  /** The zone calls are timed in, when the candidate gave their own (an applicant's browser); else the option's. */
  zone?: string;
  notes: string;
  interviewTime: string | Date;
}

const fields = (input: CandidateFields) => ({
  candidateName: input.candidateName,
  countryCode: input.countryCode,
  phoneNumber: input.phoneNumber,
  timeZone: input.timeZone,
  zone: input.zone ?? zoneOfOption(input.timeZone),
  notes: input.notes || null,
  interviewTime: new Date(input.interviewTime),
});

/**
 * A new candidate's row (one typed by hand, a CSV import's, an applicant's). The first call is due
 * at the interview time (moved into calling hours when it is dispatched).
 */
export const newCandidateValues = (screeningId: number, input: CandidateFields, source: CandidateSource = 'recruiter') => ({
  screeningId,
  ...fields(input),
  nextCallAt: new Date(input.interviewTime),
  source,
});

export async function addCandidate(db: Db, user: SessionUser, screeningId: number, input: CandidateFields & { screeningId?: number }) {
  await getOwnScreening(db, user, screeningId);
  if (input.screeningId !== undefined && input.screeningId !== screeningId) throw new AppError('VALIDATION_FAILED', 'screeningId: does not match the screening in the address');
  const [row] = await db.insert(phoneScreeningCandidates).values(newCandidateValues(screeningId, input, user.apiKey ? 'api' : 'recruiter')).returning();
  return toCandidate(row!);
}

export async function updateCandidate(db: Db, user: SessionUser, candidateId: number, input: CandidateFields) {
  const [found] = await db
    .select({ id: phoneScreeningCandidates.id })
    .from(phoneScreeningCandidates)
    .innerJoin(phoneScreenings, eq(phoneScreenings.id, phoneScreeningCandidates.screeningId))
    .where(and(eq(phoneScreeningCandidates.id, candidateId), eq(phoneScreenings.companyId, user.companyId)));
  if (!found) throw new AppError('NOT_FOUND', 'Candidate not found');
  await db.update(phoneScreeningCandidates).set(fields(input)).where(eq(phoneScreeningCandidates.id, candidateId));
  // A new time moves a call still waiting to be placed; finished or declined screenings stay as they are.
  await db
    .update(phoneScreeningCandidates)
    .set({ nextCallAt: new Date(input.interviewTime), outcome: null })
    .where(and(eq(phoneScreeningCandidates.id, candidateId), inArray(phoneScreeningCandidates.status, CALLABLE_CANDIDATE_STATUSES)));
  const [row] = await db.select().from(phoneScreeningCandidates).where(eq(phoneScreeningCandidates.id, candidateId));
  return toCandidate(row!);
}
