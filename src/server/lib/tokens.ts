import { timingSafeEqual } from 'node:crypto';

/** Whether a link's token is the stored one (none stored: never), compared in constant time. */
export function sameToken(given: string, stored: string | null): boolean {
  if (!stored) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(stored);
  return a.length === b.length && timingSafeEqual(a, b);
}
