import { createHmac, randomBytes } from 'node:crypto';

/** A new signing secret in Standard Webhooks' format: `whsec_` + base64 of 32 random bytes. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

/**
 * `v1,` + base64 of HMAC-SHA256 over `{id}.{timestamp}.{body}`, keyed by the secret's bytes (the
 * base64 after `whsec_`), as Standard Webhooks specifies: any of its libraries verifies it.
 */
export function signWebhook(secret: string, id: string, timestampSeconds: number, body: string): string {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  return `v1,${createHmac('sha256', key).update(`${id}.${timestampSeconds}.${body}`).digest('base64')}`;
}
