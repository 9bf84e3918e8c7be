/**
 * The reads one feature owns and another refreshes or watches. Each read's query key is its URL
 * (the spec's default read), so the owner builds its query from these and the others name the same
 * key through them: one definition instead of a URL written out in several features.
 */

/** A job id as a page has it: the number from the job, or the route's string. */
export type JobId = number | string;

/** GET /api/job/{id}/interview (the interviews feature): refreshed by the report, watched by the analytics. */
export const jobInterviewsUrl = (jobId: JobId) => `/api/job/${jobId}/interview`;

/** GET /api/job/{id}/analytics (the job-analytics feature): refreshed by the report when a review changes the numbers. */
export const jobAnalyticsUrl = (jobId: JobId) => `/api/job/${jobId}/analytics`;

/** The query key of a read named by its URL. */
export const urlKey = (url: string) => [url] as const;

/** GET /api/alternative-requests (the data-requests feature's inbox): refreshed by the report when a request is resolved. */
export const alternativeRequestsUrl = '/api/alternative-requests';

/** GET /api/phone-screening/{id}/candidates (the phone-screenings feature): refreshed by a CSV import of candidates. */
export const screeningCandidatesUrl = (screeningId: number | string) => `/api/phone-screening/${screeningId}/candidates`;
