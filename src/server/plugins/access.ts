import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasCompanyRole, isInterviewOpen, type CompanyRole, type InterviewStatus } from '../../contracts/statuses';
import { interviews, jobs } from '../db/schema';
import { AppError } from '../lib/errors';
import { preparedPerDb } from '../modules/prepared';
import { findApiKeyUser, hashApiKey } from '../modules/api-keys/api-keys.service';
import { findSession, hashSessionId, SESSION_COOKIE, SESSION_TOUCH_MS, SessionCache, SessionCheck, type SessionUser } from '../modules/auth/session';

/** Who may call a route; every /api route declares one in its `config.access`. */
export type Access = 'public' | 'candidate' | 'user' | 'admin';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /**
     * On a 'user' route, the least company role that may call it (decision 026). Unset: 'viewer' for
     * GET and HEAD, 'recruiter' for everything else, so a route that changes something is closed to
     * viewers unless it says otherwise.
     */
    role?: CompanyRole;
    /**
     * A read-only route whose handler reads as the user through readAsUser: a session this
     * instance has cached is then proven inside the handler's own query (one round trip).
     */
    cachedSession?: boolean;
    /**
     * Set on a route a company API key may call (issue 17, decision 033): the operation's one-line
     * summary in the API reference (/api/openapi.json, /api/docs). Unset: keys get 403 here.
     */
    apiKey?: string;
  }
  interface FastifyInstance {
    sessionCache: SessionCache;
    /** Every /api route with who may call it, as declared (the role matrix test walks it). */
    routeAccess: RouteAccess[];
  }
  interface FastifyRequest {
    user: SessionUser | null;
    sessionId: string | null;
    /** Set while `user` comes from the session cache and the database has not yet confirmed it. */
    sessionCheck: SessionCheck | null;
    /** The interview whose candidate link (token) made this request, on candidate routes. */
    candidate: CandidateAccess | null;
  }
}

export interface RouteAccess {
  method: string;
  url: string;
  access: Access;
  /** The least company role, for 'user' routes. */
  role: CompanyRole | null;
  /** Whether a company API key may call it (`config.apiKey`). */
  apiKey: boolean;
  /** What it reads from the request, as its zod schemas declare (the API fuzz test generates from them). */
  input: { params?: unknown; querystring?: unknown; body?: unknown };
}

export interface CandidateAccess {
  interviewId: number;
  jobId: number;
  candidateName: string;
  status: InterviewStatus;
  /** Whether the link still starts the interview (decision 030): its expiry and the job's closing. */
  linkExpiresAt: Date | null;
  jobClosedAt: Date | null;
}

/** The candidate token, from `?token=` or the X-Candidate-Token header. */
export function candidateTokenFrom(request: FastifyRequest): string | null {
  const header = request.headers['x-candidate-token'];
  if (typeof header === 'string' && header) return header;
  const query = request.query as Record<string, unknown> | undefined;
  return typeof query?.token === 'string' && query.token ? query.token : null;
}

export function sessionIdFrom(request: FastifyRequest): string | null {
  const raw = request.cookies[SESSION_COOKIE];
  if (!raw) return null;
  const unsigned = request.unsignCookie(raw);
  return unsigned.valid ? unsigned.value : null;
}

export function requireUser(request: FastifyRequest): SessionUser {
  // A programming error, not the client's: a cachedSession route must read through readAsUser.
  if (request.sessionCheck) throw new Error('The cached session has not been checked: read through readAsUser');
  if (!request.user) throw new AppError('UNAUTHENTICATED', 'You need to sign in first');
  return request.user;
}

export const INTERVIEW_SUBMITTED = 'This interview has already been submitted';

/**
 * Whether a candidate action may go ahead on an interview in this status: the interview must be
 * open (isInterviewOpen), and answers, uploads and the submission also need it started.
 */
export function assertInterviewOpen(status: InterviewStatus, need: 'open' | 'started' = 'open'): void {
  if (!isInterviewOpen(status)) throw new AppError('INTERVIEW_SUBMITTED', INTERVIEW_SUBMITTED);
  if (need === 'started' && status !== 'in_progress') throw new AppError('INTERVIEW_NOT_STARTED', 'The interview has not been started');
}

/** Candidate actions (speech) need an open interview; a signed-in recruiter's preview is not held to it. */
export function requireLiveCandidate(request: FastifyRequest): void {
  if (request.candidate && !request.user) assertInterviewOpen(request.candidate.status);
}

const ROLE_NAMES: Record<CompanyRole, string> = { viewer: 'a viewer', recruiter: 'a recruiter', owner: 'an owner' };

/** The least company role a route needs: its own `config.role`, else by method. */
export function routeRole(method: string | string[], role: CompanyRole | undefined): CompanyRole {
  if (role) return role;
  return [method].flat().every((m) => m === 'GET' || m === 'HEAD') ? 'viewer' : 'recruiter';
}

function assertAccess(request: FastifyRequest, access: Access): void {
  if (access === 'candidate') {
    // A signed-in recruiter may preview what the candidate gets; otherwise a valid candidate link is needed.
    if (!request.user && !request.candidate) {
      throw new AppError('UNAUTHENTICATED', candidateTokenFrom(request) ? 'This interview link is invalid or has expired' : 'A candidate link or a signed-in account is required');
    }
    return;
  }
  if (access === 'public') return;
  if (!request.user) throw new AppError('UNAUTHENTICATED', 'You need to sign in first');
  if (access === 'admin' && request.user.role !== 'admin') {
    // Not found rather than forbidden: the admin area is not advertised to other users.
    throw new AppError('NOT_FOUND', 'Not found');
  }
  if (access === 'user') {
    const needed = routeRole(request.method, request.routeOptions.config.role);
    if (!hasCompanyRole(request.user.companyRole, needed)) {
      throw new AppError('FORBIDDEN', `You are ${ROLE_NAMES[request.user.companyRole]} in this company: this needs ${ROLE_NAMES[needed]}. Ask an owner of your company to change your role.`);
    }
  }
}

export const INVALID_API_KEY = 'The API key is invalid or has been revoked';

/** The key of `Authorization: Bearer <key>`; any other shape of the header is refused with a sentence. */
function bearerKey(header: string): string {
  const match = /^Bearer +(\S+) *$/i.exec(header);
  if (!match) throw new AppError('UNAUTHENTICATED', 'The Authorization header must be "Bearer " followed by an API key');
  return match[1]!;
}

/**
 * A company API key's request (decision 033): the route must be open to keys, and one that changes
 * something needs a write key. Owner-only routes are never open to keys (a key is at most a recruiter).
 */
function assertApiKeyAccess(request: FastifyRequest, user: SessionUser): void {
  const { access, apiKey, role } = request.routeOptions.config;
  // As for members who are not the operator: the admin area is not advertised.
  if (access === 'admin') throw new AppError('NOT_FOUND', 'Not found');
  if (!apiKey) throw new AppError('FORBIDDEN', `API keys cannot call this endpoint: ${request.method} ${request.routeOptions.url} is for signed-in members only`);
  const needed = routeRole(request.method, role);
  if (!hasCompanyRole(user.companyRole, needed)) {
    throw new AppError('FORBIDDEN', needed === 'recruiter' ? 'This API key can only read: this endpoint needs a key with the write scope' : 'API keys cannot call this endpoint: it needs an owner');
  }
}

/**
 * The rate limits' key (@fastify/rate-limit's keyGenerator): on a route open to API keys, each key
 * has its own count wherever it calls from; everywhere else, and without a key, the address. Only
 * there, so a made-up header cannot step around a public route's limit per address (a made-up key
 * on a key route gets 401 anyway).
 */
export function rateLimitKey(request: FastifyRequest): string {
  const { authorization } = request.headers;
  const { access, apiKey } = request.routeOptions.config;
  return authorization && apiKey && access !== 'public' ? `key:${hashApiKey(authorization)}` : request.ip;
}

/** The time now and how long sessions live, for this app. */
const sessionClock = (request: FastifyRequest) => ({ now: request.server.deps.now(), idleMs: request.server.deps.config.sessions.idleMs });

/** Looks the session up in the database now and remembers the answer on this instance. */
async function loadSession(request: FastifyRequest, idHash: string): Promise<{ user: SessionUser; version: number } | null> {
  const found = await findSession(request.server.deps.database.db, idHash, sessionClock(request));
  request.server.sessionCache.set(idHash, found);
  request.user = found?.user ?? null;
  request.sessionCheck = null;
  return found;
}

/**
 * Runs a read as the request's user. When that user came from the session cache, `run` gets a
 * SessionCheck to put in the WHERE of its first query and confirms it when that query returned a
 * row. Otherwise (nothing matched, or it failed) the session is looked up in the database: gone
 * answers 401; a user at the cached version means the cached user was right when `run` read, so
 * its answer (or error) stands; a changed user has access checked again and `run` runs again as
 * that user. Why this is as strict as a lookup per request: docs/decisions/015-api-speed.md.
 */
export async function readAsUser<T>(request: FastifyRequest, run: (user: SessionUser, check: SessionCheck | null) => Promise<T>): Promise<T> {
  const check = request.sessionCheck;
  if (!check) return run(requireUser(request), null);
  let result: { value: T } | { error: unknown };
  try {
    result = { value: await run(request.user!, check) };
  } catch (error) {
    result = { error };
  }
  if (!check.confirmed) {
    const found = await loadSession(request, check.idHash);
    assertAccess(request, request.routeOptions.config.access ?? 'user');
    if (!found) throw new AppError('UNAUTHENTICATED', 'You need to sign in first');
    if (found.version !== check.version || found.user.id !== check.userId) return run(found.user, null);
  }
  request.sessionCheck = null;
  if ('error' in result) throw result.error;
  return result.value;
}

const candidateQuery = preparedPerDb((db) =>
  db
    .select({
      interviewId: interviews.id,
      jobId: interviews.jobId,
      candidateName: interviews.candidateName,
      status: interviews.status,
      linkExpiresAt: interviews.linkExpiresAt,
      jobClosedAt: jobs.closedAt,
    })
    .from(interviews)
    .innerJoin(jobs, eq(jobs.id, interviews.jobId))
    .where(eq(interviews.candidateToken, sql.placeholder('token')))
    .limit(1)
    .prepare('candidate_by_token'),
);

export const accessPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('user', null);
  app.decorateRequest('sessionId', null);
  app.decorateRequest('sessionCheck', null);
  app.decorateRequest('candidate', null);
  // One per instance: two apps on one database (tests) behave like two servers.
  app.decorate('sessionCache', new SessionCache());
  const routeAccess: RouteAccess[] = [];
  app.decorate('routeAccess', routeAccess);

  app.addHook('onRoute', (route) => {
    if (route.url.startsWith('/api/') && !route.config?.access) {
      throw new Error(`Route ${route.method.toString()} ${route.url} does not declare its access`);
    }
    // Only reads: a write must not happen before the session behind it is known to be valid.
    if (route.config?.cachedSession && [route.method].flat().some((m) => m !== 'GET' && m !== 'HEAD')) {
      throw new Error(`Route ${route.method.toString()} ${route.url}: cachedSession is for GET routes only`);
    }
    if (route.config?.role && route.config.access !== 'user') {
      throw new Error(`Route ${route.method.toString()} ${route.url}: a company role is for 'user' routes only`);
    }
    if (route.config?.apiKey !== undefined && (route.config.access === 'admin' || !route.config.apiKey.trim())) {
      throw new Error(`Route ${route.method.toString()} ${route.url}: apiKey is a summary, and not for admin routes`);
    }
    const access = route.config?.access;
    if (access && route.url.startsWith('/api/')) {
      for (const method of [route.method].flat()) {
        if (method === 'HEAD') continue;
        const { params, querystring, body } = route.schema ?? {};
        routeAccess.push({
          method,
          url: route.url,
          access,
          role: access === 'user' ? routeRole(method, route.config?.role) : null,
          apiKey: Boolean(route.config?.apiKey),
          input: { params, querystring, body },
        });
      }
    }
  });

  // Before validation: who may call a route is answered before what they sent is looked at.
  app.addHook('preValidation', async (request: FastifyRequest, _reply: FastifyReply) => {
    const { access, cachedSession } = request.routeOptions.config;
    if (!access) return;
    // A company API key (decision 033): the header alone decides, looked up now, so a revocation
    // holds at once on every instance. Public routes do not look at it; sessions never get here.
    const { authorization } = request.headers;
    if (authorization !== undefined && access !== 'public') {
      const user = await findApiKeyUser(app.deps.database.db, bearerKey(authorization), app.deps.now());
      if (!user) throw new AppError('UNAUTHENTICATED', INVALID_API_KEY);
      assertApiKeyAccess(request, user);
      request.user = user;
      return;
    }
    const sessionId = sessionIdFrom(request);
    if (sessionId) {
      request.sessionId = sessionId;
      const idHash = hashSessionId(sessionId);
      const clock = sessionClock(request);
      // A cached session whose last request was recorded long enough ago is looked up, which records this one.
      const cached = cachedSession ? app.sessionCache.get(idHash) : undefined;
      // One that falls short of the route's role is looked up too: the role may have been raised since.
      const usable =
        cached &&
        clock.now.getTime() - cached.lastSeenMs < SESSION_TOUCH_MS &&
        (access !== 'user' || hasCompanyRole(cached.user.companyRole, routeRole(request.method, request.routeOptions.config.role)));
      if (cached && usable) {
        request.user = cached.user;
        request.sessionCheck = new SessionCheck(idHash, cached.user.id, cached.version, clock);
      } else {
        await loadSession(request, idHash);
      }
    }
    if (access === 'candidate') {
      const token = candidateTokenFrom(request);
      if (token) {
        const [row] = await candidateQuery(app.deps.database.db).execute({ token });
        request.candidate = row ?? null;
      }
    }
    assertAccess(request, access);
  });
});
