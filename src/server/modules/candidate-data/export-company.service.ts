import type { Readable } from 'node:stream';
import { and, asc, count, eq, gt, inArray, lte, max, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { companies, dataRequests, feedback, interviewReviews, interviews, jobs, phoneCalls, phoneScreeningCandidates, phoneScreenings, users } from '../../db/schema';
import { recordAudit } from '../../lib/audit';
import { csvLine, type CsvValue } from '../../lib/csv';
import { AppError } from '../../lib/errors';
import type { SessionUser } from '../auth/session';
import { applyReview } from '../report/current-scores';
import { iso, phoneCandidateRecord } from './export-records';
import { jsonArray, mapPages, pagesById, zipStream, type ZipWriter } from './export-zip';

/** The version of the company export's layout, written into it (company.json, README.txt). */
export const COMPANY_EXPORT_FORMAT = 'hireloop-company-export-1';

/** Rows per query: interviews carry transcripts, so the JSON pages are smaller than the CSV's. */
const JSON_PAGE = 200;
const CSV_PAGE = 1_000;

/** Companies whose export is being written on this instance: one at a time each (it reads everything). */
const exporting = new Set<number>();
export const EXPORT_IN_PROGRESS = 'Your company’s data is already being exported: wait for that download to finish, then try again';

const yesNo = (b: boolean) => (b ? 'yes' : 'no');
const csv = (cells: readonly CsvValue[]) => `${csvLine(cells)}\r\n`;

/** Where the export stops: the newest row of each kind when it started, so the JSON and CSV passes hold the same rows. */
interface Snapshot {
  companyId: number;
  jobs: { count: number; last: number };
  interviews: { count: number; last: number };
  screenings: { count: number; last: number };
  candidates: { count: number; last: number };
}

async function snapshot(db: Db, companyId: number): Promise<Snapshot> {
  const [[j], [i], [s], [c]] = await Promise.all([
    db.select({ count: count(), last: max(jobs.id) }).from(jobs).where(eq(jobs.companyId, companyId)),
    db.select({ count: count(), last: max(interviews.id) }).from(interviews).innerJoin(jobs, eq(jobs.id, interviews.jobId)).where(eq(jobs.companyId, companyId)),
    db.select({ count: count(), last: max(phoneScreenings.id) }).from(phoneScreenings).where(eq(phoneScreenings.companyId, companyId)),
    db
      .select({ count: count(), last: max(phoneScreeningCandidates.id) })
      .from(phoneScreeningCandidates)
      .innerJoin(phoneScreenings, eq(phoneScreenings.id, phoneScreeningCandidates.screeningId))
      .where(eq(phoneScreenings.companyId, companyId)),
  ]);
  const of = (r: { count: number; last: number | null } | undefined) => ({ count: r?.count ?? 0, last: r?.last ?? 0 });
  return { companyId, jobs: of(j), interviews: of(i), screenings: of(s), candidates: of(c) };
}

/**
 * Everything the company's recruiters can see, for the employer's own records (issue 15; California
 * keeps automated-decision records four years): jobs with their questions and rubric, interviews with
 * their evaluations, reviews, decisions and notes, phone screenings with their candidates and calls,
 * as JSON, and as CSV for spreadsheets, with a README.txt saying what each file holds. Not in it:
 * recordings (exported per candidate), candidates' link tokens, self-identification answers (only the
 * adverse-impact report's aggregates read them). Streamed a page of rows at a time; audited.
 */
export async function exportCompany(db: Db, user: SessionUser): Promise<{ filename: string; stream: Readable }> {
  if (exporting.has(user.companyId)) throw new AppError('EXPORT_IN_PROGRESS', EXPORT_IN_PROGRESS);
  const [company] = await db.select().from(companies).where(eq(companies.id, user.companyId));
  if (!company) throw new AppError('NOT_FOUND', 'Company not found');
  const snap = await snapshot(db, user.companyId);
  const team = await db.select({ id: users.id, username: users.username, role: users.role, createdAt: users.createdAt }).from(users).where(eq(users.companyId, user.companyId)).orderBy(asc(users.id));
  const names = new Map(team.map((u) => [u.id, u.username]));
  const nameOf = (id: number | null) => (id === null ? null : (names.get(id) ?? `user #${id}`));
  const exportedAt = new Date();

  await recordAudit(db, {
    action: 'company_data_exported',
    actorUserId: user.id,
    companyId: user.companyId,
    details: { jobs: snap.jobs.count, interviews: snap.interviews.count, phoneScreenings: snap.screenings.count, phoneCandidates: snap.candidates.count },
  });

  const manifest = {
    format: COMPANY_EXPORT_FORMAT,
    exportedAt: exportedAt.toISOString(),
    exportedBy: user.username,
    company: { id: company.id, name: company.name, createdAt: iso(company.createdAt), retentionDays: company.retentionDays },
    counts: { jobs: snap.jobs.count, interviews: snap.interviews.count, phoneScreenings: snap.screenings.count, phoneScreeningCandidates: snap.candidates.count },
    users: team.map((u) => ({ id: u.id, username: u.username, role: u.role, createdAt: iso(u.createdAt) })),
  };

  exporting.add(user.companyId);
  const stream = zipStream(async (zip) => {
    try {
      await zip.text('README.txt', readme(company.name, manifest.exportedAt, snap));
      await zip.text('company.json', `${JSON.stringify(manifest, null, 2)}\n`);
      await writeJobs(zip, db, snap, nameOf);
      await writeInterviews(zip, db, snap, nameOf);
      await writeScreenings(zip, db, snap, nameOf);
    } finally {
      exporting.delete(user.companyId);
    }
  });
  const slug = company.name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'company';
  return { filename: `${slug}-data-${manifest.exportedAt.slice(0, 10)}.zip`, stream };
}

// ---- Jobs ------------------------------------------------------------------------------------

function readJobs(db: Db, snap: Snapshot) {
  return pagesById(
    (after, limit) =>
      db
        .select()
        .from(jobs)
        .where(and(eq(jobs.companyId, snap.companyId), gt(jobs.id, after), lte(jobs.id, snap.jobs.last)))
        .orderBy(asc(jobs.id))
        .limit(limit),
    JSON_PAGE,
  );
}

async function writeJobs(zip: ZipWriter, db: Db, snap: Snapshot, nameOf: (id: number | null) => string | null): Promise<void> {
  const toJson = (j: typeof jobs.$inferSelect) => ({
    id: j.id,
    title: j.title,
    description: j.description,
    questions: j.questions,
    rubric: j.rubric ?? [],
    videoRecording: j.videoRecording,
    createdAt: iso(j.createdAt),
    createdBy: nameOf(j.userId),
    lastActivity: iso(j.lastActivity),
    interviews: j.numOfInterviews,
  });
  await zip.text('jobs.json', jsonArray(mapPages(readJobs(db, snap), (page) => page.map(toJson))));
  await zip.text(
    'jobs.csv',
    (async function* () {
      yield csv(['Job ID', 'Title', 'Description', 'Questions', 'Rubric', 'Video Recording', 'Created', 'Created By', 'Interviews']);
      for await (const page of readJobs(db, snap)) {
        yield page
          .map((j) =>
            csv([
              j.id,
              j.title,
              j.description,
              j.questions.map((q, n) => `${n + 1}. ${q}`).join('\n'),
              (j.rubric ?? []).map((c) => `${c.name} (${c.weight}%)`).join('; '),
              yesNo(j.videoRecording),
              iso(j.createdAt),
              nameOf(j.userId),
              j.numOfInterviews,
            ]),
          )
          .join('');
      }
    })(),
  );
}

// ---- Interviews ------------------------------------------------------------------------------

/** What a recruiter may see of an interview: not the link or room tokens, not the recording's storage. */
const interviewColumns = {
  id: interviews.id,
  jobId: interviews.jobId,
  jobTitle: jobs.title,
  candidateName: interviews.candidateName,
  email: interviews.email,
  source: interviews.source,
  status: interviews.status,
  videoRecording: interviews.videoRecording,
  emailSent: interviews.emailSent,
  scheduledFor: interviews.scheduledFor,
  createdAt: interviews.createdAt,
  startedAt: interviews.startedAt,
  completedAt: interviews.completedAt,
  legalHold: interviews.legalHold,
  dataDeletedAt: interviews.dataDeletedAt,
  deletionReason: interviews.deletionReason,
  feedback: interviews.feedback,
  recordingSegments: interviews.recordingSegments,
};

const interviewPage = (snap: Snapshot, after: number) =>
  and(eq(jobs.companyId, snap.companyId), gt(interviews.id, after), lte(interviews.id, snap.interviews.last));

/** The interviews with their transcripts, for interviews.json. */
function readInterviews(db: Db, snap: Snapshot) {
  const columns = {
    ...interviewColumns,
    transcript: interviews.transcript,
    serverTranscript: interviews.serverTranscript,
    transcriptSource: interviews.transcriptSource,
    transcriptionError: interviews.transcriptionError,
  };
  return pagesById(
    (after, limit) => db.select(columns).from(interviews).innerJoin(jobs, eq(jobs.id, interviews.jobId)).where(interviewPage(snap, after)).orderBy(asc(interviews.id)).limit(limit),
    JSON_PAGE,
  );
}

/** The interviews without their transcripts, for interviews.csv. */
function readInterviewRows(db: Db, snap: Snapshot) {
  return pagesById(
    (after, limit) => db.select(interviewColumns).from(interviews).innerJoin(jobs, eq(jobs.id, interviews.jobId)).where(interviewPage(snap, after)).orderBy(asc(interviews.id)).limit(limit),
    CSV_PAGE,
  );
}

/** The review entries of these interviews, oldest first, by interview. */
async function reviewsOf(db: Db, ids: number[]) {
  const rows = ids.length
    ? await db.select().from(interviewReviews).where(inArray(interviewReviews.interviewId, ids)).orderBy(asc(interviewReviews.createdAt), asc(interviewReviews.id))
    : [];
  return groupBy(rows, (r) => r.interviewId);
}

function groupBy<T>(rows: T[], key: (row: T) => number | null): Map<number, T[]> {
  const map = new Map<number, T[]>();
  for (const row of rows) {
    const k = key(row);
    if (k === null) continue;
    const list = map.get(k);
    if (list) list.push(row);
    else map.set(k, [row]);
  }
  return map;
}

/**
 * The criterion names of the company's evaluations, for the CSV's score columns: the jobs' rubrics in
 * order, then any other name an evaluation holds (a rubric edited since, say), alphabetically.
 */
async function criterionNames(db: Db, snap: Snapshot): Promise<string[]> {
  const names: string[] = [];
  for await (const page of readJobs(db, snap)) for (const j of page) for (const c of j.rubric ?? []) if (!names.includes(c.name)) names.push(c.name);
  const scored = await db
    .selectDistinct({ name: sql<string | null>`jsonb_path_query(${interviews.feedback}, 'lax $.criteria[*].name') #>> '{}'`.as('name') })
    .from(interviews)
    .innerJoin(jobs, eq(jobs.id, interviews.jobId))
    .where(and(eq(jobs.companyId, snap.companyId), lte(interviews.id, snap.interviews.last)));
  const others = scored.map((r) => r.name).filter((n): n is string => typeof n === 'string' && n !== '' && !names.includes(n));
  return [...names, ...others.sort((a, b) => a.localeCompare(b))];
}

async function writeInterviews(zip: ZipWriter, db: Db, snap: Snapshot, nameOf: (id: number | null) => string | null): Promise<void> {
  const detailed = readInterviews(db, snap);
  await zip.text(
    'interviews.json',
    jsonArray(
      mapPages(detailed, async (page) => {
        const ids = page.map((r) => r.id);
        const [reviews, notes, requests] = await Promise.all([
          reviewsOf(db, ids),
          db.select().from(feedback).where(inArray(feedback.interviewId, ids)).orderBy(asc(feedback.createdAt), asc(feedback.id)).then((rows) => groupBy(rows, (r) => r.interviewId)),
          db.select().from(dataRequests).where(inArray(dataRequests.interviewId, ids)).orderBy(asc(dataRequests.id)).then((rows) => groupBy(rows, (r) => r.interviewId)),
        ]);
        return page.map((row) => {
          const history = reviews.get(row.id) ?? [];
          const scores = applyReview(row.feedback, history);
          const segments = row.recordingSegments ?? [];
          return {
            id: row.id,
            jobId: row.jobId,
            jobTitle: row.jobTitle,
            candidateName: row.candidateName,
            email: row.email,
            status: row.status,
            videoRecording: row.videoRecording,
            invitationEmailSent: row.emailSent,
            scheduledFor: iso(row.scheduledFor),
            createdAt: iso(row.createdAt),
            startedAt: iso(row.startedAt),
            completedAt: iso(row.completedAt),
            legalHold: row.legalHold,
            dataDeletedAt: iso(row.dataDeletedAt),
            deletionReason: row.deletionReason,
            transcript: row.transcript,
            serverTranscript: row.serverTranscript,
            transcriptSource: row.transcriptSource,
            transcriptionError: row.transcriptionError,
            evaluation: row.feedback,
            scores: { overall: scores.overall, aiOverall: scores.aiOverall, adjustedByReviewer: scores.adjusted, criteria: scores.criteria },
            decision: scores.decision,
            reviews: history.map((r) => ({
              at: iso(r.createdAt),
              by: nameOf(r.userId),
              kind: r.kind,
              criterion: r.criterion,
              fromScore: r.fromScore,
              toScore: r.toScore,
              decision: r.decision,
              reason: r.reason,
            })),
            notes: (notes.get(row.id) ?? []).map((n) => ({ at: iso(n.createdAt), by: nameOf(n.userId), content: n.content, rating: n.rating })),
            dataRequests: (requests.get(row.id) ?? []).map((r) => ({ kind: r.kind, status: r.status, requestedAt: iso(r.requestedAt), dueAt: iso(r.dueAt), completedAt: iso(r.completedAt) })),
            recording: { segments: segments.length, bytes: segments.reduce((sum, s) => sum + s.bytes, 0), included: false },
          };
        });
      }),
    ),
  );

  const criteria = await criterionNames(db, snap);
  await zip.text(
    'interviews.csv',
    (async function* () {
      yield csv([
        'Interview ID',
        'Job ID',
        'Job',
        'Candidate Name',
        'Email',
        'Status',
        'Invited',
        'Started',
        'Completed',
        'Overall Score',
        'AI Overall Score',
        'Adjusted by Reviewer',
        ...criteria,
        'Decision',
        'Legal Hold',
        'Data Deleted',
        'Deletion Reason',
      ]);
      for await (const page of readInterviewRows(db, snap)) {
        const reviews = await reviewsOf(
          db,
          page.map((r) => r.id),
        );
        yield page
          .map((row) => {
            const s = applyReview(row.feedback, reviews.get(row.id) ?? []);
            const scored = row.status === 'completed';
            return csv([
              row.id,
              row.jobId,
              row.jobTitle,
              row.candidateName,
              row.email,
              row.status,
              iso(row.createdAt),
              iso(row.startedAt),
              iso(row.completedAt),
              scored ? s.overall : null,
              scored ? s.aiOverall : null,
              scored ? yesNo(s.adjusted) : null,
              ...criteria.map((name) => (scored ? (s.criteria.find((c) => c.name === name)?.score ?? null) : null)),
              s.decision,
              yesNo(row.legalHold),
              iso(row.dataDeletedAt),
              row.deletionReason,
            ]);
          })
          .join('');
      }
    })(),
  );
}

// ---- Phone screenings ------------------------------------------------------------------------

const candidateColumns = {
  id: phoneScreeningCandidates.id,
  screeningId: phoneScreeningCandidates.screeningId,
  jobTitle: phoneScreenings.jobTitle,
  candidateName: phoneScreeningCandidates.candidateName,
  email: phoneScreeningCandidates.email,
  source: phoneScreeningCandidates.source,
  countryCode: phoneScreeningCandidates.countryCode,
  phoneNumber: phoneScreeningCandidates.phoneNumber,
  interviewTime: phoneScreeningCandidates.interviewTime,
  timeZone: phoneScreeningCandidates.timeZone,
  status: phoneScreeningCandidates.status,
  outcome: phoneScreeningCandidates.outcome,
  attempts: phoneScreeningCandidates.attempts,
  nextCallAt: phoneScreeningCandidates.nextCallAt,
  completedAt: phoneScreeningCandidates.completedAt,
  createdAt: phoneScreeningCandidates.createdAt,
  notes: phoneScreeningCandidates.notes,
  feedback: phoneScreeningCandidates.feedback,
  legalHold: phoneScreeningCandidates.legalHold,
  dataDeletedAt: phoneScreeningCandidates.dataDeletedAt,
  deletionReason: phoneScreeningCandidates.deletionReason,
};

const candidatePage = (snap: Snapshot, after: number) =>
  and(eq(phoneScreenings.companyId, snap.companyId), gt(phoneScreeningCandidates.id, after), lte(phoneScreeningCandidates.id, snap.candidates.last));

/** The candidates with their transcripts, for the JSON. */
function readCandidates(db: Db, snap: Snapshot) {
  const columns = { ...candidateColumns, transcript: phoneScreeningCandidates.transcript };
  return pagesById(
    (after, limit) =>
      db
        .select(columns)
        .from(phoneScreeningCandidates)
        .innerJoin(phoneScreenings, eq(phoneScreenings.id, phoneScreeningCandidates.screeningId))
        .where(candidatePage(snap, after))
        .orderBy(asc(phoneScreeningCandidates.id))
        .limit(limit),
    JSON_PAGE,
  );
}

/** The candidates without their transcripts, for the CSV. */
function readCandidateRows(db: Db, snap: Snapshot) {
  return pagesById(
    (after, limit) =>
      db
        .select(candidateColumns)
        .from(phoneScreeningCandidates)
        .innerJoin(phoneScreenings, eq(phoneScreenings.id, phoneScreeningCandidates.screeningId))
        .where(candidatePage(snap, after))
        .orderBy(asc(phoneScreeningCandidates.id))
        .limit(limit),
    CSV_PAGE,
  );
}

async function writeScreenings(zip: ZipWriter, db: Db, snap: Snapshot, nameOf: (id: number | null) => string | null): Promise<void> {
  const screenings = pagesById(
    (after, limit) =>
      db
        .select()
        .from(phoneScreenings)
        .where(and(eq(phoneScreenings.companyId, snap.companyId), gt(phoneScreenings.id, after), lte(phoneScreenings.id, snap.screenings.last)))
        .orderBy(asc(phoneScreenings.id))
        .limit(limit),
    JSON_PAGE,
  );
  await zip.text(
    'phone-screenings.json',
    jsonArray(
      mapPages(screenings, (page) =>
        page.map((s) => ({
          id: s.id,
          jobTitle: s.jobTitle,
          jobDescription: s.jobDescription,
          skills: s.skills,
          questions: s.questions,
          rubric: s.rubric ?? [],
          agentName: s.agentName,
          createdAt: iso(s.createdAt),
          createdBy: nameOf(s.userId),
        })),
      ),
    ),
  );

  await zip.text(
    'phone-screening-candidates.json',
    jsonArray(
      mapPages(readCandidates(db, snap), async (page) => {
        const ids = page.map((c) => c.id);
        const calls = groupBy(await db.select().from(phoneCalls).where(inArray(phoneCalls.candidateId, ids)).orderBy(asc(phoneCalls.attempt), asc(phoneCalls.id)), (c) => c.candidateId);
        return page.map((c) => ({
          ...phoneCandidateRecord(c),
          jobTitle: c.jobTitle,
          notes: c.notes,
          transcript: c.transcript,
          evaluation: c.feedback,
          calls: (calls.get(c.id) ?? []).map((call) => ({
            id: call.id,
            attempt: call.attempt,
            provider: call.provider,
            status: call.status,
            answeredBy: call.answeredBy,
            durationSeconds: call.durationSeconds,
            error: call.error,
            startedAt: iso(call.startedAt),
            endedAt: iso(call.endedAt),
            createdAt: iso(call.createdAt),
            transcript: call.transcript,
            recording: { kept: call.recordingSid !== null, included: false },
          })),
        }));
      }),
    ),
  );

  await zip.text(
    'phone-screening-candidates.csv',
    (async function* () {
      yield csv([
        'Candidate ID',
        'Screening ID',
        'Job',
        'Candidate Name',
        'Country Code',
        'Phone Number',
        'Interview Time',
        'Time Zone',
        'Status',
        'Outcome',
        'Calls',
        'Overall Score',
        'Completed',
        'Legal Hold',
        'Data Deleted',
        'Deletion Reason',
      ]);
      for await (const page of readCandidateRows(db, snap)) {
        yield page
          .map((c) => {
            const overall = c.feedback?.overall ?? null;
            return csv([
              c.id,
              c.screeningId,
              c.jobTitle,
              c.candidateName,
              c.countryCode,
              c.phoneNumber,
              iso(c.interviewTime),
              c.timeZone,
              c.status,
              c.outcome,
              c.attempts,
              typeof overall === 'number' ? overall : null,
              iso(c.completedAt),
              yesNo(c.legalHold),
              iso(c.dataDeletedAt),
              c.deletionReason,
            ]);
          })
          .join('');
      }
    })(),
  );
}

// ---- README.txt ------------------------------------------------------------------------------

function readme(companyName: string, exportedAt: string, snap: Snapshot): string {
  const lines = [
    `${companyName}: data exported from Hireloop`,
    `Exported ${exportedAt} (UTC). Layout: ${COMPANY_EXPORT_FORMAT}.`,
    '',
    `This archive holds the company's ${snap.jobs.count} job(s), ${snap.interviews.count} video interview(s), ${snap.screenings.count} phone screening(s) and ${snap.candidates.count} phone screening candidate(s), as they were when the export started.`,
    '',
    'FILES',
    '',
    'company.json',
    '  The company, its retention period (days), the users of the account and how many rows each file holds.',
    '',
    'jobs.json, jobs.csv',
    '  Every job: title, description, interview questions, the rubric (criteria and their weights), whether',
    '  interviews are video-recorded, who created it and when.',
    '',
    'interviews.json',
    '  Every video interview, one per line: the candidate, status and dates, the transcript, the AI',
    "  evaluation as stored (summary, criteria, scores, evidence), the scores after reviewers' changes, the",
    '  decision, every review entry (score changes and decisions, with reasons and reviewer), your team\'s',
    '  notes, the candidate\'s data requests, legal hold and deletion.',
    '',
    'interviews.csv',
    '  One row per interview, for spreadsheets: the candidate, status, dates, overall score (after',
    "  reviewers' changes), the AI's overall score, one column per rubric criterion with its score, the",
    '  decision, legal hold and deletion. Scores are 0 to 100 and empty until the interview is scored.',
    '',
    'phone-screenings.json',
    '  Every phone screening: job, questions, rubric, the AI agent\'s name.',
    '',
    'phone-screening-candidates.json, phone-screening-candidates.csv',
    '  Every phone screening candidate: name, phone number, scheduled time, status and outcome, the call',
    '  transcript, the AI evaluation, notes, and (JSON) every call placed with its status and transcript.',
    '',
    'WHAT IS NOT IN THIS ARCHIVE',
    '',
    '- Recordings. Interview videos and call recordings can be gigabytes; they are exported one candidate',
    '  at a time with "Download all data (ZIP)" on the interview report or the phone screening result,',
    '  which also answers a candidate\'s access request.',
    "- Candidates' interview and call links: they would let anyone holding this file open them.",
    "- Candidates' voluntary self-identification (sex, race/ethnicity): it is kept apart and read only as",
    '  totals by the adverse-impact report.',
    '- The audit log: Settings > Audit log has its own CSV.',
    '',
    'NOTES',
    '',
    '- Times are UTC, in ISO 8601 (2026-05-01T14:30:00.000Z).',
    '- A candidate whose data was deleted appears as the anonymised row that remains ("Deleted candidate",',
    '  no email or phone number, no transcript or evaluation text): the scores and dates stay for statistics.',
    "- In the CSV files a cell starting with = + - or @ is prefixed with ' so a spreadsheet shows it as",
    '  text instead of running it as a formula.',
    '- JSON files are arrays (UTF-8), one element per line; CSV files are UTF-8 with CRLF line ends.',
    '',
  ];
  return lines.join('\r\n');
}
