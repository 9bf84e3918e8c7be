import { and, eq, inArray, lt, or, sql, type AnyColumn } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Db, Tx } from '../db/client';
import { emails, interviews } from '../db/schema';
import type { Metrics } from '../lib/metrics';

export interface OutgoingEmail {
  kind: string;
  to: string;
  subject: string;
  body: string;
  companyId?: number | null;
  userId?: number | null;
  interviewId?: number | null;
  /** The phone screening candidate the email is about; deleting their data deletes it. */
  phoneCandidateId?: number | null;
  /** An email that must go once: a second with this key is not written (emails.dedupeKey). */
  dedupeKey?: string;
  /** Where one click unsubscribes the recipient (sent as List-Unsubscribe with List-Unsubscribe-Post). */
  listUnsubscribe?: string;
}

/**
 * Writes emails to the outbox in the caller's transaction. One whose dedupeKey was written before
 * is skipped; returns the ids of those written.
 */
export async function writeEmails(tx: Db | Tx, messages: OutgoingEmail[]): Promise<number[]> {
  if (messages.length === 0) return [];
  const rows = await tx
    .insert(emails)
    .values(
      messages.map((m) => ({
        kind: m.kind,
        toAddress: m.to,
        subject: m.subject,
        body: m.body,
        companyId: m.companyId ?? null,
        userId: m.userId ?? null,
        interviewId: m.interviewId ?? null,
        phoneCandidateId: m.phoneCandidateId ?? null,
        listUnsubscribe: m.listUnsubscribe ?? null,
        dedupeKey: m.dedupeKey ?? null,
      })),
    )
    .onConflictDoNothing({ target: emails.dedupeKey })
    .returning({ id: emails.id });
  return rows.map((r) => r.id);
}

const maxAttempts = 5;

/**
 * An email no mail server has taken yet but that will still go: queued, being sent, kept in the
 * outbox for want of a mail server, or refused and due to be tried again.
 */
export const isWaitingEmail = () =>
  or(inArray(emails.status, ['queued', 'sending', 'outbox']), and(eq(emails.status, 'failed'), lt(emails.attempts, maxAttempts)))!;

/** Whether an invitation or a reminder to this interview's candidate is waiting (the interview list's "Queued"). */
export const hasWaitingInvitation = (interviewId: AnyColumn) =>
  sql<boolean>`exists (select 1 from ${emails} where ${emails.interviewId} = ${interviewId} and ${emails.kind} in ('invitation', 'reminder') and ${isWaitingEmail()})`;
/** A claim older than this belonged to a sender that died; the email is tried again. */
const claimTimeoutMs = 10 * 60 * 1000;
const batchSize = 50;

/**
 * Mail goes through the `emails` table: `enqueue` writes it inside the caller's transaction, so
 * the event and its email commit together; `deliverPending` claims queued rows (so two app
 * instances never send one twice) and hands them to SMTP, or, with no SMTP configured, leaves them
 * readable in the in-app outbox. An invitation handed to the mail server marks its interview's
 * emailSent.
 */
export class Mailer {
  private readonly transport?: Transporter;
  private running?: Promise<void>;
  private again = false;

  constructor(
    private readonly db: Db,
    private readonly options: { smtpUrl?: string; from: string; log: FastifyBaseLogger; metrics?: Metrics },
  ) {
    if (options.smtpUrl) this.transport = nodemailer.createTransport(options.smtpUrl);
  }

  get hasSmtp(): boolean {
    return Boolean(this.transport);
  }

  /** One email, without a dedupe key: always written (writeEmails for the once-only kind). */
  async enqueue(tx: Db | Tx, message: Omit<OutgoingEmail, 'dedupeKey'>): Promise<number> {
    const [id] = await writeEmails(tx, [message]);
    return id!;
  }

  /**
   * Delivers everything queued. A call made while a run is under way waits for one more run, so
   * mail enqueued just before the call is always included.
   */
  deliverPending(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      try {
        do {
          this.again = false;
          while ((await this.deliverBatch()) === batchSize);
        } while (this.again);
      } finally {
        this.running = undefined;
      }
    })();
    return this.running;
  }

  private async claim() {
    const stale = new Date(Date.now() - claimTimeoutMs);
    const ready = or(
      eq(emails.status, 'queued'),
      and(eq(emails.status, 'failed'), lt(emails.attempts, maxAttempts)),
      and(eq(emails.status, 'sending'), lt(emails.claimedAt, stale)),
    );
    return this.db.transaction(async (tx) => {
      const ids = await tx.select({ id: emails.id }).from(emails).where(ready).orderBy(emails.id).limit(batchSize).for('update', { skipLocked: true });
      if (ids.length === 0) return [];
      return tx
        .update(emails)
        .set({ status: 'sending', claimedAt: new Date() })
        .where(inArray(emails.id, ids.map((r) => r.id)))
        .returning();
    });
  }

  private async deliverBatch(): Promise<number> {
    const claimed = await this.claim();
    for (const email of claimed) {
      if (!this.transport) {
        await this.db.update(emails).set({ status: 'outbox', claimedAt: null }).where(eq(emails.id, email.id));
        continue;
      }
      try {
        // RFC 8058: a mail client may offer its own unsubscribe button, which POSTs to the address.
        const oneClick = email.listUnsubscribe
          ? { list: { unsubscribe: email.listUnsubscribe }, headers: { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } }
          : {};
        await this.transport.sendMail({ from: this.options.from, to: email.toAddress, subject: email.subject, text: email.body, ...oneClick });
        await this.db.transaction(async (tx) => {
          await tx.update(emails).set({ status: 'sent', sentAt: new Date(), attempts: sql`${emails.attempts} + 1`, lastError: null, claimedAt: null }).where(eq(emails.id, email.id));
          if (email.interviewId !== null && email.kind === 'invitation') {
            await tx.update(interviews).set({ emailSent: true }).where(eq(interviews.id, email.interviewId));
          }
        });
        this.options.metrics?.emails.inc({ outcome: 'sent' });
      } catch (err) {
        const message = err instanceof Error ? err.message : String(err);
        this.options.log.warn({ emailId: email.id, err: message }, 'email delivery failed');
        await this.db
          .update(emails)
          .set({ status: 'failed', attempts: sql`${emails.attempts} + 1`, lastError: message.slice(0, 500), claimedAt: null })
          .where(eq(emails.id, email.id));
        this.options.metrics?.emails.inc({ outcome: email.attempts + 1 >= maxAttempts ? 'failed' : 'retry' });
      }
    }
    return claimed.length;
  }

  close(): void {
    this.transport?.close();
  }
}
