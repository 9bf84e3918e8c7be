import type twilio from 'twilio';
import type { Telephony } from './telephony';
import { loadTwilio } from './twilio-sdk';

export interface TwilioSettings {
  accountSid: string;
  authToken: string;
  fromNumber: string;
}

/** Where Twilio sends a call's webhooks (see modules/phone-calls/twilio.routes.ts). */
export const twilioWebhookBase = (appUrl: string) => `${appUrl}/api/telephony/twilio`;

/**
 * Places screening calls through Twilio's REST API. The call is recorded (the agent asks
 * consent first thing), answering machines are detected so voicemail counts as not reached, and
 * every status change is reported to the status webhook.
 */
export function createTwilioTelephony(settings: TwilioSettings, appUrl: string, options: { httpClient?: twilio.RequestClient } = {}): Telephony {
  let client: Promise<ReturnType<typeof twilio>> | undefined;
  const connect = () =>
    (client ??= loadTwilio().then((sdk) => sdk(settings.accountSid, settings.authToken, { httpClient: options.httpClient, autoRetry: true, maxRetries: 2 })));
  const base = twilioWebhookBase(appUrl);
  return {
    provider: 'twilio',
    async placeCall({ to, callId }) {
      const call = await (await connect()).calls.create({
        to,
        from: settings.fromNumber,
        url: `${base}/voice?callId=${callId}`,
        method: 'POST',
        statusCallback: `${base}/status?callId=${callId}`,
        statusCallbackMethod: 'POST',
        statusCallbackEvent: ['initiated', 'ringing', 'answered', 'completed'],
        machineDetection: 'Enable',
        record: true,
        recordingStatusCallback: `${base}/recording?callId=${callId}`,
        recordingStatusCallbackMethod: 'POST',
        recordingStatusCallbackEvent: ['completed'],
        timeout: 30,
      });
      return { sid: call.sid };
    },
    async deleteRecording(sid) {
      try {
        await (await connect()).recordings(sid).remove();
      } catch (err) {
        if ((err as { status?: number }).status !== 404) throw err;
      }
    },
  };
}
