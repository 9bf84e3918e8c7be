import type { Db, Tx } from '../db/client';
import { auditLog } from '../db/schema';

export type AuditAction =
  | 'login_succeeded'
  | 'login_failed'
  | 'login_throttled'
  | 'logout'
  | 'account_registered'
  | 'account_approved'
  | 'account_rejected'
  | 'candidate_data_deleted'
  | 'candidate_data_exported'
  | 'deletion_requested'
  | 'legal_hold_placed'
  | 'legal_hold_lifted'
  | 'retention_changed';

export interface AuditEntry {
  action: AuditAction;
  actorUserId?: number | null;
  companyId?: number | null;
  subject?: string | null;
  ip?: string | null;
  details?: Record<string, unknown>;
}

/** Appends one security event; the table refuses updates and deletes. */
export async function recordAudit(db: Db | Tx, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    action: entry.action,
    actorUserId: entry.actorUserId ?? null,
    companyId: entry.companyId ?? null,
    subject: entry.subject ?? null,
    ip: entry.ip ?? null,
    details: entry.details ?? null,
  });
}
