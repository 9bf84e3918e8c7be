import { z } from 'zod';
import { candidateNotice } from './consent';
import { APPLY_FIELDS, APPLY_KINDS } from './apply-rules';

export * from './apply-rules';

/**
 * Public apply pages, /apply/{slug} (issue 17, part 1; docs/decisions/035-apply-pages.md): the
 * recruiter's switch, what the page shows a candidate, the application it sends and the answer.
 * The candidate's page reads the types only (no zod on that page, decision 016); the limits and
 * sentences both sides use are in apply-rules.ts, which has no zod.
 */

// ---- The recruiter's side ----------------------------------------------------------------------

/** GET/PUT /api/job/{id}/apply-page and /api/phone-screening/{id}/apply-page. */
export const applyPageState = z.object({
  /** Switched on by a recruiter. */
  enabled: z.boolean(),
  /** Null until first switched on; then kept for good, so the address never changes. */
  slug: z.string().nullable(),
  url: z.string().nullable(),
  /** Switched on and its job open: the page takes applications now. */
  isAcceptingApplications: z.boolean(),
  /** Why a switched-on page takes none (the job is closed); null otherwise. */
  note: z.string().nullable(),
});
export type ApplyPageState = z.infer<typeof applyPageState>;

export const setApplyPageInput = z.object({ enabled: z.boolean('enabled: say true or false') });
export type SetApplyPageInput = z.input<typeof setApplyPageInput>;

/** GET /api/interview/{id}/application and /api/phone-screening/candidates/{id}/application: what the applicant sent. */
export const applicationView = z.object({
  application: z
    .object({
      appliedAt: z.string(),
      coverNote: z.string().nullable(),
      cv: z.object({ fileName: z.string(), contentType: z.string(), bytes: z.number(), url: z.string() }).nullable(),
    })
    .nullable(),
});
export type ApplicationView = z.infer<typeof applicationView>;

// ---- The candidate's side ----------------------------------------------------------------------

/** GET /api/apply/{slug}: what the public page shows, and the signed form token the application sends back. */
export const publicApplyPage = z.object({
  slug: z.string(),
  kind: z.enum(APPLY_KINDS),
  companyName: z.string(),
  title: z.string(),
  description: z.string(),
  isOpen: z.boolean(),
  /** The sentence shown instead of the form when the page is closed. */
  closedMessage: z.string().nullable(),
  /** The notice the candidate agrees to (its version is sent back with the application). */
  notice: candidateNotice,
  /** The consent checkbox's words. */
  consentLabel: z.string(),
  /** When the page was served, signed: an application sent sooner than a person could type is refused. */
  formToken: z.string(),
  /** The least time between loading the form and sending it. */
  minSeconds: z.number(),
});
export type PublicApplyPage = z.infer<typeof publicApplyPage>;

/**
 * POST /api/apply/{slug}: 'interview' (a job: the interview link at once, also emailed), 'scheduled'
 * (a screening: when to expect the call, in the candidate's zone), 'already_applied' (the same email
 * applied before: nothing new; the link goes to that address again), 'received' (said to a form a
 * bot filled: nothing was created).
 */
export const applyResult = z.discriminatedUnion('outcome', [
  z.object({ outcome: z.literal('interview'), interviewUrl: z.string(), message: z.string() }),
  z.object({ outcome: z.literal('scheduled'), callAt: z.string(), timeZone: z.string(), localTime: z.string(), message: z.string() }),
  z.object({ outcome: z.literal('already_applied'), message: z.string() }),
  z.object({ outcome: z.literal('received'), message: z.string() }),
]);
export type ApplyResult = z.infer<typeof applyResult>;

/**
 * An application refused field by field (400, the one error shape of contracts/errors.ts): the
 * sentence, and in its details one message per field, which the form shows under each field. A
 * refusal of the whole form (its token) is VALIDATION_FAILED, without details.
 */
export const applyRefused = z.object({
  error: z.string(),
  code: z.literal('APPLICATION_INVALID'),
  details: z.object({ fields: z.partialRecord(z.enum(APPLY_FIELDS), z.string()) }),
});
export type ApplyRefused = z.infer<typeof applyRefused>;
