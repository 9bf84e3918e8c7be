import { z } from 'zod';

/**
 * The audit trail a company reads (issue 15.6, docs/decisions/024-audit-trail.md): every action
 * the log records, a closed set. Adding one means adding it here (and its label), nothing else:
 * the log's rows are written only through recordAudit (server/lib/audit.ts), typed by this list.
 */
export const AUDIT_ACTIONS = [
  'login_succeeded',
  'login_failed',
  'login_throttled',
  'logout',
  'password_reset_requested',
  'password_reset',
  'password_changed',
  'account_email_changed',
  'sessions_ended',
  'account_registered',
  'account_approved',
  'account_rejected',
  'score_changed',
  'decision_recorded',
  'candidate_data_deleted',
  'candidate_data_exported',
  'company_data_exported',
  'interviews_exported',
  'deletion_requested',
  'consent_given',
  'alternative_requested',
  'alternative_resolved',
  'legal_hold_placed',
  'legal_hold_lifted',
  'retention_changed',
  'candidate_link_days_changed',
  'candidate_invitation_resent',
  'audit_log_exported',
  'job_closed',
  'job_reopened',
  'job_deleted',
  'template_saved',
  'template_deleted',
  'member_invited',
  'invitation_revoked',
  'member_joined',
  'member_role_changed',
  'member_removed',
  'candidates_imported',
  'api_key_created',
  'api_key_revoked',
  'webhook_endpoint_added',
  'webhook_endpoint_changed',
  'webhook_endpoint_deleted',
  'webhook_secret_revealed',
  'webhook_secret_rolled',
  'apply_page_opened',
  'apply_page_closed',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
export const auditAction = z.enum(AUDIT_ACTIONS);

export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  login_succeeded: 'Signed in',
  login_failed: 'Sign-in failed',
  login_throttled: 'Sign-in blocked after repeated failures',
  logout: 'Signed out',
  password_reset_requested: 'Password reset link sent',
  password_reset: 'Password reset from an emailed link',
  password_changed: 'Password changed',
  account_email_changed: 'Account email changed',
  sessions_ended: 'Other sessions signed out',
  account_registered: 'Account registered',
  account_approved: 'Account approved',
  account_rejected: 'Account rejected',
  score_changed: 'Score changed',
  decision_recorded: 'Decision recorded',
  candidate_data_deleted: 'Candidate data deleted',
  candidate_data_exported: 'Candidate data exported',
  company_data_exported: 'Company data exported',
  interviews_exported: 'Interview list exported',
  deletion_requested: 'Deletion requested by the candidate',
  consent_given: 'Consent given by the candidate',
  alternative_requested: 'Alternative requested by the candidate',
  alternative_resolved: 'Alternative request resolved',
  legal_hold_placed: 'Legal hold placed',
  legal_hold_lifted: 'Legal hold lifted',
  retention_changed: 'Retention period changed',
  candidate_link_days_changed: 'Candidate link validity changed',
  candidate_invitation_resent: 'Candidate invitation resent',
  audit_log_exported: 'Audit log exported',
  job_closed: 'Job closed',
  job_reopened: 'Job reopened',
  job_deleted: 'Job deleted',
  template_saved: 'Interview template saved',
  template_deleted: 'Interview template deleted',
  member_invited: 'Member invited',
  invitation_revoked: 'Invitation revoked',
  member_joined: 'Member joined',
  member_role_changed: 'Member role changed',
  member_removed: 'Member removed',
  candidates_imported: 'Candidates imported (CSV)',
  api_key_created: 'API key created',
  api_key_revoked: 'API key revoked',
  webhook_endpoint_added: 'Webhook endpoint added',
  webhook_endpoint_changed: 'Webhook endpoint changed',
  webhook_endpoint_deleted: 'Webhook endpoint deleted',
  webhook_secret_revealed: 'Webhook signing secret shown',
  webhook_secret_rolled: 'Webhook signing secret replaced',
  apply_page_opened: 'Application page opened',
  apply_page_closed: 'Application page closed',
};

/** The actions in the order a filter lists them, grouped by what they are about. */
export const AUDIT_ACTION_GROUPS: { label: string; actions: AuditAction[] }[] = [
  { label: 'Reviews', actions: ['score_changed', 'decision_recorded'] },
  { label: 'Notice and alternatives', actions: ['consent_given', 'alternative_requested', 'alternative_resolved'] },
  { label: 'Candidate data', actions: ['candidate_data_deleted', 'deletion_requested', 'legal_hold_placed', 'legal_hold_lifted', 'candidate_data_exported', 'interviews_exported', 'company_data_exported'] },
  { label: 'Settings', actions: ['retention_changed', 'candidate_link_days_changed', 'audit_log_exported'] },
  { label: 'Jobs', actions: ['job_closed', 'job_reopened', 'job_deleted', 'template_saved', 'template_deleted', 'candidate_invitation_resent', 'candidates_imported', 'apply_page_opened', 'apply_page_closed'] },
  { label: 'Integrations', actions: ['api_key_created', 'api_key_revoked', 'webhook_endpoint_added', 'webhook_endpoint_changed', 'webhook_endpoint_deleted', 'webhook_secret_revealed', 'webhook_secret_rolled'] },
  { label: 'Sign-ins', actions: ['login_succeeded', 'login_failed', 'login_throttled', 'logout', 'sessions_ended'] },
  { label: 'Account', actions: ['account_registered', 'account_approved', 'account_rejected', 'password_reset_requested', 'password_reset', 'password_changed', 'account_email_changed'] },
  { label: 'Team', actions: ['member_invited', 'invitation_revoked', 'member_joined', 'member_role_changed', 'member_removed'] },
];

/** What an entry is about: `interview:12`, `phone_candidate:3`, `phone_screening:2`, `job:4`, `user:5`. */
export const AUDIT_SUBJECT_PATTERN = /^(interview|phone_candidate|phone_screening|job|user):[1-9]\d{0,9}$/;
export const AUDIT_SUBJECT_MESSAGE = 'Use a subject such as interview:12, phone_candidate:3, job:4 or user:5';

const ACTION_SET: ReadonlySet<string> = new Set(AUDIT_ACTIONS);
export const isAuditAction = (value: string): value is AuditAction => ACTION_SET.has(value);

const instant = (name: string) => z.iso.datetime({ offset: true, message: `${name} must be a date and time such as 2026-05-01T00:00:00Z` }).optional();

/** The filters of the list and of its CSV, from the query string. */
const filterShape = {
  /** One action or several, comma-separated (or the parameter repeated). */
  action: z
    .union([z.string(), z.array(z.string())])
    .optional()
    .transform((value, ctx) => {
      if (value === undefined) return undefined;
      const list = (Array.isArray(value) ? value : [value]).flatMap((v) => v.split(',')).map((v) => v.trim()).filter(Boolean);
      const unknown = list.filter((a) => !isAuditAction(a));
      if (unknown.length > 0) {
        ctx.addIssue({ code: 'custom', message: `Unknown action ${unknown.map((a) => `"${a.slice(0, 40)}"`).join(', ')}: use one of ${AUDIT_ACTIONS.join(', ')}` });
        return z.NEVER;
      }
      return list.length > 0 ? (list as AuditAction[]) : undefined;
    }),
  /** Entries at or after this instant. */
  from: instant('from'),
  /** Entries before this instant. */
  to: instant('to'),
  subject: z.string().trim().regex(AUDIT_SUBJECT_PATTERN, AUDIT_SUBJECT_MESSAGE).optional(),
  /** A user's id, or `system` for what no user did (the daily job, a candidate's request). */
  actor: z
    .string()
    .trim()
    .regex(/^(system|[1-9]\d{0,9})$/, 'actor must be a user id or "system"')
    .optional()
    .transform((v) => (v === undefined ? undefined : v === 'system' ? ('system' as const) : Number(v))),
};
const rangeInOrder = (f: { from?: string | undefined; to?: string | undefined }) => !f.from || !f.to || Date.parse(f.from) < Date.parse(f.to);
const RANGE_MESSAGE = { message: 'to must be later than from', path: ['to'] };

export const auditLogFilters = z.object(filterShape).refine(rangeInOrder, RANGE_MESSAGE);
export type AuditLogFilters = z.output<typeof auditLogFilters>;

export const AUDIT_PAGE_SIZE = { default: 50, max: 200 } as const;
const limitMessage = `limit must be a whole number from 1 to ${AUDIT_PAGE_SIZE.max}`;

/** GET /api/audit-log: the filters, the page size, and the cursor a previous page answered. */
export const auditLogQuery = z
  .object({
    ...filterShape,
    limit: z.coerce.number({ message: limitMessage }).int(limitMessage).min(1, limitMessage).max(AUDIT_PAGE_SIZE.max, limitMessage).default(AUDIT_PAGE_SIZE.default),
    cursor: z.string().max(200, 'The cursor is not valid: start again from the first page').optional(),
  })
  .refine(rangeInOrder, RANGE_MESSAGE);
export type AuditLogQuery = z.output<typeof auditLogQuery>;

/** One entry as the company reads it: names resolved now, personal data never stored. */
export const auditEntry = z.object({
  id: z.number(),
  at: z.string(),
  action: auditAction,
  /** The action in words. */
  label: z.string(),
  actor: z.object({
    /** The user who did it, or null (the daily job, a candidate, an unidentified sign-in attempt). */
    userId: z.number().nullable(),
    /** Their username as it is now, or what acted: "Hireloop (automatic)", "Candidate", "Deleted user #7". */
    name: z.string(),
  }),
  /** What it is about: `interview:12`, `user:5`, …; null for company-wide changes. */
  subject: z.string().nullable(),
  /** The subject in words ("Interview #12", a user's name as it is now); null when there is no subject. */
  subjectLabel: z.string().nullable(),
  /** The details in a sentence ("Communication: 60 → 75"). */
  summary: z.string(),
  /** Ids, numbers and closed codes only. */
  details: z.record(z.string(), z.unknown()),
  /**
   * A short keyed fingerprint of the network address (sign-ins), so entries from one address can be
   * told apart from others; the address itself is not stored.
   */
  address: z.string().nullable(),
});
export type AuditEntryView = z.infer<typeof auditEntry>;

export const auditLogPage = z.object({
  entries: z.array(auditEntry),
  /** Pass as `cursor` for the next (older) page; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type AuditLogPage = z.infer<typeof auditLogPage>;

/** The company's users, for the "Who" filter. */
export const auditActors = z.array(z.object({ id: z.number(), username: z.string() }));
export type AuditActors = z.infer<typeof auditActors>;
