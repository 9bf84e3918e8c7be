import type { CallReply } from '../../../contracts/phone-calls';
import { loadTwilio } from '../../telephony/twilio-sdk';

/** One voice for the whole call; the same American English the speech recogniser listens for. */
const SAY = { voice: 'Polly.Joanna', language: 'en-US' } as const;

/**
 * The agent's turn as TwiML. While the call goes on, the lines are spoken inside a speech
 * <Gather> so the candidate may start answering before the agent has finished, and the answer
 * is posted to `answerUrl`. If nothing is heard, Twilio goes on to the <Redirect>, which posts to
 * the same address without a SpeechResult: silence is answered like any other turn. The last turn
 * says goodbye and hangs up.
 */
export async function replyTwiml(reply: Pick<CallReply, 'say' | 'done'>, answerUrl: string): Promise<string> {
  const response = new (await loadTwilio()).twiml.VoiceResponse();
  if (reply.done) {
    for (const line of reply.say) response.say(SAY, line);
    response.hangup();
    return response.toString();
  }
  const gather = response.gather({ input: ['speech'], action: answerUrl, method: 'POST', speechTimeout: 'auto', language: 'en-US' });
  for (const line of reply.say) gather.say(SAY, line);
  response.redirect({ method: 'POST' }, answerUrl);
  return response.toString();
}

/** An answering machine or fax: the agent leaves no message. */
export async function hangupTwiml(): Promise<string> {
  const response = new (await loadTwilio()).twiml.VoiceResponse();
  response.hangup();
  return response.toString();
}
