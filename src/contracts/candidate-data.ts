import { z } from 'zod';
import { dataRequestKind, dataRequestStatus, recruiterDeletionReason } from './status-enums';
import { CANDIDATE_LINK_DAY_BOUNDS, RETENTION_DAY_BOUNDS } from './statuses';

/** POST …/delete-data: the recruiter's reason (a code: the audit log keeps no free text about a person). */
export const deleteCandidateDataInput = z.object({ reason: recruiterDeletionReason });
export type DeleteCandidateDataInput = z.infer<typeof deleteCandidateDataInput>;
/** `deleted` is false when the data had already been deleted (the request changes nothing then). */
export const deleteCandidateDataResult = z.object({ deleted: z.boolean() });

export const legalHoldInput = z.object({ hold: z.boolean() });
export const legalHoldResult = z.object({ legalHold: z.boolean() });

const retentionMessage = `Keep candidate data between ${RETENTION_DAY_BOUNDS.min} and ${RETENTION_DAY_BOUNDS.max} days`;
const linkDaysMessage = `Keep candidate links valid between ${CANDIDATE_LINK_DAY_BOUNDS.min} and ${CANDIDATE_LINK_DAY_BOUNDS.max} days`;
export const companySettings = z.object({
  /** How long candidates' recordings, transcripts and evaluations are kept after the interview or call ends. */
  retentionDays: z.number().int(),
  /** How many days a candidate's interview link stays valid after the invitation is created or sent (decision 030). */
  candidateLinkDays: z.number().int(),
});
export type CompanySettings = z.infer<typeof companySettings>;
export const retentionDaysField = z
  .number({ message: retentionMessage })
  .int(retentionMessage)
  .min(RETENTION_DAY_BOUNDS.min, retentionMessage)
  .max(RETENTION_DAY_BOUNDS.max, retentionMessage);
export const candidateLinkDaysField = z
  .number({ message: linkDaysMessage })
  .int(linkDaysMessage)
  .min(CANDIDATE_LINK_DAY_BOUNDS.min, linkDaysMessage)
  .max(CANDIDATE_LINK_DAY_BOUNDS.max, linkDaysMessage);
/** PATCH /api/company/settings (owners): one setting or both. */
export const companySettingsInput = z
  .object({ retentionDays: retentionDaysField.optional(), candidateLinkDays: candidateLinkDaysField.optional() })
  .refine((v) => v.retentionDays !== undefined || v.candidateLinkDays !== undefined, { message: 'Send retentionDays, candidateLinkDays or both' });
export type CompanySettingsInput = z.infer<typeof companySettingsInput>;

/** What a row says about its candidate's data (the report and the screening result show it). */
export const candidateDataState = z.object({
  legalHold: z.boolean(),
  /** When the candidate's data was deleted; null while it is kept. */
  dataDeletedAt: z.string().nullable(),
});

/** What the candidate's link says about their deletion request. */
export const deletionRequestReceipt = z.object({
  requestedAt: z.string(),
  /** The date by which the company carries it out. */
  dueAt: z.string(),
  status: dataRequestStatus,
});
export type DeletionRequestReceipt = z.infer<typeof deletionRequestReceipt>;

/** One request in the company's inbox: a video interview's candidate or a phone screening candidate's (one of the two ids is set). */
export const dataRequestItem = z.object({
  id: z.number(),
  kind: dataRequestKind,
  status: dataRequestStatus,
  interviewId: z.number().nullable(),
  jobId: z.number().nullable(),
  /** A phone screening candidate's request: the candidate and their screening (the result page's address). */
  phoneCandidateId: z.number().nullable(),
  screeningId: z.number().nullable(),
  /** The interview's job title, or the screening's (which may have none). */
  jobTitle: z.string().nullable(),
  candidateName: z.string(),
  legalHold: z.boolean(),
  requestedAt: z.string(),
  dueAt: z.string(),
  completedAt: z.string().nullable(),
});
export type DataRequestItem = z.infer<typeof dataRequestItem>;
