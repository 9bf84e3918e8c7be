import { describe, expect, it } from 'vitest';
import { DEFAULT_END_OF_ANSWER, onFrame, pauseProgress, requiredSilenceMs, startAnswer } from './end-of-answer';
import type { EndOfAnswerState } from './end-of-answer';

const FRAME_MS = 32;
const settings = DEFAULT_END_OF_ANSWER;

/** Feeds a timeline of [milliseconds, probability] stretches; returns every state (one per frame). */
function run(timeline: Array<[number, number]>, options = settings): EndOfAnswerState[] {
  let state = startAnswer();
  let at = 0;
  const states: EndOfAnswerState[] = [];
  for (const [ms, probability] of timeline) {
    for (let t = 0; t < ms; t += FRAME_MS) {
      state = onFrame(state, at, probability, options);
      states.push(state);
      at += FRAME_MS;
    }
  }
  return states;
}

const endedAt = (states: EndOfAnswerState[]) => states.find((s) => s.phase === 'ended')?.atMs ?? null;

describe('end of answer', () => {
  it('ends an answer after the base silence once the answer is long, measured from the last sound', () => {
    const states = run([
      [500, 0],
      [15_000, 0.9],
      [5000, 0.05],
    ]);
    const lastSpeech = 500 + 15_000;
    const ended = endedAt(states);
    expect(ended).not.toBeNull();
    expect(ended! - lastSpeech).toBeGreaterThanOrEqual(settings.baseSilenceMs + settings.edgeMs);
    expect(ended! - lastSpeech).toBeLessThan(settings.baseSilenceMs + settings.edgeMs + 2 * FRAME_MS);
  });

  it('waits longer while the answer is still short, never less than the base', () => {
    expect(requiredSilenceMs(settings, 0)).toBe(settings.baseSilenceMs + settings.edgeMs + settings.shortAnswerExtraMs);
    expect(requiredSilenceMs(settings, 60_000)).toBe(settings.baseSilenceMs + settings.edgeMs);
    const states = run([
      [1500, 0.9],
      [2800, 0.05],
      [1500, 0.9],
      [8000, 0.05],
    ]);
    // 2.8 s of silence after 1.5 s of speech is a pause, not the end.
    const ended = endedAt(states);
    expect(ended).toBeGreaterThan(1500 + 2800 + 1500);
    expect(ended! - (1500 + 2800 + 1500)).toBeGreaterThan(settings.baseSilenceMs);
  });

  it('does not end on pauses up to three seconds inside a long answer', () => {
    const timeline: Array<[number, number]> = [[12_000, 0.9]];
    for (const pause of [500, 1000, 2000, 2400]) timeline.push([pause, 0.1], [2000, 0.8]);
    timeline.push([400, 0.1]);
    expect(endedAt(run(timeline))).toBeNull();
  });

  it('takes a cough or a click neither for the start of an answer nor for its end', () => {
    const states = run([
      [3000, 0],
      [96, 0.95], // a click
      [2000, 0],
      [320, 0.9], // a cough
      [2000, 0],
    ]);
    expect(states.at(-1)?.phase).toBe('waiting');
    expect(states.at(-1)?.noises).toBe(2);
    // Inside a pause, a cough does not restart the wait.
    const pause = run([
      [14_000, 0.9],
      [1000, 0.05],
      [320, 0.9],
      [3000, 0.05],
    ]);
    const ended = endedAt(pause);
    expect(ended! - 14_000).toBeLessThan(settings.baseSilenceMs + settings.edgeMs + 2 * FRAME_MS);
  });

  it('never ends while a sound goes on', () => {
    const states = run([
      [14_000, 0.9],
      [2400, 0.05],
      [400, 0.9],
    ]);
    const ending = states.findIndex((s) => s.phase === 'ended');
    if (ending >= 0) expect(states[ending]!.loud).toBe(false);
  });

  it('keeps the last frame’s side between the two thresholds', () => {
    const states = run([
      [14_000, 0.9],
      [4000, 0.4],
    ]);
    expect(states.at(-1)?.phase).toBe('speaking');
  });

  it('asks the thinking-time prompt once, after the thinking time, only before any speech', () => {
    const states = run([[45_000, 0]]);
    expect(states.filter((s) => s.prompt)).toHaveLength(1);
    expect(states.find((s) => s.prompt)!.atMs).toBeGreaterThanOrEqual(settings.thinkingMs);
    expect(run([[2000, 0.9], [30_000, 0]]).some((s) => s.prompt)).toBe(false);
  });

  it('shows how far the wait has gone while the candidate is silent', () => {
    const states = run([
      [14_000, 0.9],
      [1300, 0.05],
    ]);
    const shown = pauseProgress(states.at(-1)!, settings);
    expect(shown?.waitMs).toBe(requiredSilenceMs(settings, states.at(-1)!.speechMs));
    expect(shown!.progress).toBeGreaterThan(0.4);
    expect(shown!.progress).toBeLessThan(0.6);
    expect(pauseProgress(run([[1000, 0.9]]).at(-1)!, settings)).toBeNull();
  });
});
