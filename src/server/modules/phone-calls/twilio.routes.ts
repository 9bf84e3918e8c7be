import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import formbody from '@fastify/formbody';
import { and, desc, eq, isNotNull } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { CallReply } from '../../../contracts/phone-calls';
import type { Db } from '../../db/client';
import { phoneCalls, phoneScreeningCandidates, phoneScreenings } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { requireUser } from '../../plugins/access';
import { sendStoredRecording } from '../../storage/send-recording';
import { twilioWebhookBase, type TwilioSettings } from '../../telephony/twilio';
import { loadTwilio } from '../../telephony/twilio-sdk';
import type { SessionUser } from '../auth/session';
import { idParam, MAX_RECORD_ID } from '../../../contracts/ids';
import { onCallEvent, type CallDeps } from './calls.service';
import { callRecordingId, twilioMediaRequest } from './recording-copy';
import { hangupTwiml, replyTwiml } from './twiml';
import { twilioAnswered, twilioGatherBody, twilioRecording, twilioRecordingBody, twilioSpeech, twilioStatus, twilioStatusBody, twilioVoiceBody } from './twilio-events';

const callQuery = z.object({ callId: idParam('callId') });
const turnQuery = callQuery.extend({ turn: z.coerce.number().int().min(0).max(MAX_RECORD_ID) });
const candidateParams = z.object({ candidateId: idParam('candidateId') });

/**
 * Twilio's webhooks for the screening calls it carries (see telephony/twilio.ts), and the call
 * recording for the recruiters. Every webhook must carry Twilio's signature over the address it
 * called and its parameters; without it, or where Twilio is not configured, the answer is 403.
 */
export async function twilioRoutes(app: FastifyInstance): Promise<void> {
  // Twilio posts forms; the parser is registered for these routes only.
  await app.register(formbody);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { config } = app.deps;
  const { db } = app.deps.database;
  const calls: CallDeps = app.deps.calls;
  const base = twilioWebhookBase(config.appUrl);
  const answerUrl = (reply: Pick<CallReply, 'callId' | 'turn'>) => `${base}/gather?callId=${reply.callId}&turn=${reply.turn}`;
  const twiml = (reply: CallReply) => replyTwiml(reply, answerUrl(reply));

  // Checked before the parameters are validated, so an unsigned request learns nothing about them.
  const verifySignature = async (request: FastifyRequest) => {
    const authToken = config.twilio?.authToken;
    const signature = request.headers['x-twilio-signature'];
    const params = request.body && typeof request.body === 'object' ? (request.body as Record<string, unknown>) : {};
    if (!authToken || typeof signature !== 'string' || !(await loadTwilio()).validateRequest(authToken, signature, `${config.appUrl}${request.url}`, params)) {
      throw new AppError('FORBIDDEN', 'This request does not carry a valid Twilio signature');
    }
  };
  const webhook = { config: { access: 'public' }, preValidation: verifySignature } as const;

  r.post('/api/telephony/twilio/voice', { ...webhook, schema: { querystring: callQuery, body: twilioVoiceBody } }, async (request, reply) => {
    await requireTwilioCall(db, request.query.callId, request.body.CallSid);
    const said = await onCallEvent(calls, request.query.callId, twilioAnswered(request.body));
    return reply.type('text/xml').send(said ? await twiml(said) : await hangupTwiml());
  });

  r.post('/api/telephony/twilio/gather', { ...webhook, schema: { querystring: turnQuery, body: twilioGatherBody } }, async (request, reply) => {
    await requireTwilioCall(db, request.query.callId, request.body.CallSid);
    const said = await onCallEvent(calls, request.query.callId, twilioSpeech(request.query.turn, request.body));
    return reply.type('text/xml').send(said ? await twiml(said) : await hangupTwiml());
  });

  r.post('/api/telephony/twilio/status', { ...webhook, schema: { querystring: callQuery, body: twilioStatusBody } }, async (request, reply) => {
    await requireTwilioCall(db, request.query.callId, request.body.CallSid);
    const event = twilioStatus(request.body);
    if (event) await onCallEvent(calls, request.query.callId, event);
    return reply.code(204).send();
  });

  r.post('/api/telephony/twilio/recording', { ...webhook, schema: { querystring: callQuery, body: twilioRecordingBody } }, async (request, reply) => {
    await requireTwilioCall(db, request.query.callId, request.body.CallSid);
    const event = twilioRecording(request.body);
    if (event) await onCallEvent(calls, request.query.callId, event);
    return reply.code(204).send();
  });

  // The company's recruiters hear the recording through here: our copy once the copy job has made
  // it, until then streamed from Twilio (decision 009).
  r.get('/api/phone-screening/candidates/:candidateId/recording', { config: { access: 'user' }, schema: { params: candidateParams } }, async (request, reply) => {
    const call = await ownCallRecording(db, requireUser(request), request.params.candidateId);
    const stored = call.recordingSid ? callRecordingId(call.recordingSid) : null;
    if (stored) {
      if (await sendStoredRecording(reply, app.deps.storage, stored, request.headers.range, 'audio/mpeg')) return reply;
    }
    const media = await fetchTwilioRecording(config.twilio, call.recordingUrl, request.headers.range);
    void reply.code(media.status).type('audio/mpeg').header('x-content-type-options', 'nosniff').header('cache-control', 'private, no-store');
    for (const name of ['content-length', 'content-range', 'accept-ranges']) {
      const value = media.headers.get(name);
      if (value) void reply.header(name, value);
    }
    return reply.send(Readable.fromWeb(media.body as NodeReadableStream<Uint8Array>));
  });
}

/**
 * The screening call a webhook is about: a Twilio call, and the one Twilio placed under this
 * CallSid (before the CallSid is stored, the signature alone vouches for the request). So one
 * call's webhook cannot drive another call.
 */
async function requireTwilioCall(db: Db, callId: number, callSid: string | undefined): Promise<void> {
  const [call] = await db.select({ provider: phoneCalls.provider, providerSid: phoneCalls.providerSid }).from(phoneCalls).where(eq(phoneCalls.id, callId)).limit(1);
  if (!call || call.provider !== 'twilio' || (call.providerSid !== null && call.providerSid !== callSid)) throw new AppError('NOT_FOUND', 'Call not found');
}

/** The latest call with a recording of the company's own candidate. */
async function ownCallRecording(db: Db, user: SessionUser, candidateId: number): Promise<{ recordingSid: string | null; recordingUrl: string }> {
  const [own] = await db
    .select({ id: phoneScreeningCandidates.id })
    .from(phoneScreeningCandidates)
    .innerJoin(phoneScreenings, eq(phoneScreenings.id, phoneScreeningCandidates.screeningId))
    .where(and(eq(phoneScreeningCandidates.id, candidateId), eq(phoneScreenings.companyId, user.companyId)))
    .limit(1);
  if (!own) throw new AppError('NOT_FOUND', 'Candidate not found');
  const [call] = await db
    .select({ recordingSid: phoneCalls.recordingSid, recordingUrl: phoneCalls.recordingUrl })
    .from(phoneCalls)
    .where(and(eq(phoneCalls.candidateId, candidateId), isNotNull(phoneCalls.recordingUrl)))
    .orderBy(desc(phoneCalls.id))
    .limit(1);
  if (!call?.recordingUrl) throw new AppError('NOT_FOUND', 'Recording not available');
  return { recordingSid: call.recordingSid, recordingUrl: call.recordingUrl };
}

/** The recording streamed from Twilio, before our copy exists; a range request passes through so the player can seek. */
async function fetchTwilioRecording(
  twilio: TwilioSettings | undefined,
  recordingUrl: string,
  range: string | undefined,
): Promise<globalThis.Response & { body: ReadableStream<Uint8Array> }> {
  if (!twilio) throw new AppError('NOT_FOUND', 'Recording not available');
  const res = await fetch(...twilioMediaRequest(twilio, recordingUrl, range));
  if (res.status === 404) throw new AppError('NOT_FOUND', 'Recording not available');
  if (!res.ok || !res.body) throw new AppError('SERVICE_UNAVAILABLE', 'The recording could not be fetched from Twilio. Please try again.');
  return res as globalThis.Response & { body: ReadableStream<Uint8Array> };
}
