import { z } from 'zod';
import { idParam } from './ids';
import { transcriptEntry } from './ai';
import { candidateDataState } from './candidate-data';
import { startProblem } from './candidate-room';
import { reportFeedback } from './report';
import { interviewStatus } from './status-enums';
import { CANDIDATE_SOURCES } from './statuses';

/** Where a candidate came from (issue 17): typed by a recruiter, imported, applied on the public page, or the API. */
export const candidateSource = z.enum(CANDIDATE_SOURCES);

export const createInterviewInput = z.object({
  candidateName: z.string().trim().min(1, 'Candidate name is required').max(200),
  email: z.string().trim().max(320).pipe(z.email('Please enter a valid email address')),
  jobId: idParam('jobId').optional(),
  videoRecording: z.boolean().optional(),
  scheduledFor: z.iso.datetime({ offset: true, message: 'scheduledFor must be an ISO date and time' }).optional(),
});
export type CreateInterviewInput = z.input<typeof createInterviewInput>;

export const interviewListItem = z.object({
  id: z.number(),
  jobId: z.number(),
  candidateName: z.string(),
  email: z.string(),
  status: interviewStatus,
  /** A completed interview's current overall: the reviewer's when they adjusted scores, else the AI's. */
  overallScore: z.number().nullable(),
  /** The AI's own overall, kept beside an adjusted one. */
  aiOverallScore: z.number().nullable(),
  /** A reviewer changed at least one criterion's score, so overallScore is theirs. */
  scoreAdjusted: z.boolean(),
  emailSent: z.boolean(),
  /** Not sent, but an invitation or reminder waits for a mail server (the company's outbox): the table says Queued. */
  invitationQueued: z.boolean(),
  /** The candidate asked for an alternative to the AI interview that nobody has resolved yet (decision 025). */
  alternativeRequested: z.boolean(),
  isActive: z.boolean(),
  scheduledFor: z.string(),
  createdAt: z.string(),
  roomName: z.string().nullable(),
  candidateLink: z.string(),
  /** When the candidate's link stops opening a pending interview (decision 030); null for links that never expire (before issue 16, not pending). */
  linkExpiresAt: z.string().nullable(),
  /** A pending interview whose link is past linkExpiresAt by the server's clock. */
  linkExpired: z.boolean(),
  source: candidateSource,
  /** Why the candidate's last start failed in their browser (issue 30), while the interview is in progress; else null. */
  startProblem: startProblem.nullable(),
});
export type InterviewListItem = z.infer<typeof interviewListItem>;

export const createdInterview = interviewListItem.extend({ roomUrl: z.string().nullable() });
export type CreatedInterview = z.infer<typeof createdInterview>;

/** The recruiter's view of one interview. */
export const interviewDetail = z.object({
  id: z.number(),
  jobId: z.number(),
  candidateName: z.string(),
  email: z.string(),
  status: interviewStatus,
  /** The AI's feedback as stored (the one typed shape); null until scored. */
  feedback: reportFeedback.nullable(),
  /** The conversation in its one canonical form (an object with a transcript field); null when nothing readable is stored. */
  transcript: z.object({ transcript: z.array(transcriptEntry) }).nullable(),
  /** A stored transcript the server could not read, as text, for the report's raw view; null otherwise. */
  rawTranscript: z.string().nullable(),
  recordingUrl: z.string().nullable(),
  scheduledFor: z.string(),
  isActive: z.boolean(),
  emailSent: z.boolean(),
  source: candidateSource,
  /** As in the list: why the candidate's last start failed in their browser, while in progress. */
  startProblem: startProblem.nullable(),
}).extend(candidateDataState.shape);
export type InterviewDetail = z.infer<typeof interviewDetail>;

/**
 * Whether the candidate's link can still start the interview (decision 030): 'open', or, for an
 * interview not yet started, 'link_expired' (past linkExpiresAt) or 'job_closed'. An interview
 * already in progress is always 'open': a candidate never loses an answer to a deadline.
 */
export const LINK_AVAILABILITIES = ['open', 'link_expired', 'job_closed'] as const;
export type LinkAvailability = (typeof LINK_AVAILABILITIES)[number];

/** What the candidate's own link may see. */
export const candidateInterview = z.object({
  id: z.number(),
  jobId: z.number(),
  candidateName: z.string(),
  status: interviewStatus,
  availability: z.enum(LINK_AVAILABILITIES),
  /** Until when the link starts the interview; null when it does not expire. */
  linkExpiresAt: z.string().nullable(),
  /** Whom to ask for a new link, when the link no longer starts the interview; null while it does. */
  contact: z.object({ companyName: z.string(), email: z.string().nullable() }).nullable(),
  /** Spoken answers are transcribed by the server where the browser cannot listen (decision 056): the ready page offers speaking. */
  answerTranscription: z.boolean(),
});
export type CandidateInterview = z.infer<typeof candidateInterview>;

/** POST /api/interview/{id}/resend: the invitation went again and the link is valid from now. */
export const resendInvitationResult = z.object({
  /** Handed to the mail server, kept in the in-app outbox (no SMTP configured), or failed (tried again later). */
  status: z.enum(['sent', 'outbox', 'failed']),
  linkExpiresAt: z.string(),
});
export type ResendInvitationResult = z.infer<typeof resendInvitationResult>;

/** Inviting a candidate to a closed job (creating an interview, sending or resending an invitation). */
export const JOB_CLOSED_MESSAGE = 'This job is closed. Reopen it to invite candidates.';

export const sendEmailsInput = z.object({
  subject: z.string().trim().min(1, 'Subject and body are required.').max(300),
  body: z.string().trim().min(1, 'Subject and body are required.').max(20_000),
  candidates: z
    .array(
      z.object({
        name: z.string().max(200),
        email: z.string().trim().max(320),
        jobTitle: z.string().max(200).optional(),
        companyName: z.string().max(200).optional(),
        /** Ignored: the server always uses its own link for the interview. */
        candidateLink: z.string().max(2000).optional(),
        jobId: idParam('jobId'),
        interviewId: idParam('interviewId').optional(),
      }),
    )
    .min(1, 'Please select at least one candidate to send emails.')
    .max(200, 'At most 200 candidates at a time'),
});
export type SendEmailsInput = z.input<typeof sendEmailsInput>;

export const sendEmailsResult = z.object({
  /** Handed over to the mail server. */
  sent: z.number(),
  /** Kept in the in-app outbox because no mail server is configured. */
  outbox: z.number(),
  failed: z.number(),
  results: z.array(z.object({ interviewId: z.number(), email: z.string(), status: z.enum(['sent', 'outbox', 'failed']) })),
});
export type SendEmailsResult = z.infer<typeof sendEmailsResult>;

export const DEFAULT_EMAIL_SUBJECT = 'Interview Invitation for {{jobTitle}} at {{companyName}}';
export const DEFAULT_EMAIL_BODY = `Hi {{candidateName}},

Thank you for your interest in the {{jobTitle}} role at {{companyName}}. We would like to invite you to the next step: a short interview with our AI interviewer, which you can take at any time that suits you, from any device with a camera and a microphone.

A few tips:
- Find a quiet place where you won't be interrupted.
- Use a good Wi-Fi connection.
- Relax and answer as you would in a conversation; take a moment to think before each answer.

Start your interview here: {{candidateLink}}

We will review your interview and expect to get back to you within a few days.

Best regards,
The {{companyName}} hiring team`;

/** Fills {{candidateName}}, {{jobTitle}}, {{companyName}} and {{candidateLink}}. */
export function renderTemplate(template: string, values: { candidateName: string; jobTitle: string; companyName: string; candidateLink: string }): string {
  return template.replace(/\{\{\s*(candidateName|jobTitle|companyName|candidateLink)\s*\}\}/g, (_, key: keyof typeof values) => values[key]);
}

/** The table's label for a status: underscore to space, title case. */
export function statusLabel(status: string): string {
  return status
    .split('_')
    .map((w) => (w ? w[0]!.toUpperCase() + w.slice(1) : w))
    .join(' ');
}
