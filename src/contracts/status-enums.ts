import { z } from 'zod';
import {
  ACCOUNT_REVIEW_CHANNELS,
  CALL_PROVIDERS,
  DATA_REQUEST_KINDS,
  DATA_REQUEST_STATUSES,
  DELETION_REASONS,
  RECRUITER_DELETION_REASONS,
  EMAIL_STATUSES,
  INTERVIEW_STATUSES,
  PHONE_CALL_STATUSES,
  REVIEW_DECISIONS,
  REVIEW_ENTRY_KINDS,
  REVIEW_STATUSES,
  SCREENING_CANDIDATE_STATUSES,
  USER_ROLES,
  COMPANY_ROLES,
  NOTIFICATION_KINDS,
} from './statuses';

/** The closed sets of statuses.ts as zod enums, for the contracts' request and response schemas. */
export const interviewStatus = z.enum(INTERVIEW_STATUSES);
export const screeningCandidateStatus = z.enum(SCREENING_CANDIDATE_STATUSES);
export const phoneCallStatus = z.enum(PHONE_CALL_STATUSES);
export const callProvider = z.enum(CALL_PROVIDERS);
export const userRole = z.enum(USER_ROLES);
export const companyRole = z.enum(COMPANY_ROLES);
export const notificationKind = z.enum(NOTIFICATION_KINDS);
export const reviewStatus = z.enum(REVIEW_STATUSES);
export const accountReviewChannel = z.enum(ACCOUNT_REVIEW_CHANNELS);
export const reviewEntryKind = z.enum(REVIEW_ENTRY_KINDS);
export const reviewDecision = z.enum(REVIEW_DECISIONS);
export const emailStatus = z.enum(EMAIL_STATUSES);
export const deletionReason = z.enum(DELETION_REASONS);
export const recruiterDeletionReason = z.enum(RECRUITER_DELETION_REASONS);
export const dataRequestKind = z.enum(DATA_REQUEST_KINDS);
export const dataRequestStatus = z.enum(DATA_REQUEST_STATUSES);
