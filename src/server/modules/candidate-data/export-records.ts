import path from 'node:path';
import type { applications, dataRequests, phoneScreeningCandidates } from '../../db/schema';

type CandidateRow = typeof phoneScreeningCandidates.$inferSelect;

export const iso = (d: Date | null) => d?.toISOString() ?? null;

/** A phone screening candidate's row as both exports write it (the candidate's own and the company's). */
export const phoneCandidateRecord = (
  c: Pick<
    CandidateRow,
    | 'id'
    | 'screeningId'
    | 'candidateName'
    | 'email'
    | 'source'
    | 'countryCode'
    | 'phoneNumber'
    | 'interviewTime'
    | 'timeZone'
    | 'status'
    | 'outcome'
    | 'attempts'
    | 'nextCallAt'
    | 'completedAt'
    | 'createdAt'
    | 'legalHold'
    | 'dataDeletedAt'
    | 'deletionReason'
  >,
) => ({
  id: c.id,
  screeningId: c.screeningId,
  candidateName: c.candidateName,
  email: c.email,
  source: c.source,
  countryCode: c.countryCode,
  phoneNumber: c.phoneNumber,
  interviewTime: iso(c.interviewTime),
  timeZone: c.timeZone,
  status: c.status,
  outcome: c.outcome,
  attempts: c.attempts,
  nextCallAt: iso(c.nextCallAt),
  completedAt: iso(c.completedAt),
  createdAt: iso(c.createdAt),
  legalHold: c.legalHold,
  dataDeletedAt: iso(c.dataDeletedAt),
  deletionReason: c.deletionReason,
});

/** A candidate's request about their data, as both access exports list it. */
export const dataRequestRecord = (r: Pick<typeof dataRequests.$inferSelect, 'kind' | 'status' | 'requestedAt' | 'dueAt' | 'completedAt'>) => ({
  kind: r.kind,
  status: r.status,
  requestedAt: iso(r.requestedAt),
  dueAt: iso(r.dueAt),
  completedAt: iso(r.completedAt),
});

type ApplicationRow = typeof applications.$inferSelect;

/** The CV's name in an access export: `application-cv` with the extension the candidate's file had. */
export function applicationCvFile(a: Pick<ApplicationRow, 'cvFileName'>): string {
  const extension = path.extname(a.cvFileName ?? '').toLowerCase();
  return `application-cv${/^\.[a-z0-9]{1,5}$/.test(extension) ? extension : ''}`;
}

/**
 * What the candidate sent with an application on the public page (decision 035), as both access
 * exports list it: the cover note, and the CV as a file in the same archive.
 */
export const applicationRecord = (a: ApplicationRow | undefined) =>
  a
    ? {
        appliedAt: iso(a.createdAt),
        coverNote: a.coverNote,
        cv: a.cv ? { file: applicationCvFile(a), fileName: a.cvFileName, contentType: a.cvContentType, bytes: a.cv.length } : null,
      }
    : null;
