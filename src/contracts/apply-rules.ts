import type { CandidateSource } from './statuses';

/**
 * The apply page's limits and sentences (docs/decisions/035-apply-pages.md), without zod, so the
 * candidate's public page can use them without downloading it (decision 016). The schemas are in apply.ts.
 */

/** The longest cover note, in characters. */
export const COVER_NOTE_MAX = 5_000;
/** The largest CV file: 5 MB. */
export const CV_MAX_BYTES = 5 * 1024 * 1024;
/** The CV files accepted, by extension (the server checks the bytes, not the name). */
export const CV_EXTENSIONS = ['.pdf', '.doc', '.docx', '.txt'] as const;
/** The time zone field's default when the browser gives none. */
export const DEFAULT_APPLY_TIME_ZONE = 'UTC';

export const CV_TYPE_MESSAGE = 'The CV must be a PDF, Word (.doc or .docx) or plain text (.txt) file';
export const CV_SIZE_MESSAGE = 'The CV must be at most 5 MB';
export const COVER_NOTE_MESSAGE = 'The cover note must be at most 5,000 characters';
export const CONSENT_MESSAGE = 'Please read the notice and tick the box to agree before applying';
export const APPLICATIONS_CLOSED = 'This position is no longer taking applications.';

/** The fields of an application, as the form names them (multipart/form-data). */
export const APPLY_FIELDS = ['candidateName', 'email', 'countryCode', 'phoneNumber', 'timeZone', 'coverNote', 'consent', 'cv'] as const;
export type ApplyField = (typeof APPLY_FIELDS)[number];

export const APPLY_KINDS = ['job', 'screening'] as const;
export type ApplyKind = (typeof APPLY_KINDS)[number];

/** Where a candidate came from, as the recruiter reads it (CANDIDATE_SOURCES). */
export const CANDIDATE_SOURCE_LABELS = { recruiter: 'Added by recruiter', import: 'Imported', apply: 'Applied', api: 'API' } as const satisfies Record<CandidateSource, string>;
