import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useEffectEvent, useReducer, useRef, useState } from 'react';
import type { StartInterviewResult } from '@/contracts/candidate-room';
import type { CandidateInterview } from '@/contracts/interviews';
import type { CandidateJob } from '@/contracts/jobs';
import type { InterviewRecorder } from '@/client/features/candidate-room/recording/types';
import { RecorderError, useInterviewRecorder } from '@/client/features/candidate-room/recording/use-interview-recorder';
import { useSpeechRecognition } from '@/client/hooks/use-speech-recognition';
import { useSpeechSynthesis } from '@/client/hooks/use-speech-synthesis';
import { abortableWait } from '@/client/lib/abortable-wait';
import { ApiError } from '@/client/lib/api';
import { describeError, errorCode, isConflict } from '@/client/lib/error-messages';
import { completeInterview } from '../api/complete-interview';
import { candidateInterviewQuery } from '../api/get-candidate-interview';
import { requestFollowUp } from '../api/request-follow-up';
import { sendHeartbeat } from '../api/send-heartbeat';
import { fetchSpeech, rewordQuestion } from '../api/speech';
import { reportStartProblem } from '../api/report-start-problem';
import { startInterview } from '../api/start-interview';
import {
  answersToServer,
  canAnswerAloud,
  canRedoAnswer,
  canSkipPractice,
  currentQuestion,
  initialState,
  isAnswering,
  isTypingAnswers,
  MEDIA_ERROR,
  phaseOf,
  RETAKE_LINE,
  transition,
  UNSUPPORTED_BROWSER,
  viewOf,
} from '../state/interview-machine';
import type { CurrentQuestion, FlowError, FlowView, InterviewEvent, Step, Turn, TurnPhase } from '../state/interview-machine';
import { hasMediaRecorder, isUnsupportedBrowserError } from '../utils/browser-support';
import { personalise } from '../utils/personalise';
import { clearProgress, loadProgress } from '../utils/progress-store';
import { RETAKE_WINDOW_MS, retakeWindowMs } from '../utils/retake-window';
import { AI_SPEAKER, resumePoint } from '../utils/resume';
import { useAnswerEnding, type AnswerEnding } from './use-answer-ending';
import { TRANSCRIPTION_FAILED, useAnswerTranscription } from './use-answer-transcription';
import { useTimedTranscript } from './use-timed-transcript';
import { useTranscript } from './use-transcript';

export { MEDIA_ERROR, RETAKE_WINDOW_MS, UNSUPPORTED_BROWSER };
export type { CurrentQuestion, FlowError, FlowErrorKind, FlowView, TurnPhase } from '../state/interview-machine';
export const SUBMIT_FAILED = 'Failed to submit recording';
export const PROCESS_FAILED = 'Failed to process recording';
const START_FAILED = 'We could not start your interview. Please check your connection and try again.';
const INTERVIEW_FAILED = 'Something went wrong during the interview. Your answers so far are saved.';
const HEARTBEAT_INTERVAL_MS = 30_000;
/** What the interviewer says before the first question when the candidate answered the practice question. */
const AFTER_PRACTICE = 'Thank you, that was the practice. Here is the first question.';

export interface InterviewFlow {
  view: FlowView;
  error: FlowError | null;
  /** The server said the interview had already been submitted when the candidate pressed start. */
  alreadySubmitted: boolean;
  recorder: InterviewRecorder;
  video: boolean;
  transcript: ReturnType<typeof useTranscript>['entries'];
  current: CurrentQuestion | null;
  totalQuestions: number;
  phase: TurnPhase;
  isSpeaking: boolean;
  interim: string;
  /** Typing instead of speaking: the candidate's choice, or the browser cannot listen. */
  isTyping: boolean;
  /** The browser can listen: speech recognition exists and was not refused. */
  canSpeak: boolean;
  preferTyping: boolean;
  setPreferTyping: (value: boolean) => void;
  typedAnswer: string;
  setTypedAnswer: (value: string) => void;
  canEndResponse: boolean;
  /** Answers by voice end after a pause (issue 32): offered when the job allows it and the detector runs. */
  autoEnd: { offered: boolean; on: boolean; set: (value: boolean) => void; unavailable: string | null };
  /** Silent mid-answer, with automatic ending on: how far the wait has gone. */
  pause: AnswerEnding['pause'];
  /** Silent since the question for the thinking time: one gentle line shows. */
  thinkingPrompt: boolean;
  /** The practice question is running: the candidate may skip it. */
  practice: { running: boolean; skip: () => void };
  /** The answer just given may be redone once, for `RETAKE_WINDOW_MS` after it ended. */
  retake: { open: boolean; redo: () => void };
  /** The server could not transcribe the spoken answer: why the candidate now types it (decision 056). */
  transcriptionFailed: string | null;
  start: () => void;
  endResponse: () => void;
  retry: () => void;
}

interface Options {
  interviewId: number;
  token: string;
  interview: CandidateInterview;
  job: CandidateJob;
}

/** What to tell the candidate about a failed call: the server's own `error` text (our API's, or a refused upload's), else `fallback`. */
function errorMessage(err: unknown, fallback: string): string {
  return describeError(err, { fallback, offline: fallback });
}

type Send = (event: InterviewEvent) => void;

/**
 * The candidate's interview: the state machine of `state/interview-machine.ts`, and the side
 * effects each of its steps asks for (the API calls, speech, recognition, the recorder, the
 * heartbeat), whose outcomes go back to it as events.
 */
export function useInterviewFlow({ interviewId, token, interview, job }: Options): InterviewFlow {
  const name = interview.candidateName;
  const transcript = useTranscript(interviewId, token);
  const speech = useSpeechSynthesis({ fetchAudio: (text, signal) => fetchSpeech(token, text, signal), readingPause: true });

  const timed = useTimedTranscript(transcript);
  // Recognition runs only while the machine is in 'listening' (the effect below stops it on leaving),
  // so a restart is always wanted: it never hears the interviewer.
  const recognition = useSpeechRecognition({ onFinal: timed.addWords, canRestart: () => true });

  const [state, dispatch] = useReducer(transition, { total: job.questions.length, canListen: recognition.isSupported }, initialState);
  const { step, session } = state;

  // Declared before the step effect below, so the recorder's own effect has taken the start's
  // answer (upload endpoint, audio or video) by the time 'opening_media' starts it.
  const video = session?.videoRecording ?? job.videoRecording;
  const recorder = useInterviewRecorder({ interviewId, token, video, uploadEndpoint: session?.uploadEndpoint ?? '' });
  const queryClient = useQueryClient();

  // Automatic ending: the job's setting, which the candidate may turn off for themselves.
  const [candidateAutoEnd, setCandidateAutoEnd] = useState(true);
  /** When the window to redo the answer just given closes (performance.now()). */
  const retakeClosesAt = useRef(0);
  const isListening = step.status === 'in_progress' && step.turn.phase === 'listening';
  const ending = useAnswerEnding({
    stream: step.status === 'in_progress' ? recorder.stream : null,
    listening: isListening,
    autoEnd: job.answering.autoEnd && candidateAutoEnd,
    answering: job.answering,
    onEnd: () => endResponse(),
  });
  // Where the browser cannot listen, the server writes each spoken answer down (decision 056).
  const voice = useAnswerTranscription({ interviewId, token, stream: step.status === 'in_progress' ? recorder.stream : null, recording: answersToServer(state) });

  const startSession = async (send: Send) => {
    let result: StartInterviewResult;
    try {
      result = await startInterview(interviewId, token);
    } catch (err) {
      if (isConflict(err)) send({ type: 'ALREADY_SUBMITTED' });
      else send({ type: 'FAILED', error: { kind: 'start', message: errorMessage(err, START_FAILED) } });
      // The link expired or the position closed while the page was open (decision 030): reading the
      // interview again replaces the room with the page that says so and whom to contact.
      if (errorCode(err) === 'LINK_NO_LONGER_VALID') void queryClient.invalidateQueries({ queryKey: candidateInterviewQuery(interviewId, token).queryKey });
      return;
    }
    const point = resumePoint(result.transcript, loadProgress(interviewId, token), job.questions, name);
    transcript.replace(point.transcript);
    transcript.setAnswered(point.answered);
    timed.setClock(point.clockBaseMs);
    if (point.transcript.length > result.transcript.length) transcript.saveRemote();
    // A fresh interview opens with the practice question; a resumed one goes on where it was.
    send({ type: 'STARTED', session: result, answered: point.answered, practice: point.transcript.length === 0 });
  };

  const openMedia = async (send: Send) => {
    try {
      await recorder.start();
    } catch (err) {
      const unsupported = isUnsupportedBrowserError(err);
      send({ type: 'FAILED', error: unsupported ? { kind: 'unsupported', message: UNSUPPORTED_BROWSER } : { kind: 'media', message: MEDIA_ERROR } });
      // Only before the first line: the recruiter learns why the interview never got going, not of a camera lost mid-way.
      if (transcript.current().length === 0) {
        void reportStartProblem(interviewId, token, unsupported ? { reason: 'cannot_record' } : { reason: 'media_unavailable', code: err instanceof RecorderError ? err.code : 'recorder_error' });
      }
      return;
    }
    timed.startClock();
    send({ type: 'RECORDING' });
  };

  /** The question as the interviewer asks it: after the first, bridged from the last answer (the plain question when that fails). */
  const questionText = async (index: number, signal: AbortSignal) => {
    const raw = job.questions[index] ?? '';
    const question = personalise(raw, name);
    if (index === 0) return state.practice === 'answered' ? `${AFTER_PRACTICE} ${question}` : question;
    try {
      return personalise(await rewordQuestion(token, timed.lastAnswer(), raw, signal), name).trim() || question;
    } catch {
      return question;
    }
  };

  /** The interviewer's line: into the transcript, said, and then the candidate's answer is open. */
  const say = async (turn: Extract<Turn, { phase: 'speaking' }>, signal: AbortSignal, send: Send) => {
    if (turn.retake) {
      // The candidate redoes their last answer: it is set aside, the line that followed it is gone, and the question is open again.
      timed.redoLastAnswer();
      transcript.setAnswered(Math.min(transcript.answered(), turn.index));
    }
    const text = turn.retake ? RETAKE_LINE : turn.text;
    // The interviewer never starts while the candidate is still making a sound (a few seconds at most).
    await ending.whenQuiet(3000);
    if (signal.aborted) return;
    const entry = timed.addLine(text, { ...(turn.practice && { practice: true }), ...(turn.retake && { retake: true }) });
    transcript.saveRemote();
    await speech.speak(text, signal);
    if (signal.aborted) return;
    timed.endLine(entry);
    send({ type: 'SPOKEN' });
  };

  /**
   * A practice question skipped before the candidate said anything leaves nothing in the
   * transcript. Done once its step has been left, so a line still being added cannot outlive it.
   */
  const dropSkippedPractice = () => {
    const entries = transcript.current();
    if (!entries.some((e) => e.practice) || entries.some((e) => e.practice && e.speaker !== AI_SPEAKER)) return;
    transcript.replace(entries.filter((e) => !e.practice));
    transcript.saveRemote();
  };

  /** After an answer: one follow-up to a question's first answer if the AI asks for one, else the question is done. */
  const decide = async (turn: Extract<Turn, { phase: 'thinking' }>, signal: AbortSignal, send: Send) => {
    if (turn.practice) {
      send({ type: 'QUESTION_DONE' });
      return;
    }
    let followUp: string | null = null;
    if (!turn.isFollowUp) {
      try {
        followUp = await requestFollowUp(interviewId, token, personalise(job.questions[turn.index] ?? '', name), turn.answer);
      } catch {
        followUp = null;
      }
    }
    if (signal.aborted) return;
    if (followUp) {
      send({ type: 'FOLLOW_UP', text: personalise(followUp, name) });
      return;
    }
    // After the last answer the interview is handed in: not before the candidate could redo it.
    if (turn.index + 1 >= job.questions.length) await abortableWait(retakeClosesAt.current - performance.now(), signal);
    if (signal.aborted) return;
    transcript.setAnswered(turn.index + 1);
    send({ type: 'QUESTION_DONE' });
  };

  /** The spoken answer's words from the server end it as the recogniser's would; without them, the candidate types it. */
  const transcribe = async (signal: AbortSignal, send: Send) => {
    let heard: { text: string; endMs: number };
    try {
      heard = await voice.transcribe(signal);
    } catch {
      send({ type: 'TRANSCRIPTION_FAILED', message: TRANSCRIPTION_FAILED });
      return;
    }
    if (signal.aborted) return;
    // An answer with no speech closes as one the recogniser heard nothing of: no empty entry.
    const answer = timed.endAnswer(heard.text, heard.endMs) ?? '';
    transcript.saveRemote();
    retakeClosesAt.current = performance.now() + retakeWindowMs();
    send({ type: 'TRANSCRIBED', text: answer });
  };

  const submit = async (send: Send) => {
    let ids = state.uploadIds;
    try {
      if (!ids) {
        ids = await recorder.finish();
        send({ type: 'UPLOADED', uploadIds: ids });
      }
    } catch (err) {
      send({ type: 'FAILED', error: { kind: 'submit', message: errorMessage(err, SUBMIT_FAILED) } });
      return;
    }
    try {
      await completeInterview(interviewId, token, { uploadIds: ids, transcript: transcript.current() });
    } catch (err) {
      // 409: an earlier attempt went through and only its answer was lost.
      if (!isConflict(err)) {
        send({ type: 'FAILED', error: { kind: 'submit', message: err instanceof ApiError ? errorMessage(err, SUBMIT_FAILED) : PROCESS_FAILED } });
        return;
      }
    }
    clearProgress(interviewId, token);
    recorder.release();
    send({ type: 'SUBMITTED' });
  };

  /** Runs what the step just entered asks for; its outcome is dropped once the step has been left (`signal`). */
  const enter = useEffectEvent(async (entered: Step, signal: AbortSignal) => {
    const send: Send = (event) => {
      if (!signal.aborted) dispatch(event);
    };
    if (entered.status === 'starting') await startSession(send);
    else if (entered.status === 'opening_media') await openMedia(send);
    else if (entered.status === 'submitting') await submit(send);
    else if (entered.status === 'in_progress') {
      const { turn } = entered;
      try {
        if (turn.phase === 'preparing') {
          if (state.practice === 'skipped') dropSkippedPractice();
          send({ type: 'QUESTION_READY', text: await questionText(turn.index, signal) });
        }
        else if (turn.phase === 'speaking') await say(turn, signal, send);
        else if (turn.phase === 'thinking') await decide(turn, signal, send);
        else if (turn.phase === 'transcribing') await transcribe(signal, send);
        // listening, typing: the candidate ends the answer (endResponse).
      } catch {
        send({ type: 'FAILED', error: { kind: 'interview', message: INTERVIEW_FAILED } });
      }
    }
  });
  useEffect(() => {
    const controller = new AbortController();
    void enter(step, controller.signal);
    return () => controller.abort();
  }, [step]);

  // The recogniser listens exactly while the machine is in 'listening'; words still pending when
  // it stops (typing chosen, the recording lost) join the answer.
  const onListeningChange = useEffectEvent((on: boolean) => {
    if (on) recognition.start();
    else timed.addWords(recognition.stop());
  });
  useEffect(() => {
    if (!isListening) return;
    onListeningChange(true);
    return () => onListeningChange(false);
  }, [isListening]);

  const voiceFailed = recognition.failure !== null;
  useEffect(() => {
    if (voiceFailed) dispatch({ type: 'VOICE_UNAVAILABLE' });
  }, [voiceFailed]);

  // A camera or microphone lost mid-interview (the recorder stopped with an error) stops the
  // questions until the candidate fixes it.
  const mediaLost = step.status === 'in_progress' && recorder.error !== null && recorder.status !== 'recording';
  const onMediaLost = useEffectEvent(() => {
    timed.stopClock();
    dispatch({ type: 'FAILED', error: { kind: 'media', message: MEDIA_ERROR } });
  });
  useEffect(() => {
    if (mediaLost) onMediaLost();
  }, [mediaLost]);

  // While the interview runs, tell the server every 30 s that the candidate is still there.
  const isLive = step.status === 'starting' || step.status === 'opening_media' || step.status === 'in_progress' || step.status === 'submitting';
  const hasSession = session !== null;
  useEffect(() => {
    if (!isLive || !hasSession) return;
    const timer = setInterval(() => {
      sendHeartbeat(interviewId, token).catch(() => undefined);
    }, HEARTBEAT_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [isLive, hasSession, interviewId, token]);

  const endResponse = () => {
    if (!isAnswering(state)) return;
    if (answersToServer(state)) {
      voice.end(timed.clockMs());
      dispatch({ type: 'ANSWER_AUDIO_ENDED' });
      return;
    }
    timed.addWords(recognition.stop());
    const answer = timed.endAnswer(state.typedAnswer);
    if (answer === null) return;
    transcript.saveRemote();
    retakeClosesAt.current = performance.now() + retakeWindowMs();
    dispatch({ type: 'END_RESPONSE', answer });
  };

  const skipPractice = () => {
    if (!canSkipPractice(state)) return;
    // An answer begun keeps what was said or typed, as practice.
    if (isAnswering(state)) {
      timed.addWords(recognition.stop());
      timed.endAnswer(state.typedAnswer);
      transcript.saveRemote();
    }
    dispatch({ type: 'SKIP_PRACTICE' });
  };

  // The window to redo an answer closes after RETAKE_WINDOW_MS (or sooner, when the next answer opens).
  const retakeOpen = state.retakable !== null;
  useEffect(() => {
    if (!retakeOpen) return;
    const timer = setTimeout(() => dispatch({ type: 'RETAKE_CLOSED' }), Math.max(0, retakeClosesAt.current - performance.now()));
    return () => clearTimeout(timer);
  }, [retakeOpen]);

  const phase = phaseOf(state);
  return {
    view: viewOf(state),
    error: step.status === 'error' ? step.error : null,
    alreadySubmitted: step.status === 'completed' && step.alreadySubmitted,
    recorder,
    video,
    transcript: transcript.entries,
    current: currentQuestion(state),
    totalQuestions: state.total,
    phase,
    isSpeaking: speech.isSpeaking || phase === 'speaking',
    interim: recognition.interim,
    isTyping: isTypingAnswers(state),
    canSpeak: canAnswerAloud(state),
    preferTyping: state.preferTyping,
    setPreferTyping: (value) => dispatch({ type: 'PREFER_TYPING', value }),
    typedAnswer: state.typedAnswer,
    setTypedAnswer: (text) => dispatch({ type: 'TYPE', text }),
    canEndResponse: isAnswering(state),
    autoEnd: { offered: job.answering.autoEnd && ending.ready && !isTypingAnswers(state), on: candidateAutoEnd, set: setCandidateAutoEnd, unavailable: job.answering.autoEnd ? ending.unavailable : null },
    pause: ending.pause,
    thinkingPrompt: ending.prompt,
    practice: { running: canSkipPractice(state), skip: skipPractice },
    retake: { open: canRedoAnswer(state), redo: () => dispatch({ type: 'RETAKE' }) },
    transcriptionFailed: state.transcriptionFailed,
    start: () => dispatch({ type: 'START', canRecord: hasMediaRecorder() }),
    endResponse,
    retry: () => dispatch({ type: 'RETRY', canRecord: hasMediaRecorder() }),
  };
}
