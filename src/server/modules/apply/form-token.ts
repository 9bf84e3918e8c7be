import { createHmac, timingSafeEqual } from 'node:crypto';
import { AppError } from '../../lib/errors';

/**
 * The apply form's token (docs/decisions/035-apply-pages.md): when the page was served, signed
 * with the session secret and bound to the page's slug. An application sent sooner than a person
 * could fill in the form, or with no token a server made, is refused; no third party is asked.
 */

/** The least time between loading the form and sending it. */
export const APPLY_MIN_SECONDS = 3;
/** How long a served form may be sent: a tab left open longer is asked to reload. */
export const APPLY_FORM_HOURS = 24;

const sign = (secret: string, slug: string, issuedMs: number) => createHmac('sha256', secret).update(`apply-form\0${slug}\0${issuedMs}`).digest('base64url');

export const issueFormToken = (secret: string, slug: string, now: Date) => `${now.getTime()}.${sign(secret, slug, now.getTime())}`;

export const FORM_EXPIRED = 'This form has expired. Please reload the page and send your application again.';
export const TOO_FAST = 'This application was sent sooner than a person can fill in the form. Please check your details and send it again.';

/** Refuses a token this server did not sign for this page, an old one, and one sent too soon after the page loaded. */
export function checkFormToken(secret: string, slug: string, token: string | undefined, now: Date): void {
  const [issuedText = '', signature = ''] = (token ?? '').split('.');
  const issuedMs = /^\d{1,15}$/.test(issuedText) ? Number(issuedText) : Number.NaN;
  const expected = Number.isFinite(issuedMs) ? Buffer.from(sign(secret, slug, issuedMs)) : null;
  const given = Buffer.from(signature);
  if (!expected || expected.length !== given.length || !timingSafeEqual(expected, given)) throw new AppError('VALIDATION_FAILED', FORM_EXPIRED);
  const elapsedMs = now.getTime() - issuedMs;
  if (elapsedMs > APPLY_FORM_HOURS * 3_600_000) throw new AppError('VALIDATION_FAILED', FORM_EXPIRED);
  if (elapsedMs < APPLY_MIN_SECONDS * 1000) throw new AppError('VALIDATION_FAILED', TOO_FAST);
}
