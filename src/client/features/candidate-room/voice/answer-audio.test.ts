import { describe, expect, it } from 'vitest';
import { answerAudioType } from './answer-audio';

describe('answerAudioType', () => {
  it('picks the first container the server transcribes that the browser records', () => {
    // Chromium
    expect(answerAudioType((t) => t.startsWith('audio/webm') || t.startsWith('video/webm'))).toBe('audio/webm;codecs=opus');
    // Firefox without WebM audio: Ogg
    expect(answerAudioType((t) => t.startsWith('audio/ogg'))).toBe('audio/ogg;codecs=opus');
    // Safari
    expect(answerAudioType((t) => t === 'audio/mp4' || t === 'video/mp4')).toBe('audio/mp4');
  });

  it("leaves the choice to the browser when it cannot say, or records none of them", () => {
    expect(answerAudioType(undefined)).toBe('');
    expect(answerAudioType(() => false)).toBe('');
  });
});
