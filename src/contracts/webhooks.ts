import { z } from 'zod';
import { deletionReason, reviewDecision } from './status-enums';
import { WEBHOOK_DELIVERY_STATUSES, WEBHOOK_EVENTS, type WebhookDeliveryStatus, type WebhookEvent } from './statuses';

/**
 * Signed webhooks (issue 17, point 3; docs/decisions/034-webhooks.md): a company's endpoints, their
 * delivery log, and the events' payloads. Deliveries follow Standard Webhooks
 * (https://www.standardwebhooks.com): headers `webhook-id`, `webhook-timestamp`, `webhook-signature`.
 */

export const webhookEvent = z.enum(WEBHOOK_EVENTS);
export const webhookDeliveryStatus = z.enum(WEBHOOK_DELIVERY_STATUSES);

/** How each event is named on screens, with what it reports. */
export const WEBHOOK_EVENT_LABELS: Record<WebhookEvent, { label: string; description: string }> = {
  'interview.completed': { label: 'Interview completed', description: 'An interview was scored: the overall score and a link to the report.' },
  'interview.reviewed': { label: 'Interview reviewed', description: 'A member recorded a decision (advance, hold, reject) on an interview.' },
  'screening.completed': { label: 'Screening completed', description: 'A phone screening call was scored.' },
  'candidate.applied': { label: 'Candidate applied', description: 'A candidate applied on a public application page.' },
  'candidate.deleted': { label: 'Candidate deleted', description: "A candidate's data was deleted (ids only, never the deleted data)." },
};

export const WEBHOOK_DELIVERY_STATUS_LABELS: Record<WebhookDeliveryStatus, string> = { pending: 'Pending', succeeded: 'Succeeded', failed: 'Failed' };

/** The header every delivery carries besides Standard Webhooks' three. */
export const WEBHOOK_USER_AGENT = 'Hireloop-Webhooks/1';
/** How many deliveries the log of one endpoint lists (the newest). */
export const WEBHOOK_LOG_LIMIT = 100;
export const WEBHOOK_URL_MAX = 2_000;

const endpointUrl = z
  .string()
  .trim()
  .min(1, 'Enter the address to send events to')
  .max(WEBHOOK_URL_MAX, `The address must be at most ${WEBHOOK_URL_MAX} characters`)
  .pipe(z.url({ protocol: /^https?$/, error: 'Enter a full web address, starting with https://' }));
const description = z.string().trim().max(500, 'The description must be at most 500 characters');
const events = z
  .array(webhookEvent)
  .min(1, 'Choose at least one event')
  .transform((list) => WEBHOOK_EVENTS.filter((e) => list.includes(e)));

/** POST /api/webhooks. */
export const createWebhookEndpointInput = z.object({ url: endpointUrl, description: description.default(''), events });
export type CreateWebhookEndpointInput = z.input<typeof createWebhookEndpointInput>;

/** PATCH /api/webhooks/{id}: any of the fields, checked as when creating. */
export const updateWebhookEndpointInput = z
  .object({ url: endpointUrl.optional(), description: description.optional(), events: events.optional(), enabled: z.boolean().optional() })
  .refine((v) => Object.values(v).some((x) => x !== undefined), { message: 'Send the url, description, events or enabled' });
export type UpdateWebhookEndpointInput = z.input<typeof updateWebhookEndpointInput>;

/** One endpoint as owners see it in the list; the secret only through its own route. */
export const webhookEndpoint = z.object({
  id: z.number(),
  url: z.string(),
  description: z.string(),
  events: z.array(webhookEvent),
  enabled: z.boolean(),
  createdAt: z.string(),
  /** The latest delivery's status and time, or null before the first. */
  lastDelivery: z.object({ status: webhookDeliveryStatus, at: z.string() }).nullable(),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpoint>;
export const webhookEndpointList = z.array(webhookEndpoint);

/** `whsec_` + base64 of 32 random bytes (Standard Webhooks' format); the receiver decodes the part after `whsec_` as the HMAC key. */
export const webhookSecret = z.object({ secret: z.string() });
export type WebhookSecret = z.infer<typeof webhookSecret>;

/** POST /api/webhooks: the endpoint and its secret. */
export const createdWebhookEndpoint = z.object({ endpoint: webhookEndpoint, secret: z.string() });
export type CreatedWebhookEndpoint = z.infer<typeof createdWebhookEndpoint>;

/** One delivery of one event to one endpoint (a redelivery is a row of its own with the same eventId). */
export const webhookDelivery = z.object({
  id: z.number(),
  event: webhookEvent,
  /** The receiver's idempotency key (`webhook-id`): the same on every attempt and redelivery. */
  eventId: z.string(),
  status: webhookDeliveryStatus,
  attempts: z.number(),
  /** The last attempt's HTTP status; null when it got no answer. */
  responseStatus: z.number().nullable(),
  /** Why the last attempt failed, in words. */
  error: z.string().nullable(),
  isTest: z.boolean(),
  createdAt: z.string(),
  lastAttemptAt: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
});
export type WebhookDelivery = z.infer<typeof webhookDelivery>;
export const webhookDeliveryList = z.array(webhookDelivery);

// ---- Payloads ----------------------------------------------------------------------------------
// The body of every delivery is the envelope below; `data` is the event's schema. Ids are the
// numbers the API uses; times are ISO 8601 in UTC.

/** interview.completed: the interview was scored (the AI's score; a recruiter's changes come later). */
export const interviewCompletedData = z.object({
  interviewId: z.number(),
  jobId: z.number(),
  jobTitle: z.string(),
  candidate: z.object({ name: z.string(), email: z.string() }),
  /** 0-100, the rubric-weighted overall; null when nothing could be judged. */
  overallScore: z.number().nullable(),
  /** True when the answers gave too little to judge some criteria. */
  insufficientEvidence: z.boolean(),
  completedAt: z.string(),
  /** The recruiter's report (sign-in needed). */
  reportUrl: z.string(),
});
export type InterviewCompletedData = z.infer<typeof interviewCompletedData>;

/** interview.reviewed: a member recorded a decision; score changes alone are not this event. */
export const interviewReviewedData = z.object({
  interviewId: z.number(),
  jobId: z.number(),
  decision: reviewDecision,
  reviewer: z.object({ id: z.number(), username: z.string() }),
  reviewedAt: z.string(),
});
export type InterviewReviewedData = z.infer<typeof interviewReviewedData>;

/** screening.completed: a phone screening call was scored. */
export const screeningCompletedData = z.object({
  screeningId: z.number(),
  candidateId: z.number(),
  candidate: z.object({ name: z.string(), phone: z.string(), email: z.string().nullable() }),
  overallScore: z.number().nullable(),
  insufficientEvidence: z.boolean(),
  completedAt: z.string(),
  /** The recruiter's result page (sign-in needed). */
  resultUrl: z.string(),
});
export type ScreeningCompletedData = z.infer<typeof screeningCompletedData>;

/** candidate.applied: written by the apply module (issue 17, point 1); its fields are that module's to document. */
export const candidateAppliedData = z.record(z.string(), z.unknown());

/**
 * candidate.deleted: ids only, never what was deleted. `deletedBy` is 'member' when a member
 * deleted it, 'system' when the retention job or a candidate's request at its deadline did
 * (`reason` then says which: 'retention', 'candidate_request').
 */
export const candidateDeletedData = z.object({
  kind: z.enum(['interview', 'phone_candidate']),
  interviewId: z.number().nullable(),
  jobId: z.number().nullable(),
  candidateId: z.number().nullable(),
  screeningId: z.number().nullable(),
  reason: deletionReason,
  deletedBy: z.enum(['member', 'system']),
  deletedAt: z.string(),
});
export type CandidateDeletedData = z.infer<typeof candidateDeletedData>;

export const webhookEventData = {
  'interview.completed': interviewCompletedData,
  'interview.reviewed': interviewReviewedData,
  'screening.completed': screeningCompletedData,
  'candidate.applied': candidateAppliedData,
  'candidate.deleted': candidateDeletedData,
} as const satisfies Record<WebhookEvent, z.ZodType>;

/** The body of every delivery. `test` is true on a delivery sent with "Send test event" (its data is made up). */
export const webhookPayload = z.object({
  id: z.string(),
  type: webhookEvent,
  createdAt: z.string(),
  test: z.boolean().optional(),
  data: z.record(z.string(), z.unknown()),
});
export type WebhookPayload = z.infer<typeof webhookPayload>;
