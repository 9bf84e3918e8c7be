import { z } from 'zod';

// Notice, consent and the alternative process (issue 15, docs/decisions/025-notice-consent-alternative.md).
// The candidate's room imports only types from here (zod stays off its page, decision 016).

/** What a candidate may ask for instead of, or alongside, the AI interview. */
export const ALTERNATIVE_KINDS = ['human_interview', 'more_time', 'typed_answers', 'other'] as const;
export type AlternativeKind = (typeof ALTERNATIVE_KINDS)[number];

/** open (the recruiter has not dealt with it yet) → resolved (they have). */
export const ALTERNATIVE_STATUSES = ['open', 'resolved'] as const;
export type AlternativeStatus = (typeof ALTERNATIVE_STATUSES)[number];

/** Why no further screening call is placed: the candidate asked not to be called, or declined the call. */
export const CALL_OPT_OUT_REASONS = ['asked_not_to_call', 'declined'] as const;
export type CallOptOutReason = (typeof CALL_OPT_OUT_REASONS)[number];

/** The recruiter's words for each kind (the candidate's page words them for the candidate). */
export const ALTERNATIVE_KIND_LABELS: Record<AlternativeKind, string> = {
  human_interview: 'Interview with a person',
  more_time: 'More time',
  typed_answers: 'Typed answers',
  other: 'Other accommodation',
};

export const ALTERNATIVE_MESSAGE_MAX = 2000;

/** One part of the notice: a heading and its sentences. */
export const noticeSection = z.object({ heading: z.string(), text: z.string() });

/** The notice as the candidate reads it, the job's criteria and the company's retention period filled in. */
export const candidateNotice = z.object({
  /** The version of the notice's wording (a date); a new wording is a new version. */
  version: z.string(),
  title: z.string(),
  sections: z.array(noticeSection),
});
export type CandidateNotice = z.infer<typeof candidateNotice>;

/** The candidate's consent: to which version of the notice, and when. */
export const consentRecord = z.object({ noticeVersion: z.string(), givenAt: z.string() });
export type ConsentRecord = z.infer<typeof consentRecord>;

/** POST /api/interview/{id}/consent: the version of the notice the candidate read and agreed to. */
export const consentInput = z.object({
  noticeVersion: z.string({ message: 'noticeVersion: say which version of the notice was agreed to' }).trim().min(1, 'Say which version of the notice was agreed to').max(40),
});
export type ConsentInput = z.infer<typeof consentInput>;

const kindMessage = `Choose what you would like: ${ALTERNATIVE_KINDS.join(', ')}`;
const messageTooLong = `Keep the message under ${ALTERNATIVE_MESSAGE_MAX.toLocaleString('en-US')} characters`;

/** POST /api/interview/{id}/alternative-requests (the candidate's link). */
export const alternativeRequestInput = z.object({
  kind: z.enum(ALTERNATIVE_KINDS, { message: kindMessage }),
  message: z
    .string({ message: 'The message must be text' })
    .trim()
    .max(ALTERNATIVE_MESSAGE_MAX, messageTooLong)
    .nullish()
    .transform((m) => (m ? m : null)),
});
export type AlternativeRequestInput = z.input<typeof alternativeRequestInput>;

/** One request, as the candidate who made it and the recruiter see it. */
export const alternativeRequest = z.object({
  id: z.number(),
  kind: z.enum(ALTERNATIVE_KINDS),
  message: z.string().nullable(),
  status: z.enum(ALTERNATIVE_STATUSES),
  requestedAt: z.string(),
  resolvedAt: z.string().nullable(),
});
export type AlternativeRequest = z.infer<typeof alternativeRequest>;

/** GET /api/interview/{id}/notice (the candidate's link): the notice, and what the candidate has done about it. */
export const candidateNoticeView = z.object({
  notice: candidateNotice,
  /** The consent given for this interview (the latest), or null. */
  consent: consentRecord.nullable(),
  alternativeRequests: z.array(alternativeRequest),
});
export type CandidateNoticeView = z.infer<typeof candidateNoticeView>;

/** A request in the recruiter's views: who resolved it, and (in the inbox) whose interview. */
export const alternativeRequestItem = alternativeRequest.extend({
  interviewId: z.number(),
  jobId: z.number(),
  jobTitle: z.string(),
  candidateName: z.string(),
  resolvedBy: z.string().nullable(),
});
export type AlternativeRequestItem = z.infer<typeof alternativeRequestItem>;

/** GET /api/interview/{id}/consent-record (the company's users): the consent as stored, and the alternative requests. */
export const interviewConsentView = z.object({
  /** Null for an interview never started, or started before consent was recorded. */
  consent: consentRecord.extend({ noticeText: z.string() }).nullable(),
  alternativeRequests: z.array(alternativeRequestItem),
});
export type InterviewConsentView = z.infer<typeof interviewConsentView>;
