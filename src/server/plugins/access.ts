import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { interviews } from '../db/schema';
import { AppError } from '../lib/errors';
import { findSessionUser, SESSION_COOKIE, type SessionUser } from '../modules/auth/session';

/** Who may call a route; every /api route declares one in its `config.access`. */
export type Access = 'public' | 'candidate' | 'user' | 'admin';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    user: SessionUser | null;
    sessionId: string | null;
    /** The interview whose candidate link (token) made this request, on candidate routes. */
    candidate: CandidateAccess | null;
  }
}

export interface CandidateAccess {
  interviewId: number;
  jobId: number;
  candidateName: string;
  status: string;
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
  if (!request.user) throw new AppError('UNAUTHENTICATED', 'You need to sign in first');
  return request.user;
}

/** Candidate actions (speech, answers, uploads) need an interview that has not been completed. */
export function requireLiveCandidate(request: FastifyRequest): void {
  if (request.candidate && !request.user && ['completed', 'evaluating'].includes(request.candidate.status)) {
    throw new AppError('CONFLICT', 'This interview has already been submitted');
  }
}

export const accessPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('user', null);
  app.decorateRequest('sessionId', null);
  app.decorateRequest('candidate', null);

  app.addHook('onRoute', (route) => {
    if (route.url.startsWith('/api/') && !route.config?.access) {
      throw new Error(`Route ${route.method.toString()} ${route.url} does not declare its access`);
    }
  });

  app.addHook('preHandler', async (request: FastifyRequest, _reply: FastifyReply) => {
    const access = request.routeOptions.config.access;
    if (!access) return;
    const sessionId = sessionIdFrom(request);
    if (sessionId) {
      request.sessionId = sessionId;
      request.user = await findSessionUser(app.deps.database.db, sessionId);
    }
    if (access === 'candidate') {
      const token = candidateTokenFrom(request);
      if (token) {
        const [row] = await app.deps.database.db
          .select({ interviewId: interviews.id, jobId: interviews.jobId, candidateName: interviews.candidateName, status: interviews.status })
          .from(interviews)
          .where(eq(interviews.candidateToken, token))
          .limit(1);
        request.candidate = row ?? null;
      }
      // A signed-in recruiter may preview what the candidate gets; otherwise a valid candidate link is needed.
      if (!request.user && !request.candidate) {
        throw new AppError('UNAUTHENTICATED', token ? 'This interview link is invalid or has expired' : 'A candidate link or a signed-in account is required');
      }
    }
    if (access === 'user' || access === 'admin') requireUser(request);
    if (access === 'admin' && request.user?.role !== 'admin') {
      // Not found rather than forbidden: the admin area is not advertised to other users.
      throw new AppError('NOT_FOUND', 'Not found');
    }
  });
});
