import { describe, expect, it } from 'vitest';
import type { StartInterviewResult } from '@/contracts/candidate-room';
import {
  answersToServer,
  canAnswerAloud,
  currentQuestion,
  canRedoAnswer,
  canSkipPractice,
  initialState,
  isAnswering,
  isTypingAnswers,
  MEDIA_ERROR,
  phaseOf,
  PRACTICE_QUESTION,
  transition,
  UNSUPPORTED_BROWSER,
  viewOf,
  type FlowError,
  type InterviewEvent,
  type InterviewState,
  type Step,
  type Turn,
} from './interview-machine';

const session: StartInterviewResult = {
  status: 'in_progress',
  startedAt: '2026-11-23T10:00:00.000Z',
  videoRecording: true,
  uploadEndpoint: '/api/uploads',
  maxUploadBytes: 1_000,
  transcript: [],
  answerTranscription: false,
};

const run = (state: InterviewState, ...events: InterviewEvent[]) => events.reduce(transition, state);
const fresh = (total = 2, canListen = true) => initialState({ total, canListen });
const failed = (kind: FlowError['kind'], message = `${kind} failed`): InterviewEvent => ({ type: 'FAILED', error: { kind, message } });
const turnOf = (state: InterviewState): Turn | null => (state.step.status === 'in_progress' ? state.step.turn : null);

/** The states one reaches by the usual path, from a fresh machine. */
const starting = (total = 2, canListen = true) => run(fresh(total, canListen), { type: 'START', canRecord: true });
const openingMedia = (answered = 0, total = 2) => run(starting(total), { type: 'STARTED', session, answered });
const preparing = (total = 2, canListen = true) => run(starting(total, canListen), { type: 'STARTED', session, answered: 0 }, { type: 'RECORDING' });
const speaking = (total = 2, canListen = true) => run(preparing(total, canListen), { type: 'QUESTION_READY', text: 'Tell me about you, Ada.' });
const listening = (total = 2) => run(speaking(total), { type: 'SPOKEN' });
const thinking = (total = 2) => run(listening(total), { type: 'END_RESPONSE', answer: 'I build things.' });
const submitting = () => run(preparing(0));

/** Every event that belongs to some steps only, for checking which ones a state ignores (TYPE, PREFER_TYPING and VOICE_UNAVAILABLE apply anywhere). */
const ALL_EVENTS: InterviewEvent[] = [
  { type: 'START', canRecord: true },
  { type: 'RETRY', canRecord: true },
  { type: 'END_RESPONSE', answer: 'x' },
  { type: 'STARTED', session, answered: 0 },
  { type: 'ALREADY_SUBMITTED' },
  { type: 'RECORDING' },
  { type: 'QUESTION_READY', text: 'x' },
  { type: 'SPOKEN' },
  { type: 'FOLLOW_UP', text: 'x' },
  { type: 'QUESTION_DONE' },
  { type: 'UPLOADED', uploadIds: ['u1'] },
  { type: 'SUBMITTED' },
  { type: 'ANSWER_AUDIO_ENDED' },
  { type: 'TRANSCRIBED', text: 'x' },
  { type: 'TRANSCRIPTION_FAILED', message: 'x' },
  ...(['start', 'media', 'unsupported', 'interview', 'submit'] as const).map((kind) => failed(kind)),
];

/** Asserts that every event of ALL_EVENTS but `handled` leaves `state` as it is (the same object). */
function expectOnly(state: InterviewState, handled: string[]) {
  for (const event of ALL_EVENTS) {
    const key = event.type === 'FAILED' ? `FAILED:${event.error.kind}` : event.type;
    if (handled.includes(key)) expect(transition(state, event), key).not.toBe(state);
    else expect(transition(state, event), `${key} in ${JSON.stringify(state.step)}`).toBe(state);
  }
}

describe('ready', () => {
  it('starts ready, with nothing answered', () => {
    const state = fresh(3, false);
    expect(state).toMatchObject({ step: { status: 'ready' }, total: 3, answered: 0, session: null, canListen: false, preferTyping: false });
    expect(viewOf(state)).toBe('ready');
  });

  it('START asks the server; a browser that cannot record fails as unsupported', () => {
    expect(transition(fresh(), { type: 'START', canRecord: true }).step).toEqual({ status: 'starting' });
    expect(transition(fresh(), { type: 'START', canRecord: false }).step).toEqual({ status: 'error', error: { kind: 'unsupported', message: UNSUPPORTED_BROWSER } });
  });

  it('the typing choice can be made before the start; everything else is ignored', () => {
    expect(transition(fresh(), { type: 'PREFER_TYPING', value: true })).toMatchObject({ step: { status: 'ready' }, preferTyping: true });
    expectOnly(fresh(), ['START']);
  });
});

describe('starting', () => {
  it('STARTED keeps the session and where to resume, then opens the media', () => {
    const state = transition(starting(3), { type: 'STARTED', session, answered: 2 });
    expect(state).toMatchObject({ step: { status: 'opening_media' }, session, answered: 2 });
    expect(viewOf(state)).toBe('starting');
  });

  it('an interview submitted meanwhile is completed; a failed start is an error of the start', () => {
    expect(transition(starting(), { type: 'ALREADY_SUBMITTED' }).step).toEqual({ status: 'completed', alreadySubmitted: true });
    expect(transition(starting(), failed('start')).step).toEqual({ status: 'error', error: { kind: 'start', message: 'start failed' } });
  });

  it('ignores everything else', () => expectOnly(starting(), ['STARTED', 'ALREADY_SUBMITTED', 'FAILED:start']));
});

describe('opening the media', () => {
  it('RECORDING asks the next question', () => {
    const state = transition(openingMedia(1, 3), { type: 'RECORDING' });
    expect(turnOf(state)).toEqual({ phase: 'preparing', index: 1 });
    expect(currentQuestion(state)).toEqual({ index: 1, text: null, isFollowUp: false, practice: false });
    // Straight to the submit when every question was answered before a reload.
    expect(transition(openingMedia(2, 2), { type: 'RECORDING' }).step).toEqual({ status: 'submitting' });
  });

  it('the camera refused, or an unsupported browser, is an error', () => {
    expect(transition(openingMedia(), failed('media', MEDIA_ERROR)).step).toEqual({ status: 'error', error: { kind: 'media', message: MEDIA_ERROR } });
    expect(transition(openingMedia(), failed('unsupported')).step).toMatchObject({ status: 'error', error: { kind: 'unsupported' } });
  });

  it('ignores everything else', () => expectOnly(openingMedia(), ['RECORDING', 'FAILED:media', 'FAILED:unsupported']));
});

describe('a question', () => {
  it('preparing → speaking the prepared text', () => {
    const state = speaking();
    expect(turnOf(state)).toEqual({ phase: 'speaking', index: 0, text: 'Tell me about you, Ada.', isFollowUp: false });
    expect(phaseOf(state)).toBe('speaking');
    expect(isAnswering(state)).toBe(false);
  });

  it('speaking → listening once said, when the browser can listen', () => {
    const state = listening();
    expect(turnOf(state)).toMatchObject({ phase: 'listening', text: 'Tell me about you, Ada.' });
    expect(isAnswering(state)).toBe(true);
  });

  it('speaking → typing when the candidate prefers it or the browser cannot listen', () => {
    expect(turnOf(run(speaking(), { type: 'PREFER_TYPING', value: true }, { type: 'SPOKEN' }))?.phase).toBe('typing');
    const deaf = run(speaking(2, false), { type: 'SPOKEN' });
    expect(turnOf(deaf)?.phase).toBe('typing');
    // The question card tells typing as the candidate's answer too.
    expect(phaseOf(deaf)).toBe('listening');
    expect(isAnswering(deaf)).toBe(true);
  });

  it('listening ⇄ typing as the candidate changes their mind', () => {
    const typing = transition(listening(), { type: 'PREFER_TYPING', value: true });
    expect(turnOf(typing)?.phase).toBe('typing');
    expect(turnOf(transition(typing, { type: 'PREFER_TYPING', value: false }))?.phase).toBe('listening');
    // The same choice again changes nothing: the step stays the same object.
    const same = transition(typing, { type: 'PREFER_TYPING', value: true });
    expect(same.step).toBe(typing.step);
  });

  it('a recogniser that fails switches to typing for good', () => {
    const state = transition(listening(), { type: 'VOICE_UNAVAILABLE' });
    expect(state.canListen).toBe(false);
    expect(turnOf(state)?.phase).toBe('typing');
    expect(turnOf(transition(state, { type: 'PREFER_TYPING', value: false }))?.phase).toBe('typing');
    expect(transition(state, { type: 'VOICE_UNAVAILABLE' })).toBe(state);
    // Before the answer, only the flag changes.
    const early = transition(speaking(), { type: 'VOICE_UNAVAILABLE' });
    expect(early.canListen).toBe(false);
    expect(early.step).toEqual(speaking().step);
  });

  it('typing keeps the answer box; END_RESPONSE clears it and carries the answer to thinking', () => {
    const before = listening();
    const typed = transition(before, { type: 'TYPE', text: 'I build' });
    expect(typed.typedAnswer).toBe('I build');
    expect(typed.step).toBe(before.step);
    const state = transition(typed, { type: 'END_RESPONSE', answer: 'I build things.' });
    expect(state.typedAnswer).toBe('');
    expect(turnOf(state)).toEqual({ phase: 'thinking', index: 0, text: 'Tell me about you, Ada.', isFollowUp: false, answer: 'I build things.' });
    expect(phaseOf(state)).toBe('thinking');
    expect(isAnswering(state)).toBe(false);
    // From typing too.
    expect(turnOf(run(speaking(2, false), { type: 'SPOKEN' }, { type: 'END_RESPONSE', answer: 'typed' }))).toMatchObject({ phase: 'thinking', answer: 'typed' });
  });

  it('thinking → a follow-up is spoken, answered, and then the question is done', () => {
    const followUp = transition(thinking(), { type: 'FOLLOW_UP', text: 'What did you learn?' });
    expect(turnOf(followUp)).toEqual({ phase: 'speaking', index: 0, text: 'What did you learn?', isFollowUp: true });
    expect(currentQuestion(followUp)).toEqual({ index: 0, text: 'What did you learn?', isFollowUp: true, practice: false });
    const answered = run(followUp, { type: 'SPOKEN' }, { type: 'END_RESPONSE', answer: 'Patience.' });
    expect(turnOf(answered)).toMatchObject({ phase: 'thinking', isFollowUp: true });
    // At most one follow-up per question.
    expect(transition(answered, { type: 'FOLLOW_UP', text: 'And then?' })).toBe(answered);
    const next = transition(answered, { type: 'QUESTION_DONE' });
    expect(next.answered).toBe(1);
    expect(turnOf(next)).toEqual({ phase: 'preparing', index: 1 });
  });

  it('thinking → the next question, or the submit after the last', () => {
    const second = transition(thinking(), { type: 'QUESTION_DONE' });
    expect(turnOf(second)).toEqual({ phase: 'preparing', index: 1 });
    const last = run(second, { type: 'QUESTION_READY', text: 'Why us?' }, { type: 'SPOKEN' }, { type: 'END_RESPONSE', answer: 'Because.' }, { type: 'QUESTION_DONE' });
    expect(last).toMatchObject({ step: { status: 'submitting' }, answered: 2 });
    expect(currentQuestion(last)).toBeNull();
  });

  it('a failure or a lost camera stops the interview', () => {
    expect(transition(speaking(), failed('interview')).step).toMatchObject({ status: 'error', error: { kind: 'interview' } });
    expect(transition(listening(), failed('media', MEDIA_ERROR)).step).toEqual({ status: 'error', error: { kind: 'media', message: MEDIA_ERROR } });
  });

  it('each phase ignores the events of the others', () => {
    const inProgress = ['FAILED:interview', 'FAILED:media'];
    expectOnly(preparing(), ['QUESTION_READY', ...inProgress]);
    expectOnly(speaking(), ['SPOKEN', ...inProgress]);
    expectOnly(listening(), ['END_RESPONSE', ...inProgress]);
    expectOnly(thinking(), ['FOLLOW_UP', 'QUESTION_DONE', ...inProgress]);
  });
});

describe('submitting', () => {
  it('keeps the upload ids without entering the step again, then completes', () => {
    const state = submitting();
    const uploaded = transition(state, { type: 'UPLOADED', uploadIds: ['a', 'b'] });
    expect(uploaded.uploadIds).toEqual(['a', 'b']);
    expect(uploaded.step).toBe(state.step);
    expect(viewOf(uploaded)).toBe('submitting');
    expect(transition(uploaded, { type: 'SUBMITTED' }).step).toEqual({ status: 'completed', alreadySubmitted: false });
  });

  it('a refused upload or hand-in is an error of the submit', () => {
    expect(transition(submitting(), failed('submit')).step).toMatchObject({ status: 'error', error: { kind: 'submit' } });
  });

  it('ignores everything else', () => expectOnly(submitting(), ['UPLOADED', 'SUBMITTED', 'FAILED:submit']));

  it('completed is the end: every event is ignored', () => {
    const done = run(submitting(), { type: 'SUBMITTED' });
    expect(viewOf(done)).toBe('completed');
    expectOnly(done, []);
  });
});

describe("error and 'Try Again'", () => {
  it('a failed start: Try Again (or START) asks the server again', () => {
    const error = transition(starting(), failed('start'));
    expect(viewOf(error)).toBe('error');
    expect(transition(error, { type: 'RETRY', canRecord: true }).step).toEqual({ status: 'starting' });
    expect(transition(error, { type: 'START', canRecord: true }).step).toEqual({ status: 'starting' });
    expect(transition(error, { type: 'RETRY', canRecord: false }).step).toMatchObject({ status: 'error', error: { kind: 'unsupported' } });
  });

  it('a media error: Try Again opens the media again, keeping the session', () => {
    const error = transition(openingMedia(1), failed('media', MEDIA_ERROR));
    const retried = transition(error, { type: 'RETRY', canRecord: true });
    expect(retried).toMatchObject({ step: { status: 'opening_media' }, session, answered: 1 });
    expect(transition(error, { type: 'RETRY', canRecord: false }).step).toMatchObject({ status: 'error', error: { kind: 'unsupported' } });
    // A camera lost mid-interview: the media again, then the unanswered question again.
    const lost = transition(transition(thinking(), { type: 'QUESTION_DONE' }), failed('media', MEDIA_ERROR));
    const back = run(lost, { type: 'RETRY', canRecord: true }, { type: 'RECORDING' });
    expect(turnOf(back)).toEqual({ phase: 'preparing', index: 1 });
  });

  it('an unsupported browser before any start: Try Again returns to the ready view if it can record now', () => {
    const error = transition(fresh(), { type: 'START', canRecord: false });
    expect(transition(error, { type: 'RETRY', canRecord: true }).step).toEqual({ status: 'ready' });
    // START belongs to the ready view and a failed start only.
    expect(transition(error, { type: 'START', canRecord: true })).toBe(error);
  });

  it('an interview error: Try Again asks the unanswered question again (or submits)', () => {
    const error = transition(listening(), failed('interview'));
    expect(turnOf(transition(error, { type: 'RETRY', canRecord: true }))).toEqual({ phase: 'preparing', index: 0 });
    const allAnswered = { ...error, answered: 2 };
    expect(transition(allAnswered, { type: 'RETRY', canRecord: true }).step).toEqual({ status: 'submitting' });
  });

  it('a submit error: Try Again submits again, with the upload ids kept', () => {
    const error = run(submitting(), { type: 'UPLOADED', uploadIds: ['a'] }, failed('submit'));
    expect(transition(error, { type: 'RETRY', canRecord: false })).toMatchObject({ step: { status: 'submitting' }, uploadIds: ['a'] });
  });

  it('ignores the other events', () => {
    expectOnly(transition(starting(), failed('start')), ['START', 'RETRY']);
    for (const error of [transition(openingMedia(), failed('media')), transition(listening(), failed('interview')), transition(submitting(), failed('submit'))]) {
      expectOnly(error, ['RETRY']);
    }
  });
});

describe('what the screens show', () => {
  const views: [Step, string][] = [
    [{ status: 'ready' }, 'ready'],
    [{ status: 'starting' }, 'starting'],
    [{ status: 'opening_media' }, 'starting'],
    [{ status: 'in_progress', turn: { phase: 'preparing', index: 0 } }, 'in_progress'],
    [{ status: 'submitting' }, 'submitting'],
    [{ status: 'completed', alreadySubmitted: false }, 'completed'],
    [{ status: 'error', error: { kind: 'start', message: 'x' } }, 'error'],
  ];
  it('each step has its view; outside the interview there is no current question and no answer to end', () => {
    for (const [step, view] of views) {
      const state = { ...fresh(), step };
      expect(viewOf(state)).toBe(view);
      if (step.status !== 'in_progress') expect([currentQuestion(state), isAnswering(state)]).toEqual([null, false]);
    }
  });
});

describe('the practice question (issue 32)', () => {
  const practising = () => run(starting(2), { type: 'STARTED', session, answered: 0, practice: true }, { type: 'RECORDING' });

  it('a fresh interview opens with the practice question, which is not a numbered question', () => {
    const state = practising();
    expect(turnOf(state)).toEqual({ phase: 'speaking', index: 0, text: PRACTICE_QUESTION, isFollowUp: false, practice: true });
    expect(currentQuestion(state)).toEqual({ index: 0, text: PRACTICE_QUESTION, isFollowUp: false, practice: true });
    expect(state.practice).toBe('asked');
    expect(canSkipPractice(state)).toBe(true);
  });

  it('its answer asks for no follow-up: once done, the first real question is prepared and nothing counts as answered', () => {
    const answered = run(practising(), { type: 'SPOKEN' }, { type: 'END_RESPONSE', answer: 'Toast.' });
    expect(turnOf(answered)).toMatchObject({ phase: 'thinking', practice: true, answer: 'Toast.' });
    expect(canRedoAnswer(answered)).toBe(false);
    expect(transition(answered, { type: 'FOLLOW_UP', text: 'x' })).toBe(answered);
    const done = transition(answered, { type: 'QUESTION_DONE' });
    expect(done).toMatchObject({ step: { status: 'in_progress', turn: { phase: 'preparing', index: 0 } }, answered: 0, practice: 'answered' });
  });

  it('can be skipped while it is said or answered, not once its answer is in', () => {
    for (const state of [practising(), run(practising(), { type: 'SPOKEN' })]) {
      expect(transition(state, { type: 'SKIP_PRACTICE' })).toMatchObject({ step: { turn: { phase: 'preparing', index: 0 } }, practice: 'skipped' });
    }
    const answered = run(practising(), { type: 'SPOKEN' }, { type: 'END_RESPONSE', answer: 'Toast.' });
    expect(transition(answered, { type: 'SKIP_PRACTICE' })).toBe(answered);
    const real = listening();
    expect(transition(real, { type: 'SKIP_PRACTICE' })).toBe(real);
  });

  it('a resumed interview has none', () => {
    expect(turnOf(preparing())).toEqual({ phase: 'preparing', index: 0 });
    expect(preparing().practice).toBeNull();
  });
});

describe('one retake of an answer (issue 32)', () => {
  it('after an answer, until the next answer opens, the candidate may redo it: the interviewer opens it again', () => {
    const state = thinking();
    expect(canRedoAnswer(state)).toBe(true);
    const redo = transition(state, { type: 'RETAKE' });
    expect(turnOf(redo)).toEqual({ phase: 'speaking', index: 0, text: 'Tell me about you, Ada.', isFollowUp: false, retake: true });
    expect(redo.retakable).toBeNull();
  });

  it('works while the next question is prepared or said, and counts the question as open again', () => {
    const nextPrepared = transition(thinking(), { type: 'QUESTION_DONE' });
    expect(nextPrepared).toMatchObject({ answered: 1, step: { turn: { phase: 'preparing', index: 1 } } });
    const nextSaid = transition(nextPrepared, { type: 'QUESTION_READY', text: 'Second?' });
    for (const state of [nextPrepared, nextSaid]) {
      expect(transition(state, { type: 'RETAKE' })).toMatchObject({ answered: 0, step: { turn: { phase: 'speaking', index: 0, retake: true } } });
    }
    // The retake's answer may get its follow-up, but cannot be redone again.
    const again = run(nextSaid, { type: 'RETAKE' }, { type: 'SPOKEN' }, { type: 'END_RESPONSE', answer: 'Better.' });
    expect(turnOf(again)).toMatchObject({ phase: 'thinking', retake: true, isFollowUp: false });
    expect(canRedoAnswer(again)).toBe(false);
    expect(transition(again, { type: 'FOLLOW_UP', text: 'Why?' })).toMatchObject({ step: { turn: { phase: 'speaking', isFollowUp: true } } });
  });

  it('closes when the next answer opens, when its time is up, or on an error', () => {
    const nextOpen = run(thinking(), { type: 'QUESTION_DONE' }, { type: 'QUESTION_READY', text: 'Second?' }, { type: 'SPOKEN' });
    expect(canRedoAnswer(nextOpen)).toBe(false);
    expect(transition(nextOpen, { type: 'RETAKE' })).toBe(nextOpen);
    expect(canRedoAnswer(transition(thinking(), { type: 'RETAKE_CLOSED' }))).toBe(false);
    expect(transition(thinking(), failed('interview')).retakable).toBeNull();
  });

  it('is not offered once the interview is handed in', () => {
    const handedIn = transition(thinking(1), { type: 'QUESTION_DONE' });
    expect(handedIn.step).toEqual({ status: 'submitting' });
    expect(transition(handedIn, { type: 'RETAKE' })).toBe(handedIn);
  });
});

describe('answers the server transcribes (decision 056)', () => {
  const withServer: StartInterviewResult = { ...session, answerTranscription: true };
  /** A browser that cannot listen (canListen false) on a server that transcribes, the first line just said. */
  const serverListening = (canListen = false) =>
    run(fresh(2, canListen), { type: 'START', canRecord: true }, { type: 'STARTED', session: withServer, answered: 0 }, { type: 'RECORDING' }, { type: 'QUESTION_READY', text: 'Tell me about you, Ada.' }, { type: 'SPOKEN' });
  const transcribing = () => transition(serverListening(), { type: 'ANSWER_AUDIO_ENDED' });

  it('without a recogniser the answer is spoken, not typed, when the server transcribes', () => {
    const state = serverListening();
    expect(turnOf(state)?.phase).toBe('listening');
    expect(answersToServer(state)).toBe(true);
    expect(isTypingAnswers(state)).toBe(false);
    expect(canAnswerAloud(state)).toBe(true);
    expect(isAnswering(state)).toBe(true);
    // Without server transcription, typing as before.
    const typing = run(speaking(2, false), { type: 'SPOKEN' });
    expect(turnOf(typing)?.phase).toBe('typing');
    expect(isTypingAnswers(typing)).toBe(true);
    expect(canAnswerAloud(typing)).toBe(false);
    expect(transition(typing, { type: 'ANSWER_AUDIO_ENDED' })).toBe(typing);
  });

  it("the browser's own recogniser comes first: the server is not asked", () => {
    const state = serverListening(true);
    expect(turnOf(state)?.phase).toBe('listening');
    expect(answersToServer(state)).toBe(false);
    expect(transition(state, { type: 'ANSWER_AUDIO_ENDED' })).toBe(state);
    // A recogniser that fails mid-answer hands the rest of it to the server, without leaving the answer.
    const failed = transition(state, { type: 'VOICE_UNAVAILABLE' });
    expect(failed.step).toBe(state.step);
    expect(answersToServer(failed)).toBe(true);
  });

  it('the candidate may still choose typing', () => {
    const state = transition(serverListening(), { type: 'PREFER_TYPING', value: true });
    expect(turnOf(state)?.phase).toBe('typing');
    expect(answersToServer(state)).toBe(false);
    expect(transition(state, { type: 'ANSWER_AUDIO_ENDED' })).toBe(state);
    expect(turnOf(transition(state, { type: 'PREFER_TYPING', value: false }))?.phase).toBe('listening');
  });

  it('the end of the answer waits for its words; they end it as a recognised answer does', () => {
    const state = transcribing();
    expect(turnOf(state)).toEqual({ phase: 'transcribing', index: 0, text: 'Tell me about you, Ada.', isFollowUp: false });
    expect(phaseOf(state)).toBe('transcribing');
    // Not answering any more: End Response and Space do nothing while the words are on their way.
    expect(isAnswering(state)).toBe(false);
    expect(isTypingAnswers(state)).toBe(false);
    const done = transition(state, { type: 'TRANSCRIBED', text: 'I build things.' });
    expect(turnOf(done)).toEqual({ phase: 'thinking', index: 0, text: 'Tell me about you, Ada.', isFollowUp: false, answer: 'I build things.' });
    expect(canRedoAnswer(done)).toBe(true);
    // No speech: an empty answer goes on as a silent recognised one does.
    expect(turnOf(transition(state, { type: 'TRANSCRIBED', text: '' }))).toMatchObject({ phase: 'thinking', answer: '' });
  });

  it('a failed transcription falls back to typing for that answer, with why; the next answer is spoken again', () => {
    const state = transition(transcribing(), { type: 'TRANSCRIPTION_FAILED', message: 'Could not transcribe.' });
    expect(turnOf(state)).toEqual({ phase: 'typing', index: 0, text: 'Tell me about you, Ada.', isFollowUp: false });
    expect(state.transcriptionFailed).toBe('Could not transcribe.');
    expect(isTypingAnswers(state)).toBe(true);
    expect(answersToServer(state)).toBe(false);
    // Unticking "type" does not bring back the voice that just failed.
    expect(turnOf(transition(state, { type: 'PREFER_TYPING', value: false }))?.phase).toBe('typing');
    const typed = run(state, { type: 'TYPE', text: 'I build things.' }, { type: 'END_RESPONSE', answer: 'I build things.' });
    expect(turnOf(typed)).toMatchObject({ phase: 'thinking', answer: 'I build things.' });
    const next = run(typed, { type: 'FOLLOW_UP', text: 'What did you learn?' }, { type: 'SPOKEN' });
    expect(turnOf(next)?.phase).toBe('listening');
    expect(next.transcriptionFailed).toBeNull();
    expect(answersToServer(next)).toBe(true);
  });

  it('transcribing ignores the events of the other phases, and late words are dropped once it is left', () => {
    expectOnly(transcribing(), ['TRANSCRIBED', 'TRANSCRIPTION_FAILED', 'FAILED:interview', 'FAILED:media']);
    expectOnly(serverListening(), ['END_RESPONSE', 'ANSWER_AUDIO_ENDED', 'FAILED:interview', 'FAILED:media']);
    const lost = transition(transcribing(), failed('media', MEDIA_ERROR));
    expect(transition(lost, { type: 'TRANSCRIBED', text: 'late' })).toBe(lost);
  });
});
