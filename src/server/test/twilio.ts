import { randomBytes } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import twilio from 'twilio';
import type RequestClient from 'twilio/lib/base/RequestClient';
import type Response from 'twilio/lib/http/response';
import type { TwilioSettings } from '../telephony/twilio';

/** A test Twilio account: the SID has Twilio's shape, the token is what webhooks are signed with. */
export const TWILIO_SETTINGS: TwilioSettings = {
  accountSid: `AC${'0123456789abcdef'.repeat(2)}`,
  authToken: 'test-auth-token',
  fromNumber: '+15005550006',
};

/** The environment that turns Twilio on in createTestApp. */
export const TWILIO_ENV = {
  TWILIO_ACCOUNT_SID: TWILIO_SETTINGS.accountSid,
  TWILIO_AUTH_TOKEN: TWILIO_SETTINGS.authToken,
  TWILIO_FROM_NUMBER: TWILIO_SETTINGS.fromNumber,
};

export const sid = (prefix: 'CA' | 'RE') => `${prefix}${randomBytes(16).toString('hex')}`;

/** A call created through Twilio's REST API, as Twilio received it. */
export interface CreatedCall {
  sid: string;
  /** The form fields of the POST …/Calls.json request (To, From, Url, StatusCallback, …). */
  form: URLSearchParams;
}

/** Twilio's error body: `{ code, message, more_info, status }`. */
export interface TwilioFailure {
  status: number;
  code: number;
  message: string;
}

/**
 * Twilio's REST API in the test process, behind the `twilio` package's own client: it receives
 * exactly the request the client would send over HTTPS (method, URI, basic auth, form body) and
 * answers Twilio's JSON for a Call resource, or Twilio's error JSON. Nothing leaves the machine.
 */
export class FakeTwilioTransport extends twilio.RequestClient {
  readonly calls: CreatedCall[] = [];
  /** The next calls.create answers this error instead (then it is cleared). */
  failNext: TwilioFailure | null = null;
  /** Recordings deleted through the REST API (DELETE …/Recordings/{sid}.json), by sid. */
  readonly deletedRecordings: string[] = [];
  /** Recording deletions answer Twilio's 500 while set. */
  failRecordingDeletions = false;

  constructor(private readonly settings: TwilioSettings = TWILIO_SETTINGS) {
    super();
  }

  override async request<TData>(opts: RequestClient.RequestOptions<TData>): Promise<Response<TData>> {
    const send = (statusCode: number, body: object) =>
      ({ statusCode, body: JSON.stringify(body) as TData, headers: { 'content-type': 'application/json' } }) as Response<TData>;
    const accountPath = `/2010-04-01/Accounts/${this.settings.accountSid}`;
    if (opts.username !== this.settings.accountSid || opts.password !== this.settings.authToken) {
      return send(401, { code: 20003, message: 'Authenticate', more_info: 'https://www.twilio.com/docs/errors/20003', status: 401 });
    }
    const uri = new URL(opts.uri);
    const recording = new RegExp(`^${accountPath}/Recordings/(RE[0-9a-f]{32})\\.json$`).exec(uri.pathname);
    if (opts.method.toLowerCase() === 'delete' && uri.hostname === 'api.twilio.com' && recording) {
      if (this.failRecordingDeletions) return send(500, { code: 20500, message: 'Internal Server Error', more_info: 'https://www.twilio.com/docs/errors/20500', status: 500 });
      this.deletedRecordings.push(recording[1]!);
      return { statusCode: 204, body: '' as TData, headers: {} };
    }
    if (opts.method.toLowerCase() !== 'post' || uri.hostname !== 'api.twilio.com' || uri.pathname !== `${accountPath}/Calls.json`) {
      return send(404, { code: 20404, message: `The requested resource ${uri.pathname} was not found`, more_info: 'https://www.twilio.com/docs/errors/20404', status: 404 });
    }
    const form = new URLSearchParams();
    // The client sends these fields form-encoded, a list as the same key repeated.
    const fields: Record<string, unknown> = opts.data ?? {};
    for (const [key, value] of Object.entries(fields)) {
      const items = (Array.isArray(value) ? value : [value]) as (string | number | boolean | undefined)[];
      for (const item of items) if (item !== undefined) form.append(key, String(item));
    }
    if (this.failNext) {
      const { status, code, message } = this.failNext;
      this.failNext = null;
      return send(status, { code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status });
    }
    const call: CreatedCall = { sid: sid('CA'), form };
    this.calls.push(call);
    const now = new Date().toUTCString().replace('GMT', '+0000');
    return send(201, {
      account_sid: this.settings.accountSid,
      annotation: null,
      answered_by: null,
      api_version: '2010-04-01',
      caller_name: null,
      date_created: now,
      date_updated: now,
      direction: 'outbound-api',
      duration: null,
      end_time: null,
      forwarded_from: null,
      from: form.get('From'),
      from_formatted: form.get('From'),
      group_sid: null,
      parent_call_sid: null,
      phone_number_sid: null,
      price: null,
      price_unit: 'USD',
      queue_time: '0',
      sid: call.sid,
      start_time: null,
      status: 'queued',
      subresource_uris: {
        notifications: `${accountPath}/Calls/${call.sid}/Notifications.json`,
        recordings: `${accountPath}/Calls/${call.sid}/Recordings.json`,
        payments: `${accountPath}/Calls/${call.sid}/Payments.json`,
        events: `${accountPath}/Calls/${call.sid}/Events.json`,
        siprec: `${accountPath}/Calls/${call.sid}/Siprec.json`,
        streams: `${accountPath}/Calls/${call.sid}/Streams.json`,
        transcriptions: `${accountPath}/Calls/${call.sid}/Transcriptions.json`,
        user_defined_message_subscriptions: `${accountPath}/Calls/${call.sid}/UserDefinedMessageSubscriptions.json`,
        user_defined_messages: `${accountPath}/Calls/${call.sid}/UserDefinedMessages.json`,
      },
      to: form.get('To'),
      to_formatted: form.get('To'),
      trunk_sid: null,
      uri: `${accountPath}/Calls/${call.sid}.json`,
    });
  }

  /** The call placed for the screening call `callId` (its webhook URL names it), once it has been placed. */
  callFor(callId: number): CreatedCall | undefined {
    return this.calls.find((c) => new URL(c.form.get('Url') ?? 'http://x').searchParams.get('callId') === String(callId));
  }
}

/**
 * POSTs a webhook the way Twilio does: form-encoded parameters, signed in X-Twilio-Signature
 * with the account's auth token over the full URL (query included) and the parameters. Pass
 * `authToken: null` to send it unsigned.
 */
export function signedWebhook(
  app: FastifyInstance,
  url: string,
  params: Record<string, string>,
  options: { authToken?: string | null; appUrl?: string } = {},
): Promise<LightMyRequestResponse> {
  const authToken = options.authToken === undefined ? TWILIO_SETTINGS.authToken : options.authToken;
  const appUrl = options.appUrl ?? 'http://localhost:3000';
  const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded', 'user-agent': 'TwilioProxy/1.1' };
  if (authToken !== null) headers['x-twilio-signature'] = twilio.getExpectedTwilioSignature(authToken, `${appUrl}${url}`, params);
  return app.inject({ method: 'POST', url, headers, payload: new URLSearchParams(params).toString() });
}

/** The parameters Twilio sends with every request about an outbound call. */
export function callParams(call: { sid: string; to: string }, extra: Record<string, string> = {}): Record<string, string> {
  return {
    AccountSid: TWILIO_SETTINGS.accountSid,
    ApiVersion: '2010-04-01',
    CallSid: call.sid,
    Called: call.to,
    Caller: TWILIO_SETTINGS.fromNumber,
    Direction: 'outbound-api',
    From: TWILIO_SETTINGS.fromNumber,
    To: call.to,
    ...extra,
  };
}
