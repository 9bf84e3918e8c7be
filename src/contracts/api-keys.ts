import { z } from 'zod';
import { API_KEY_SCOPES, type ApiKeyScope } from './statuses';

/**
 * Company API keys (issue 17, point 2; docs/decisions/033-api-keys-and-openapi.md): an owner makes
 * one with a name and a scope, sees the key once, and revokes it. Lists never carry the key itself.
 */

export const apiKeyScope = z.enum(API_KEY_SCOPES);

/** How a scope is named on screens, and what it may do, in one line. */
export const API_KEY_SCOPE_LABELS: Record<ApiKeyScope, string> = { read: 'Read', write: 'Read and write' };
export const API_KEY_SCOPE_DESCRIPTIONS: Record<ApiKeyScope, string> = {
  read: 'Reads jobs, interviews, reports and screenings, like a viewer.',
  write: 'Also creates and changes jobs, invites candidates, imports and records decisions, like a recruiter.',
};

/** Every key starts with this, so a key pasted somewhere it should not be is easy to spot and search for. */
export const API_KEY_PREFIX = 'hl_live_';

/** POST /api/api-keys. */
export const createApiKeyInput = z.object({
  name: z.string().trim().min(1, 'Give the key a name, such as the system that will use it').max(100, 'The name can be at most 100 characters'),
  scope: apiKeyScope,
});
export type CreateApiKeyInput = z.infer<typeof createApiKeyInput>;

/** One key as lists show it: `prefix` is the key's first characters, never the whole key. */
export const apiKey = z.object({
  id: z.number(),
  name: z.string(),
  scope: apiKeyScope,
  prefix: z.string(),
  /** The username of the owner who made it. */
  createdBy: z.string(),
  createdAt: z.string(),
  /** To the minute: a key's use is recorded at most once a minute. */
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type ApiKey = z.infer<typeof apiKey>;

/** GET /api/api-keys: the company's keys, newest first, revoked ones included (greyed out on screen). */
export const apiKeyList = z.array(apiKey);

/** POST /api/api-keys answers 201 with the key itself: the only time it is ever sent. */
export const createdApiKey = apiKey.extend({ key: z.string() });
export type CreatedApiKey = z.infer<typeof createdApiKey>;
