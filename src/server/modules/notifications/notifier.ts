import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { NOTIFICATION_KIND_LABELS } from '../../../contracts/notifications';
import { NOTIFICATION_KINDS, type NotificationKind } from '../../../contracts/statuses';
import type { Db, Tx } from '../../db/client';
import { writeEmails, type Mailer } from '../../mail/mailer';
import { eventMail, type NotificationEvent } from './events';
import { recipientsOf, type Recipient } from './recipients';

export type { NotificationEvent } from './events';

/** One email to one member, once: a second with the same key is not written (emails.dedupeKey). */
export interface MemberMail {
  kind: NotificationKind;
  emailKind: string;
  /** `notify:{key}:{userId}` is the email's dedupe key. */
  key: string;
  companyId: number;
  interviewId: number | null;
  /** The screening candidate it is about, so deleting their data deletes the email too. */
  phoneCandidateId?: number | null;
  subject: string;
  body: string[];
}

/**
 * The members' notification emails (docs/decisions/031-notifications.md). `notify` writes them into
 * the outbox in the transaction of the event, each once per member (its dedupe key), so a retried
 * job, a duplicated one or a second instance never sends one twice, and an event that rolls back
 * sends nothing. Each carries a link that turns its kind off: an HMAC of the member and the kind,
 * keyed from the session secret, so no table of links is needed.
 */
export class Notifications {
  private readonly key: Buffer;

  constructor(private readonly options: { appUrl: string; secret: string; mailer: Mailer; log: FastifyBaseLogger }) {
    this.key = createHmac('sha256', options.secret).update('hireloop notification unsubscribe v1').digest();
  }

  get appUrl(): string {
    return this.options.appUrl;
  }

  private mac(userId: number, kind: NotificationKind): string {
    return createHmac('sha256', this.key).update(`${userId}:${kind}`).digest('base64url').slice(0, 32);
  }

  /** `{userId}.{kind}.{mac}`: whoever holds it may turn that kind off for that member, nothing else. */
  unsubscribeToken(userId: number, kind: NotificationKind): string {
    return `${userId}.${kind}.${this.mac(userId, kind)}`;
  }

  /** The member and kind of a token this install made; null for anything else. */
  readToken(token: string): { userId: number; kind: NotificationKind } | null {
    const match = /^([1-9]\d{0,9})\.([a-z_]+)\.([A-Za-z0-9_-]{32})$/.exec(token.trim());
    if (!match) return null;
    const userId = Number(match[1]);
    const kind = NOTIFICATION_KINDS.find((k) => k === match[2]);
    if (!kind || userId > 2_147_483_647) return null;
    const expected = Buffer.from(this.mac(userId, kind));
    const given = Buffer.from(match[3]!);
    return timingSafeEqual(expected, given) ? { userId, kind } : null;
  }

  /** The List-Unsubscribe header's address: a mail client POSTs `List-Unsubscribe=One-Click` to it (RFC 8058). */
  oneClickUrl(userId: number, kind: NotificationKind): string {
    return `${this.options.appUrl}/api/notifications/unsubscribe/one-click?token=${encodeURIComponent(this.unsubscribeToken(userId, kind))}`;
  }

  unsubscribeUrl(userId: number, kind: NotificationKind): string {
    return `${this.options.appUrl}/unsubscribe?token=${encodeURIComponent(this.unsubscribeToken(userId, kind))}`;
  }

  private footer(userId: number, kind: NotificationKind): string[] {
    return [
      '',
      'Hireloop',
      '',
      '--',
      `You get this email because "${NOTIFICATION_KIND_LABELS[kind]}" is on in your notification settings.`,
      `Stop these emails: ${this.unsubscribeUrl(userId, kind)}`,
      `Choose which emails you get: ${this.options.appUrl}/settings/notifications`,
    ];
  }

  /** Writes `mail` for each recipient that has not had it; returns how many were written. */
  async write(tx: Db | Tx, mail: MemberMail, to: Recipient[]): Promise<number> {
    if (to.length === 0) return 0;
    const written = await writeEmails(
      tx,
      to.map((r) => ({
        kind: mail.emailKind,
        to: r.address,
        subject: mail.subject,
        body: ['Hello,', '', ...mail.body, ...this.footer(r.userId, mail.kind)].join('\n'),
        companyId: mail.companyId,
        interviewId: mail.interviewId,
        phoneCandidateId: mail.phoneCandidateId ?? null,
        listUnsubscribe: this.oneClickUrl(r.userId, mail.kind),
        dedupeKey: `notify:${mail.key}:${r.userId}`,
      })),
    );
    return written.length;
  }

  /**
   * Emails the event to every member of its company who wants that kind. Call it inside the
   * event's transaction; after the commit, `deliver` sends without waiting for the mailer's next
   * run. Returns how many emails were written (0 when all had been, or nobody wants it).
   */
  async notify(tx: Db | Tx, event: NotificationEvent): Promise<number> {
    const mail = await eventMail(tx, this.options.appUrl, event);
    if (!mail) return 0;
    return this.write(tx, mail, await recipientsOf(tx, mail.companyId, mail.kind));
  }

  /** Hands what was written to the mail server now. Never throws: what could not be sent waits for the mailer's next run. */
  async deliver(): Promise<void> {
    await this.options.mailer.deliverPending().catch((err: unknown) => this.options.log.warn({ err }, 'mail delivery failed'));
  }
}
