import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callLink, callMode, candidateCallInfo, screeningResult as screeningResultSchema } from '../../../contracts/phone-call-results';
import { callAnswerInput, callReply } from '../../../contracts/phone-calls';
import { candidateTokenFrom, requireUser } from '../../plugins/access';
import { idParam } from '../../../contracts/ids';
import { answerBrowserCall, callInfo, candidateCallLink, screeningResult, startBrowserCall, type CallViewer } from './results.service';

const candidateParams = z.object({ candidateId: idParam('candidateId') });
const callParams = z.object({ callId: idParam('callId') });
/** The candidate's call link may carry its token in the address instead of the X-Candidate-Token header. */
const tokenQuery = z.object({ token: z.string().max(200).optional() });

const viewerOf = (request: FastifyRequest): CallViewer => ({ user: request.user, token: candidateTokenFrom(request) });

/**
 * The in-browser call simulator (taken by the recruiter, or by the candidate through a personal
 * link) and the call results. Routes open to both check access themselves: the owning company's
 * recruiters, or the candidate's own link.
 */
export async function simulatorRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;
  const user = { access: 'user' } as const;
  // 'public' with the check in the service: the 'candidate' access is for interview links only.
  const callTaker = { access: 'public', rateLimit: { max: 120, timeWindow: '1 minute' } } as const;
  const telephonyConfigured = () => app.deps.telephony !== null;

  r.get('/api/phone-screening/call-mode', { config: user, schema: { response: { 200: callMode } } }, (request) => {
    requireUser(request);
    return { mode: app.deps.telephony ? 'twilio' : 'simulator' } as const;
  });

  r.post(
    '/api/phone-screening/candidates/:candidateId/simulated-call',
    { config: callTaker, schema: { params: candidateParams, querystring: tokenQuery, response: { 201: callReply } } },
    async (request, reply) =>
      reply.code(201).send(await startBrowserCall({ ...app.deps.calls, telephonyConfigured: telephonyConfigured() }, viewerOf(request), request.params.candidateId)),
  );

  r.post(
    '/api/phone-calls/:callId/answer',
    { config: callTaker, schema: { params: callParams, querystring: tokenQuery, body: callAnswerInput, response: { 200: callReply } } },
    (request) => answerBrowserCall(app.deps.calls, viewerOf(request), request.params.callId, request.body.turn, request.body.text),
  );

  r.post(
    '/api/phone-screening/candidates/:candidateId/call-link',
    { config: user, schema: { params: candidateParams, response: { 200: callLink } } },
    (request) => candidateCallLink({ db, appUrl: app.deps.config.appUrl, telephonyConfigured: telephonyConfigured() }, requireUser(request), request.params.candidateId),
  );

  r.get('/api/phone-call/:candidateId', { config: callTaker, schema: { params: candidateParams, querystring: tokenQuery, response: { 200: candidateCallInfo } } }, (request) =>
    callInfo(db, viewerOf(request), request.params.candidateId),
  );

  r.get('/api/phone-screening/candidates/:candidateId/result', { config: { ...user, apiKey: 'Get the result and transcript of a screening call' }, schema: { params: candidateParams, response: { 200: screeningResultSchema } } }, (request) =>
    screeningResult(db, requireUser(request), request.params.candidateId),
  );
}
