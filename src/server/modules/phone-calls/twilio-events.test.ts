import { describe, expect, it } from 'vitest';
import { twilioAnswered, twilioRecording, twilioSpeech, twilioStatus } from './twilio-events';

describe("Twilio's adapter: its vocabulary in the product's call events", () => {
  it('tells a person from a machine when the call is answered', () => {
    expect(twilioAnswered({ AnsweredBy: 'human' })).toEqual({ kind: 'answered' });
    expect(twilioAnswered({})).toEqual({ kind: 'answered' });
    for (const machine of ['machine_start', 'machine_end_beep', 'machine_end_silence', 'machine_end_other', 'fax']) {
      expect(twilioAnswered({ AnsweredBy: machine })).toEqual({ kind: 'machine' });
    }
  });

  it('passes what was heard, and nothing when nothing was', () => {
    expect(twilioSpeech(3, { SpeechResult: 'Six years.' })).toEqual({ kind: 'speech', turn: 3, text: 'Six years.' });
    expect(twilioSpeech(3, {})).toEqual({ kind: 'speech', turn: 3, text: '' });
  });

  it("translates Twilio's statuses into progress and ends with a reason, a completed call a machine answered ending at voicemail", () => {
    expect(twilioStatus({ CallStatus: 'ringing' })).toEqual({ kind: 'progress', status: 'ringing', answeredBy: undefined });
    expect(twilioStatus({ CallStatus: 'in-progress', AnsweredBy: 'human' })).toEqual({ kind: 'progress', status: 'in_progress', answeredBy: 'human' });
    expect(twilioStatus({ CallStatus: 'no-answer', CallDuration: 0 })).toEqual({ kind: 'ended', reason: 'no_answer', durationSeconds: 0, answeredBy: undefined });
    expect(twilioStatus({ CallStatus: 'completed', AnsweredBy: 'human', CallDuration: 184 })).toEqual({ kind: 'ended', reason: 'completed', durationSeconds: 184, answeredBy: 'human' });
    expect(twilioStatus({ CallStatus: 'completed', AnsweredBy: 'machine_end_beep', CallDuration: 4 })).toEqual({ kind: 'ended', reason: 'voicemail', durationSeconds: 4, answeredBy: 'machine_end_beep' });
    expect(twilioStatus({ CallStatus: 'busy', AnsweredBy: 'machine_start' })).toMatchObject({ kind: 'ended', reason: 'busy' });
  });

  it('makes no event of a status it does not know, or of a recording not yet complete', () => {
    expect(twilioStatus({ CallStatus: 'paused' })).toBeNull();
    expect(twilioStatus({ CallStatus: 'constructor' })).toBeNull();
    expect(twilioRecording({ RecordingStatus: 'in-progress', RecordingSid: 'RE1', RecordingUrl: 'https://api.twilio.com/r/RE1' })).toBeNull();
    expect(twilioRecording({ RecordingStatus: 'completed', RecordingSid: 'RE1' })).toBeNull();
    expect(twilioRecording({ RecordingStatus: 'completed', RecordingSid: 'RE1', RecordingUrl: 'https://api.twilio.com/r/RE1' })).toEqual({ kind: 'recording_ready', sid: 'RE1', url: 'https://api.twilio.com/r/RE1' });
  });
});
