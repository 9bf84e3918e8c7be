import { createHmac } from 'node:crypto';
import type { AuditAction } from '../../contracts/audit';
import type { Db, Tx } from '../db/client';
import { auditLog } from '../db/schema';

export type { AuditAction };

/**
 * A keyed hash standing for a value the log must not hold in clear (a network address, a typed
 * username nobody has). Equal values give equal pseudonyms, so throttling still counts them; the
 * value cannot be read back without the key. Only AuditPseudonyms makes one.
 */
export type Pseudonym = string & { readonly __pseudonym: true };

/** The prefix of a pseudonymised address in `audit_log.ip` (rows before decision 024 hold the address itself). */
export const ADDRESS_PREFIX = 'hmac:';

/**
 * Pseudonyms for the audit log (docs/decisions/024-audit-trail.md), keyed by a key derived from the
 * session secret: the log never stores an address or an unknown typed name in clear.
 */
export class AuditPseudonyms {
  private readonly key: Buffer;
  constructor(secret: string) {
    this.key = createHmac('sha256', secret).update('hireloop audit pseudonyms v1').digest();
  }

  private hash(kind: string, value: string): string {
    return createHmac('sha256', this.key).update(`${kind}\0${value}`).digest('base64url').slice(0, 22);
  }

  /** The request's address as the log keeps it. */
  address(ip: string | null | undefined): Pseudonym | null {
    return ip ? (`${ADDRESS_PREFIX}${this.hash('ip', ip)}` as Pseudonym) : null;
  }

  /** A sign-in's subject for a username no account has (lower case), so repeated guesses are throttled. */
  unknownName(username: string): `name:${string}` {
    return `name:${this.hash('name', username.toLowerCase())}`;
  }
}

const bySecret = new Map<string, AuditPseudonyms>();
/** One instance per secret (an app asks at registration; tests build several apps with different secrets). */
export function auditPseudonyms(secret: string): AuditPseudonyms {
  let found = bySecret.get(secret);
  if (!found) {
    found = new AuditPseudonyms(secret);
    bySecret.set(secret, found);
  }
  return found;
}

/** What an entry is about, by id: never a name, an email or a phone number. */
export type AuditSubject = `${'interview' | 'phone_candidate' | 'phone_screening' | 'job' | 'user'}:${number}` | `name:${string}`;

export interface AuditEntry {
  action: AuditAction;
  actorUserId?: number | null;
  companyId?: number | null;
  subject?: AuditSubject | null;
  /** A pseudonym of the address, never the address (decision 024). */
  ip?: Pseudonym | null;
  /** Ids, numbers and closed codes only: the log is kept for years and cannot be edited. */
  details?: Record<string, string | number | boolean | null>;
  /** The company API key that made the request (decision 033): kept as `details.apiKeyId`. */
  apiKeyId?: number | null;
}

/**
 * Who did it, as a signed-in member's request or an API key's: the key acts as its creator, and
 * the entry names the key too, so the log tells a person's action from a machine's.
 */
export function auditActor(user: { id: number; companyId: number; apiKey?: { id: number } }): Pick<AuditEntry, 'actorUserId' | 'companyId' | 'apiKeyId'> {
  return { actorUserId: user.id, companyId: user.companyId, apiKeyId: user.apiKey?.id ?? null };
}

/**
 * Appends one entry; the table refuses updates and deletes (drizzle/0001). Pass the transaction of
 * the change it records, so the change and its entry are written together or not at all.
 */
export async function recordAudit(db: Db | Tx, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    action: entry.action,
    actorUserId: entry.actorUserId ?? null,
    companyId: entry.companyId ?? null,
    subject: entry.subject ?? null,
    ip: entry.ip ?? null,
    details: entry.apiKeyId ? { ...entry.details, apiKeyId: entry.apiKeyId } : (entry.details ?? null),
  });
}
