import type { StartInterviewResult } from '@/contracts/candidate-room';

/*
 * The candidate room's flow as a state machine (decision 019). `transition(state, event)` is the
 * only way the state changes, and it is pure: no React, no browser, no clock, so every step can be
 * tested on its own. `hooks/use-interview-flow.ts` runs the side effects each step asks for (the
 * API calls, speech, the recorder) and reports what came of them as events. An event that does not
 * belong to the current step is ignored: the state is returned unchanged.
 */

export const MEDIA_ERROR = 'Failed to access camera or microphone. Please check your permissions.';
export const UNSUPPORTED_BROWSER = 'Unsupported Browser';
/** The practice question (issue 32): the candidate hears the voice, sees their words and ends an answer; never scored. */
export const PRACTICE_QUESTION = 'Before we begin, a practice question that is not scored: tell us what you had for breakfast.';
/** What the interviewer says when the candidate redoes an answer. */
export const RETAKE_LINE = 'Of course. Answer again whenever you are ready.';

export type FlowErrorKind = 'start' | 'media' | 'unsupported' | 'interview' | 'submit';
export interface FlowError {
  kind: FlowErrorKind;
  message: string;
}

/** One line of the interviewer's: the question (reworded after the first) or its follow-up. */
interface Line {
  /** 0-based index of the job's question. */
  index: number;
  /** What the interviewer says. */
  text: string;
  isFollowUp: boolean;
  /** The practice question before the first real one: never scored. */
  practice?: boolean;
  /** The candidate redoes their answer to this line; the interviewer says `RETAKE_LINE` instead of `text`. */
  retake?: boolean;
}

/** Within the interview: one question, from preparing it to deciding what comes after its answer. */
export type Turn =
  /** Getting question `index` ready: reworded from the last answer, except the first. */
  | { phase: 'preparing'; index: number }
  /** The interviewer says the line (added to the transcript). */
  | ({ phase: 'speaking' } & Line)
  /** The candidate answers by voice: the recogniser listens. */
  | ({ phase: 'listening' } & Line)
  /** The candidate answers by typing (their choice, or the browser cannot listen). */
  | ({ phase: 'typing' } & Line)
  /** The answer spoken where the browser cannot listen is with the server, to be written down (decision 056). */
  | ({ phase: 'transcribing' } & Line)
  /** The answer is in: a follow-up (at most one per question), else the next question. */
  | ({ phase: 'thinking'; answer: string } & Line);

/** Where the interview is. Every step entered is a new object, so the hook's effects can key on it. */
export type Step =
  | { status: 'ready' }
  /** Asking the server to start (or resume) the interview. */
  | { status: 'starting' }
  /** Starting the recording: camera and microphone, then the recorder. */
  | { status: 'opening_media' }
  | { status: 'in_progress'; turn: Turn }
  /** Finishing the upload, then handing in the transcript. */
  | { status: 'submitting' }
  | { status: 'completed'; alreadySubmitted: boolean }
  /** 'Try Again' returns to the step that failed (see `retry`). */
  | { status: 'error'; error: FlowError };

export interface InterviewState {
  step: Step;
  /** How many questions the job has. */
  total: number;
  /** Questions fully answered (with their follow-up): the next one to ask. */
  answered: number;
  /** The server's answer to the start: the upload's endpoint, audio or video. */
  session: StartInterviewResult | null;
  /** The finished upload, kept so a retried submit does not finish the recorder twice. */
  uploadIds: string[] | null;
  /** The candidate chose to type rather than speak. */
  preferTyping: boolean;
  /** The browser can listen: a recogniser exists and has not failed. */
  canListen: boolean;
  /** The answer box. */
  typedAnswer: string;
  /**
   * The practice question: 'pending' until the recording starts on a fresh interview (null when
   * none is offered: a resumed one), 'asked' while it runs, then how it ended.
   */
  practice: 'pending' | 'asked' | 'answered' | 'skipped' | null;
  /** The answer just given, which the candidate may redo once, until the window closes or the next answer opens. */
  retakable: Line | null;
  /** The server could not transcribe this answer: why, shown while the candidate types it instead (until the next line is said). */
  transcriptionFailed: string | null;
}

export type InterviewEvent =
  // the candidate
  | { type: 'START'; canRecord: boolean }
  | { type: 'RETRY'; canRecord: boolean }
  | { type: 'PREFER_TYPING'; value: boolean }
  | { type: 'TYPE'; text: string }
  | { type: 'END_RESPONSE'; answer: string }
  | { type: 'SKIP_PRACTICE' }
  | { type: 'RETAKE' }
  | { type: 'RETAKE_CLOSED' }
  // the browser
  | { type: 'VOICE_UNAVAILABLE' }
  /** The candidate ended an answer the server is to transcribe (End Response, Space, or a pause). */
  | { type: 'ANSWER_AUDIO_ENDED' }
  | { type: 'TRANSCRIBED'; text: string }
  | { type: 'TRANSCRIPTION_FAILED'; message: string }
  // the effects' outcomes
  /** `practice`: a fresh interview, which starts with the practice question. */
  | { type: 'STARTED'; session: StartInterviewResult; answered: number; practice?: boolean }
  | { type: 'ALREADY_SUBMITTED' }
  | { type: 'RECORDING' }
  | { type: 'QUESTION_READY'; text: string }
  | { type: 'SPOKEN' }
  | { type: 'FOLLOW_UP'; text: string }
  | { type: 'QUESTION_DONE' }
  | { type: 'UPLOADED'; uploadIds: string[] }
  | { type: 'SUBMITTED' }
  | { type: 'FAILED'; error: FlowError };

export function initialState({ total, canListen }: { total: number; canListen: boolean }): InterviewState {
  return { step: { status: 'ready' }, total, answered: 0, session: null, uploadIds: null, preferTyping: false, canListen, typedAnswer: '', practice: null, retakable: null, transcriptionFailed: null };
}

/** The steps in which each kind of error can happen: a failure reported anywhere else is stale and ignored. */
const FAILS_IN: Record<FlowErrorKind, Step['status'][]> = {
  start: ['starting'],
  unsupported: ['opening_media'],
  // The camera or microphone refused, or was lost mid-interview.
  media: ['opening_media', 'in_progress'],
  interview: ['in_progress'],
  submit: ['submitting'],
};

const at = (state: InterviewState, step: Step): InterviewState => ({ ...state, step });
const inTurn = (state: InterviewState, turn: Turn): InterviewState => at(state, { status: 'in_progress', turn });
const unsupported = (state: InterviewState) => at(state, { status: 'error', error: { kind: 'unsupported', message: UNSUPPORTED_BROWSER } });

/** After `answered` questions: the next question, or the submit once every question is answered. */
const next = (state: InterviewState, answered: number): InterviewState =>
  answered < state.total ? inTurn({ ...state, answered }, { phase: 'preparing', index: answered }) : at({ ...state, answered }, { status: 'submitting' });

/** The practice question is running: the candidate may skip it. */
const inPractice = (turn: Turn | null) => turn !== null && turn.phase !== 'preparing' && turn.practice === true;

/** After the recording starts: the practice question on a fresh interview, else the next question. */
const afterRecording = (state: InterviewState): InterviewState =>
  state.practice === 'pending'
    ? inTurn({ ...state, practice: 'asked' }, { phase: 'speaking', index: 0, text: PRACTICE_QUESTION, isFollowUp: false, practice: true })
    : next(state, state.answered);

/** The answer may be redone now: after it ended, before the next answer opens, and not once the interview is handed in. */
const canRetake = (state: InterviewState, turn: Turn | null) => state.retakable !== null && (turn?.phase === 'thinking' || turn?.phase === 'preparing' || turn?.phase === 'speaking');

/** The browser cannot listen, but the server transcribes each spoken answer (decision 056); not for an answer it just failed. */
const serverListens = (state: InterviewState) => !state.canListen && state.session?.answerTranscription === true && !state.transcriptionFailed;

/** How the candidate answers the line just spoken. */
const answerPhase = (state: InterviewState): 'listening' | 'typing' => ((state.canListen || serverListens(state)) && !state.preferTyping ? 'listening' : 'typing');

/** While the candidate answers, a change of mind (or a recogniser that fails) switches between speaking and typing. */
function answerAgain(state: InterviewState, turn: Turn | null): InterviewState {
  if (turn?.phase !== 'listening' && turn?.phase !== 'typing') return state;
  const phase = answerPhase(state);
  return phase === turn.phase ? state : inTurn(state, { ...turn, phase });
}

const begin = (state: InterviewState, canRecord: boolean) => (canRecord ? at(state, { status: 'starting' }) : unsupported(state));

/** 'Try Again': back to the step that failed. */
function retry(state: InterviewState, error: FlowError, canRecord: boolean): InterviewState {
  switch (error.kind) {
    case 'start':
      return begin(state, canRecord);
    case 'media':
    case 'unsupported':
      if (!canRecord) return unsupported(state);
      // Without a started interview there is no recording to return to: start from the beginning.
      return state.session ? at(state, { status: 'opening_media' }) : at(state, { status: 'ready' });
    case 'interview':
      return next(state, state.answered);
    case 'submit':
      return at(state, { status: 'submitting' });
  }
}

/** The state after `event`; the same object when the event does not apply. */
export function transition(state: InterviewState, event: InterviewEvent): InterviewState {
  const { step } = state;
  const turn = step.status === 'in_progress' ? step.turn : null;
  switch (event.type) {
    case 'START':
      if (step.status === 'ready' || (step.status === 'error' && step.error.kind === 'start')) return begin(state, event.canRecord);
      return state;
    case 'ALREADY_SUBMITTED':
      return step.status === 'starting' ? at(state, { status: 'completed', alreadySubmitted: true }) : state;
    case 'STARTED':
      if (step.status !== 'starting') return state;
      return at({ ...state, session: event.session, answered: event.answered, practice: event.practice ? 'pending' : null }, { status: 'opening_media' });
    case 'RECORDING':
      return step.status === 'opening_media' ? afterRecording(state) : state;
    case 'QUESTION_READY':
      return turn?.phase === 'preparing' ? inTurn(state, { phase: 'speaking', index: turn.index, text: event.text, isFollowUp: false }) : state;
    case 'SPOKEN': {
      // The next answer opens: the last one can no longer be redone.
      if (turn?.phase !== 'speaking') return state;
      // An answer whose transcription failed is behind the candidate: this one may be spoken again.
      const opened = state.transcriptionFailed ? { ...state, transcriptionFailed: null } : state;
      return inTurn({ ...opened, retakable: null }, { ...turn, phase: answerPhase(opened) });
    }
    case 'PREFER_TYPING':
      return answerAgain({ ...state, preferTyping: event.value }, turn);
    case 'VOICE_UNAVAILABLE':
      return state.canListen ? answerAgain({ ...state, canListen: false }, turn) : state;
    case 'TYPE':
      return { ...state, typedAnswer: event.text };
    case 'END_RESPONSE': {
      if (turn?.phase !== 'listening' && turn?.phase !== 'typing') return state;
      const { phase: _phase, ...line } = turn;
      // One retake per answer, and none of the practice question.
      const retakable = line.practice || line.retake ? null : { index: line.index, text: line.text, isFollowUp: line.isFollowUp };
      return inTurn({ ...state, typedAnswer: '', retakable }, { ...line, phase: 'thinking', answer: event.answer });
    }
    case 'SKIP_PRACTICE':
      return inPractice(turn) && turn?.phase !== 'thinking' ? next({ ...state, practice: 'skipped', typedAnswer: '' }, state.answered) : state;
    case 'RETAKE': {
      const line = state.retakable;
      if (!line || !canRetake(state, turn)) return state;
      // The question is open again (a QUESTION_DONE already counted it): its answer, then its follow-up if the AI asks.
      return inTurn({ ...state, answered: Math.min(state.answered, line.index), retakable: null }, { phase: 'speaking', ...line, retake: true });
    }
    case 'ANSWER_AUDIO_ENDED':
      return turn?.phase === 'listening' && serverListens(state) ? inTurn(state, { ...turn, phase: 'transcribing' }) : state;
    case 'TRANSCRIBED':
      // The words end the answer as the recogniser's would: the same follow-up and retake.
      return turn?.phase === 'transcribing' ? transition(inTurn(state, { ...turn, phase: 'listening' }), { type: 'END_RESPONSE', answer: event.text }) : state;
    case 'TRANSCRIPTION_FAILED':
      // The answer is not lost: the candidate types it (the recording keeps what they said).
      return turn?.phase === 'transcribing' ? inTurn({ ...state, transcriptionFailed: event.message }, { ...turn, phase: 'typing' }) : state;
    case 'RETAKE_CLOSED':
      return state.retakable ? { ...state, retakable: null } : state;
    case 'FOLLOW_UP':
      // At most one follow-up per question, and none to the practice question.
      if (turn?.phase !== 'thinking' || turn.isFollowUp || turn.practice) return state;
      return inTurn(state, { phase: 'speaking', index: turn.index, text: event.text, isFollowUp: true });
    case 'QUESTION_DONE':
      if (turn?.phase !== 'thinking') return state;
      return turn.practice ? next({ ...state, practice: 'answered' }, state.answered) : next(state, turn.index + 1);
    case 'UPLOADED':
      // The step stays the same object: nothing new to run.
      return step.status === 'submitting' ? { ...state, uploadIds: event.uploadIds } : state;
    case 'SUBMITTED':
      return step.status === 'submitting' ? at(state, { status: 'completed', alreadySubmitted: false }) : state;
    case 'FAILED':
      return FAILS_IN[event.error.kind].includes(step.status) ? at({ ...state, retakable: null }, { status: 'error', error: event.error }) : state;
    case 'RETRY':
      return step.status === 'error' ? retry(state, step.error, event.canRecord) : state;
  }
}

// ---- what the screens show ----------------------------------------------------------------------

/** ready → starting → in_progress → submitting → completed; any step may end in error. */
export type FlowView = 'ready' | 'starting' | 'in_progress' | 'submitting' | 'completed' | 'error';
/** Within in_progress: fetching the next line, the interviewer speaking, the candidate answering, deciding what comes next. */
export type TurnPhase = 'preparing' | 'speaking' | 'listening' | 'transcribing' | 'thinking';
export interface CurrentQuestion {
  /** 0-based index of the job's question. */
  index: number;
  /** What the interviewer said (the reworded question or the follow-up); null while it is being prepared. */
  text: string | null;
  isFollowUp: boolean;
  practice: boolean;
}

export function viewOf({ step }: InterviewState): FlowView {
  return step.status === 'opening_media' ? 'starting' : step.status;
}

/** The turn's phase as the question card tells it: typing is the candidate's answer too. */
export function phaseOf({ step }: InterviewState): TurnPhase {
  if (step.status === 'submitting') return 'thinking';
  if (step.status !== 'in_progress') return 'preparing';
  return step.turn.phase === 'typing' ? 'listening' : step.turn.phase;
}

export function currentQuestion({ step }: InterviewState): CurrentQuestion | null {
  if (step.status !== 'in_progress') return null;
  const { turn } = step;
  return turn.phase === 'preparing'
    ? { index: turn.index, text: null, isFollowUp: false, practice: false }
    : { index: turn.index, text: turn.text, isFollowUp: turn.isFollowUp, practice: turn.practice === true };
}

/** The candidate may end their answer: the line has been said and the recording runs. */
export const isAnswering = ({ step }: InterviewState): boolean =>
  step.status === 'in_progress' && (step.turn.phase === 'listening' || step.turn.phase === 'typing');

/** The practice question runs (not yet answered): the candidate may skip it. */
export const canSkipPractice = ({ step }: InterviewState): boolean => step.status === 'in_progress' && inPractice(step.turn) && step.turn.phase !== 'thinking';

/** The answer just given may be redone (once). */
export const canRedoAnswer = (state: InterviewState): boolean => state.step.status === 'in_progress' && canRetake(state, state.step.turn);

/** The answer now is spoken for the server to transcribe: the browser cannot listen (decision 056). */
export const answersToServer = (state: InterviewState): boolean => state.step.status === 'in_progress' && state.step.turn.phase === 'listening' && !state.canListen;

/** Answers are typed: the candidate's choice, or nothing can listen (no recogniser, no server transcription, or it just failed). */
export const isTypingAnswers = (state: InterviewState): boolean => state.preferTyping || !(state.canListen || serverListens(state));

/** Spoken answers can be heard here: by the browser's recogniser, or by the server. */
export const canAnswerAloud = (state: InterviewState): boolean => state.canListen || state.session?.answerTranscription === true;
