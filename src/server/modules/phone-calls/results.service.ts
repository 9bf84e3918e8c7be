import { and, asc, desc, eq } from 'drizzle-orm';
import type { StoredEvaluation } from '../../../contracts/ai';
import type { CandidateCallInfo, ScreeningCall, ScreeningFeedback, ScreeningResult } from '../../../contracts/phone-call-results';
import type { CallReply } from '../../../contracts/phone-calls';
import type { Db } from '../../db/client';
import { phoneCalls, phoneScreeningCandidates, phoneScreenings } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { SessionUser } from '../auth/session';
import { transcriptEntries } from '../evaluation/evaluation.service';
import { answerCall, candidateCallToken, loadCandidateContext, startSimulatedCall, type CallDeps } from './calls.service';
import { requireApprovedForCall, type ScreeningOwner } from './review-gate';
import { sameToken } from '../../lib/tokens';

/** Who is asking: a signed-in recruiter, the candidate's call link (its token), both or neither. */
export interface CallViewer {
  user: SessionUser | null;
  token: string | null;
}

type CandidateRow = typeof phoneScreeningCandidates.$inferSelect;
type ScreeningRow = typeof phoneScreenings.$inferSelect;
type CallRow = typeof phoneCalls.$inferSelect;

interface CandidateContext {
  candidate: CandidateRow;
  screening: ScreeningRow;
  companyName: string;
  owner: ScreeningOwner;
}

/** The candidate, and whether the company's recruiter or the candidate's link is asking. */
type AuthorizedContext = CandidateContext & { recruiter: SessionUser | null };


/**
 * The candidate, for the recruiters of the company that owns the screening or for the holder of
 * the candidate's call link. Anyone else learns nothing: a signed-in stranger gets 404, a visitor
 * 401 whether or not the candidate exists.
 */
async function authorize(db: Db, viewer: CallViewer, candidateId: number | undefined, notFound = 'Candidate not found'): Promise<AuthorizedContext> {
  const row = candidateId === undefined ? undefined : await loadCandidateContext(db, candidateId);
  if (row && viewer.user && row.screening.companyId === viewer.user.companyId) return { ...row, recruiter: viewer.user };
  if (row && viewer.token && sameToken(viewer.token, row.candidate.candidateToken)) return { ...row, recruiter: null };
  if (viewer.user) throw new AppError('NOT_FOUND', notFound);
  throw new AppError('UNAUTHENTICATED', viewer.token ? 'This call link is invalid or has expired' : 'A call link or a signed-in account is required');
}

/** The company's own candidate (recruiter-only actions), else 404. */
async function ownCandidate(db: Db, user: SessionUser, candidateId: number): Promise<AuthorizedContext> {
  return authorize(db, { user, token: null }, candidateId);
}

/** The browser simulator stands in for the phone only where no telephony is configured (decision 009). */
function requireSimulatorMode(deps: { telephonyConfigured: boolean }): void {
  if (deps.telephonyConfigured) {
    throw new AppError('SIMULATOR_OFF', 'Screening calls are placed by phone on this server, so the browser call simulator is turned off');
  }
}

async function openSimulatorCall(db: Db, candidateId: number): Promise<CallRow | undefined> {
  const [call] = await db
    .select()
    .from(phoneCalls)
    .where(and(eq(phoneCalls.candidateId, candidateId), eq(phoneCalls.provider, 'simulator'), eq(phoneCalls.status, 'in_progress')))
    .orderBy(desc(phoneCalls.id))
    .limit(1);
  return call;
}

/** GET /api/phone-call/{candidateId}: who is calling whom, before the call starts (or to resume it). */
export async function callInfo(db: Db, viewer: CallViewer, candidateId: number): Promise<CandidateCallInfo> {
  const context = await authorize(db, viewer, candidateId);
  const { candidate, screening, companyName } = context;
  const open = await openSimulatorCall(db, candidate.id);
  // The recruiter may look at the call page whatever the review; the candidate's link opens only a call that may start (or is under way).
  if (!context.recruiter && !open) requireApprovedForCall(context);
  return {
    candidateId: candidate.id,
    candidateName: candidate.candidateName,
    agentName: screening.agentName,
    companyName,
    jobTitle: screening.jobTitle,
    status: candidate.status,
    questionsCount: screening.questions.length,
    callUnderway: Boolean(open),
    transcript: open ? open.transcript.map(({ speaker, text }) => ({ speaker, text })) : [],
  };
}

/** POST /api/phone-screening/candidates/{candidateId}/simulated-call: starts the browser call, or resumes the one under way. */
export async function startBrowserCall(deps: CallDeps & { telephonyConfigured: boolean }, viewer: CallViewer, candidateId: number): Promise<CallReply> {
  const context = await authorize(deps.db, viewer, candidateId);
  requireSimulatorMode(deps);
  // A call under way may finish (a reload resumes it); only a new one needs the account approved.
  if (!(await openSimulatorCall(deps.db, context.candidate.id))) requireApprovedForCall(context);
  return startSimulatedCall(deps, context.candidate.id);
}

/** POST /api/phone-calls/{callId}/answer: the candidate's answer in a browser call. Only simulator calls take answers here. */
export async function answerBrowserCall(deps: CallDeps, viewer: CallViewer, callId: number, turn: number, text: string): Promise<CallReply> {
  const [call] = await deps.db.select({ candidateId: phoneCalls.candidateId, provider: phoneCalls.provider }).from(phoneCalls).where(eq(phoneCalls.id, callId)).limit(1);
  const simulated = call?.provider === 'simulator' ? call : undefined;
  await authorize(deps.db, viewer, simulated?.candidateId, 'Call not found');
  return answerCall(deps, callId, turn, text);
}

/** POST /api/phone-screening/candidates/{candidateId}/call-link: the candidate's personal call link. */
export async function candidateCallLink(deps: { db: Db; appUrl: string; telephonyConfigured: boolean }, user: SessionUser, candidateId: number): Promise<{ url: string }> {
  const context = await ownCandidate(deps.db, user, candidateId);
  requireSimulatorMode(deps);
  requireApprovedForCall(context);
  const { candidate } = context;
  const token = await candidateCallToken(deps.db, candidate.id);
  return { url: `${deps.appUrl}/phone-call/${candidate.id}?token=${encodeURIComponent(token)}` };
}

/** The stored evaluation as the result shows it; null before scoring. */
function feedbackOf(stored: StoredEvaluation | null): ScreeningFeedback | null {
  if (!stored) return null;
  const { summary, overall, criteria, insufficientEvidence, engine, model, fallbackReason, evaluatedAt } = stored;
  return { summary, overall, criteria, insufficientEvidence, engine, model, fallbackReason, evaluatedAt: evaluatedAt ?? null };
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

const toCall = (call: CallRow): ScreeningCall => ({
  id: call.id,
  attempt: call.attempt,
  provider: call.provider,
  status: call.status,
  startedAt: iso(call.startedAt),
  endedAt: iso(call.endedAt),
  // Browser calls have no provider-measured duration: the time between pick-up and goodbye.
  durationSeconds: call.durationSeconds ?? (call.startedAt && call.endedAt ? Math.max(0, Math.round((call.endedAt.getTime() - call.startedAt.getTime()) / 1000)) : null),
  error: call.error,
});

/** GET /api/phone-screening/candidates/{candidateId}/result: status, why, AI notes and scores, transcript, recording and calls. */
export async function screeningResult(db: Db, user: SessionUser, candidateId: number): Promise<ScreeningResult> {
  const { candidate, screening } = await ownCandidate(db, user, candidateId);
  const calls = await db.select().from(phoneCalls).where(eq(phoneCalls.candidateId, candidate.id)).orderBy(asc(phoneCalls.attempt), asc(phoneCalls.id));
  const latest = calls.at(-1);
  // The scored transcript once the call ended; before that, what the latest call heard so far.
  const transcript = candidate.transcript ? transcriptEntries(candidate.transcript) : (latest?.transcript ?? []);
  return {
    id: candidate.id,
    screeningId: candidate.screeningId,
    jobTitle: screening.jobTitle,
    agentName: screening.agentName,
    candidateName: candidate.candidateName,
    countryCode: candidate.countryCode,
    phoneNumber: candidate.phoneNumber,
    interviewTime: candidate.interviewTime.toISOString(),
    timeZone: candidate.timeZone,
    notes: candidate.notes,
    status: candidate.status,
    outcome: candidate.outcome,
    attempts: candidate.attempts,
    nextCallAt: iso(candidate.nextCallAt),
    completedAt: iso(candidate.completedAt),
    transcript: transcript.map(({ speaker, text }) => ({ speaker, text })),
    feedback: feedbackOf(candidate.feedback),
    recordingUrl: candidate.recordingUrl,
    calls: calls.map(toCall),
    legalHold: candidate.legalHold,
    dataDeletedAt: iso(candidate.dataDeletedAt),
  };
}
