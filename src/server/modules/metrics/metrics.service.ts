import { createHash, timingSafeEqual } from 'node:crypto';
import { AppError } from '../../lib/errors';

export interface ScrapeRequest {
  /** The TCP peer, never request.ip: with trustProxy that comes from X-Forwarded-For, which a client writes. */
  socketAddress: string | undefined;
  authorization: string | undefined;
  /** Whether the request names a forwarding proxy (Forwarded, X-Forwarded-For). */
  isForwarded: boolean;
}

/**
 * Who may read GET /metrics (decision 037): a caller on this machine (a local Prometheus or agent),
 * or anyone with `Authorization: Bearer <METRICS_TOKEN>`. A request a proxy on this machine forwarded
 * arrives from loopback too, so one that says it was forwarded needs the token.
 */
export function assertMayScrape(request: ScrapeRequest, token: string | undefined): void {
  const bearer = /^Bearer +(\S+) *$/i.exec(request.authorization ?? '')?.[1];
  if (token && bearer !== undefined) {
    if (sameSecret(bearer, token)) return;
    throw new AppError('UNAUTHENTICATED', 'The metrics token is wrong');
  }
  if (isLoopback(request.socketAddress) && !request.isForwarded) return;
  if (!token) throw new AppError('FORBIDDEN', 'Metrics are served only to this machine (loopback) unless METRICS_TOKEN is set');
  throw new AppError('UNAUTHENTICATED', 'Metrics need "Authorization: Bearer <METRICS_TOKEN>" from other machines');
}

/** Compared as hashes, so neither the length nor the first differing byte shows in the time taken. */
function sameSecret(given: string, expected: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address;
  return v4.startsWith('127.') || address === '::1';
}
