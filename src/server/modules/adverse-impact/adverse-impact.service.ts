import { and, count, eq, gte, isNotNull, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import type { AdverseImpactCounts, AdverseImpactQuery, AdverseImpactReport } from '../../../contracts/adverse-impact';
import { PREFER_NOT_TO_SAY } from '../../../contracts/self-identification';
import type { Db } from '../../db/client';
import { interviews, jobs, selfIdentifications } from '../../db/schema';
import type { SessionUser } from '../auth/session';
import { getOwnJob } from '../jobs/jobs.service';
import { currentScores } from '../report/current-scores';
import { adverseImpactCsv } from './csv';
import { impactStatistics } from './statistics';

// The adverse-impact report (decision 023): who was evaluated in the scope, their self-identification
// (read here and nowhere else), the reviewers' decisions and the current scores from current-scores.ts.

const DAY_MS = 24 * 60 * 60_000;
const day = (d: Date) => d.toISOString().slice(0, 10);

type Scope = AdverseImpactReport['scope'];

async function reportFor(db: Db, companyId: number, scope: Scope, query: AdverseImpactQuery): Promise<AdverseImpactReport> {
  const conditions: (SQL | undefined)[] = [eq(jobs.companyId, companyId), eq(interviews.status, 'completed')];
  if (scope.jobId !== null) conditions.push(eq(interviews.jobId, scope.jobId));
  if (query.from) conditions.push(gte(interviews.completedAt, new Date(`${query.from}T00:00:00Z`)));
  if (query.to) conditions.push(lt(interviews.completedAt, new Date(new Date(`${query.to}T00:00:00Z`).getTime() + DAY_MS)));
  const rows = await db
    .select({
      id: interviews.id,
      feedback: interviews.feedback,
      completedAt: interviews.completedAt,
      sex: selfIdentifications.sex,
      raceEthnicity: selfIdentifications.raceEthnicity,
    })
    .from(interviews)
    .innerJoin(jobs, eq(jobs.id, interviews.jobId))
    .leftJoin(selfIdentifications, eq(selfIdentifications.interviewId, interviews.id))
    .where(and(...conditions));
  const scores = await currentScores(db, rows);
  const stats = impactStatistics(
    rows.map((row) => {
      const current = scores.get(row.id)!;
      return { sex: row.sex, raceEthnicity: row.raceEthnicity, selected: current.decision === 'advance', score: current.overall };
    }),
  );
  let first: Date | null = null;
  let last: Date | null = null;
  for (const { completedAt } of rows) {
    if (!completedAt) continue;
    if (!first || completedAt < first) first = completedAt;
    if (!last || completedAt > last) last = completedAt;
  }
  return { scope, from: first && day(first), to: last && day(last), ...stats };
}

/** The job's report; 404 for another company's job, like every job route. */
export async function jobAdverseImpact(db: Db, user: SessionUser, jobId: number, query: AdverseImpactQuery): Promise<AdverseImpactReport> {
  const job = await getOwnJob(db, user, jobId);
  return reportFor(db, user.companyId, { kind: 'job', jobId: job.id, name: job.title }, query);
}

/** The report over every job of the user's company. */
export async function companyAdverseImpact(db: Db, user: SessionUser, query: AdverseImpactQuery): Promise<AdverseImpactReport> {
  return reportFor(db, user.companyId, { kind: 'company', jobId: null, name: user.companyName }, query);
}

/** The scope's evaluated interviews, and how many of them have a known sex or race/ethnicity: one counting query. */
async function countsFor(db: Db, companyId: number, jobId: number | null): Promise<AdverseImpactCounts> {
  const known = (column: typeof selfIdentifications.sex | typeof selfIdentifications.raceEthnicity) => and(isNotNull(column), ne(column, PREFER_NOT_TO_SAY));
  const [row] = await db
    .select({
      evaluated: count(),
      answered: sql<number>`count(*) filter (where ${or(known(selfIdentifications.sex), known(selfIdentifications.raceEthnicity))})`.mapWith(Number),
    })
    .from(interviews)
    .innerJoin(jobs, eq(jobs.id, interviews.jobId))
    .leftJoin(selfIdentifications, eq(selfIdentifications.interviewId, interviews.id))
    .where(and(eq(jobs.companyId, companyId), eq(interviews.status, 'completed'), jobId === null ? undefined : eq(interviews.jobId, jobId)));
  return { evaluated: row?.evaluated ?? 0, answered: row?.answered ?? 0 };
}

/** The job's counts; 404 for another company's job. */
export async function jobAdverseImpactCounts(db: Db, user: SessionUser, jobId: number): Promise<AdverseImpactCounts> {
  const job = await getOwnJob(db, user, jobId);
  return countsFor(db, user.companyId, job.id);
}

export async function companyAdverseImpactCounts(db: Db, user: SessionUser): Promise<AdverseImpactCounts> {
  return countsFor(db, user.companyId, null);
}

const slug = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'report';

/** The report as a CSV download in the layout of a Local Law 144 bias-audit summary. */
export function adverseImpactDownload(report: AdverseImpactReport): { filename: string; csv: string } {
  return { filename: `${slug(report.scope.name)}-adverse-impact.csv`, csv: adverseImpactCsv(report) };
}
