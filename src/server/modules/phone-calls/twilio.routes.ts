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
import { answerCall, openCall, recordCallRecording, recordCallStatus, type CallDeps } from './calls.service';
import { callRecordingId, twilioMediaRequest } from './recording-copy';
import { hangupTwiml, replyTwiml } from './twiml';

const callQuery = z.object({ callId: idParam('callId') });
const turnQuery = callQuery.extend({ turn: z.coerce.number().int().min(0).max(MAX_RECORD_ID) });
const candidateParams = z.object({ candidateId: idParam('candidateId') });

/** The fields of Twilio's webhook parameters that are used; Twilio sends many more. */
const callFields = { CallSid: z.string().max(64).optional() };
const voiceBody = z.object({ ...callFields, AnsweredBy: z.string().max(40).optional() });
const gatherBody = z.object({ ...callFields, SpeechResult: z.string().max(5_000).optional() });
const statusBody = z.object({
  ...callFields,
  CallStatus: z.string().max(40),
  AnsweredBy: z.string().max(40).optional(),
  CallDuration: z.coerce.number().int().min(0).max(MAX_RECORD_ID).optional(),
});
const recordingBody = z.object({
  ...callFields,
  RecordingSid: z.string().max(64).optional(),
  RecordingUrl: z.url().max(500).optional(),
  RecordingStatus: z.string().max(40).optional(),
});

/** Twilio's answering-machine detection: machine_start, machine_end_beep, machine_end_silence, machine_end_other, fax. */
const isMachine = (answeredBy: string | undefined) => Boolean(answeredBy?.startsWith('machine') || answeredBy === 'fax');

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

  r.post('/api/telephony/twilio/voice', { ...webhook, schema: { querystring: callQuery, body: voiceBody } }, async (request, reply) => {
    await requireTwilioCall(db, request.query.callId, request.body.CallSid);
    // A machine gets no message; the status callback that follows counts the attempt as voicemail.
    if (isMachine(request.body.AnsweredBy)) return reply.type('text/xml').send(await hangupTwiml());
    return reply.type('text/xml').send(await twiml(await openCall(calls, request.query.callId)));
  });

  r.post('/api/telephony/twilio/gather', { ...webhook, schema: { querystring: turnQuery, body: gatherBody } }, async (request, reply) => {
    await requireTwilioCall(db, request.query.callId, request.body.CallSid);
    const next = await answerTwilioTurn(calls, request.query.callId, request.query.turn, request.body.SpeechResult ?? '');
    return reply.type('text/xml').send(await twiml(next));
  });

  r.post('/api/telephony/twilio/status', { ...webhook, schema: { querystring: callQuery, body: statusBody } }, async (request, reply) => {
    await requireTwilioCall(db, request.query.callId, request.body.CallSid);
    const { CallStatus, AnsweredBy, CallDuration } = request.body;
    await recordCallStatus(calls, request.query.callId, { status: CallStatus, answeredBy: AnsweredBy, durationSeconds: CallDuration });
    return reply.code(204).send();
  });

  r.post('/api/telephony/twilio/recording', { ...webhook, schema: { querystring: callQuery, body: recordingBody } }, async (request, reply) => {
    await requireTwilioCall(db, request.query.callId, request.body.CallSid);
    const { RecordingStatus, RecordingSid, RecordingUrl } = request.body;
    if (RecordingStatus === 'completed' && RecordingSid && RecordingUrl) await recordCallRecording(calls, request.query.callId, { sid: RecordingSid, url: RecordingUrl });
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

/**
 * The candidate's spoken answer. An answer Twilio sends for a turn the call has already left (a
 * replayed request) gets the call's current words rather than an error, which Twilio would read
 * out as "an application error has occurred" and hang up.
 */
async function answerTwilioTurn(deps: CallDeps, callId: number, turn: number, speech: string): Promise<CallReply> {
  try {
    return await answerCall(deps, callId, turn, speech);
  } catch (err) {
    if (!(err instanceof AppError && err.code === 'CALL_TURN_STALE')) throw err;
    return openCall(deps, callId);
  }
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
