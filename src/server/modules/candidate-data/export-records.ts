import type { dataRequests, phoneScreeningCandidates } from '../../db/schema';

type CandidateRow = typeof phoneScreeningCandidates.$inferSelect;

export const iso = (d: Date | null) => d?.toISOString() ?? null;

/** A phone screening candidate's row as both exports write it (the candidate's own and the company's). */
export const phoneCandidateRecord = (
  c: Pick<
    CandidateRow,
    | 'id'
    | 'screeningId'
    | 'candidateName'
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
