import { useEffect, useEffectEvent, useRef, useState } from 'react';
import type { StartInterviewResult } from '@/contracts/candidate-room';
import type { CandidateInterview } from '@/contracts/interviews';
import type { CandidateJob } from '@/contracts/jobs';
import type { InterviewRecorder } from '@/client/features/candidate-room/recording/types';
import { useInterviewRecorder } from '@/client/features/candidate-room/recording/use-interview-recorder';
import { ApiError } from '@/client/lib/api';
import { completeInterview } from '../api/complete-interview';
import { requestFollowUp } from '../api/request-follow-up';
import { sendHeartbeat } from '../api/send-heartbeat';
import { rewordQuestion } from '../api/speech';
import { startInterview } from '../api/start-interview';
import { RunAborted, throwIfAborted } from '../utils/abort';
import { hasMediaRecorder, isUnsupportedBrowserError } from '../utils/browser-support';
import { personalise } from '../utils/personalise';
import { clearProgress, loadProgress } from '../utils/progress-store';
import { AI_SPEAKER, CANDIDATE_SPEAKER, resumePoint } from '../utils/resume';
import { useSpeech } from './use-speech';
import { useSpeechRecognition } from '@/client/hooks/use-speech-recognition';
import { useTranscript } from './use-transcript';

export const MEDIA_ERROR = 'Failed to access camera or microphone. Please check your permissions.';
export const UNSUPPORTED_BROWSER = 'Unsupported Browser';
export const SUBMIT_FAILED = 'Failed to submit recording';
export const PROCESS_FAILED = 'Failed to process recording';
const START_FAILED = 'We could not start your interview. Please check your connection and try again.';
const INTERVIEW_FAILED = 'Something went wrong during the interview. Your answers so far are saved.';
const HEARTBEAT_INTERVAL_MS = 30_000;

/** ready → in_progress (starting, then the questions, then submitting) → completed; any step may end in error. */
export type FlowView = 'ready' | 'starting' | 'in_progress' | 'submitting' | 'completed' | 'error';
/** Within in_progress: fetching the next line, the interviewer speaking, the candidate answering, deciding what comes next. */
export type TurnPhase = 'preparing' | 'speaking' | 'listening' | 'thinking';
export type FlowErrorKind = 'start' | 'media' | 'unsupported' | 'interview' | 'submit';
export interface FlowError {
  kind: FlowErrorKind;
  message: string;
}
export interface CurrentQuestion {
  /** 0-based index of the job's question. */
  index: number;
  /** What the interviewer said (the reworded question or the follow-up); null while it is being prepared. */
  text: string | null;
  isFollowUp: boolean;
}

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
  return err instanceof ApiError ? (err.serverMessage ?? fallback) : fallback;
}

/** The candidate's interview: start, each question spoken and answered (with at most one follow-up), then the upload. */
export function useInterviewFlow({ interviewId, token, interview, job }: Options): InterviewFlow {
  const [view, setView] = useState<FlowView>('ready');
  const [error, setError] = useState<FlowError | null>(null);
  const [alreadySubmitted, setAlreadySubmitted] = useState(false);
  const [startResult, setStartResult] = useState<StartInterviewResult | null>(null);
  const [recorderStartRequest, setRecorderStartRequest] = useState(0);
  const [current, setCurrent] = useState<CurrentQuestion | null>(null);
  const [phase, setPhaseState] = useState<TurnPhase>('preparing');
  const [preferTyping, setPreferTypingState] = useState(false);
  const [typedAnswer, setTypedAnswerState] = useState('');

  const video = startResult?.videoRecording ?? job.videoRecording;
  const recorder = useInterviewRecorder({ interviewId, token, video, uploadEndpoint: startResult?.uploadEndpoint ?? '' });
  const speech = useSpeech(token);
  const transcript = useTranscript(interviewId, token);

  const recorderRef = useRef(recorder);
  useEffect(() => {
    recorderRef.current = recorder;
  });

  const phaseRef = useRef<TurnPhase>('preparing');
  const preferTypingRef = useRef(false);
  const typedRef = useRef('');
  /** The recording clock: offsets are `baseMs` plus the time since this segment started. */
  const clock = useRef<{ baseMs: number; startedAt: number | null }>({ baseMs: 0, startedAt: null });
  /** The current answer's transcript entry, once the candidate has said or typed something. */
  const answerEntry = useRef<number | null>(null);
  const listenStartedMs = useRef(0);
  const pendingAnswer = useRef<((answer: string) => void) | null>(null);
  const run = useRef<AbortController | null>(null);
  const uploadIds = useRef<string[] | null>(null);
  const handledRecorderStart = useRef(0);

  const setPhase = (next: TurnPhase) => {
    phaseRef.current = next;
    setPhaseState(next);
  };

  const nowMs = () => {
    const { baseMs, startedAt } = clock.current;
    return Math.round(startedAt === null ? baseMs : baseMs + (performance.now() - startedAt));
  };

  /** Adds words to the current answer: one Candidate turn per answer, extended as final results come in. */
  const addCandidateWords = (words: string) => {
    const text = words.trim();
    if (!text) return;
    const index = answerEntry.current;
    const existing = index === null ? undefined : transcript.current()[index];
    if (index === null || !existing) {
      answerEntry.current = transcript.append({ speaker: CANDIDATE_SPEAKER, text, startMs: listenStartedMs.current, endMs: nowMs() });
    } else {
      transcript.update(index, { text: `${existing.text} ${text}`, endMs: nowMs() });
    }
  };

  const recognition = useSpeechRecognition({
    onFinal: addCandidateWords,
    canRestart: () => phaseRef.current === 'listening',
  });

  const isTyping = preferTyping || !recognition.isSupported || recognition.failure !== null;

  const stopRun = () => {
    run.current?.abort();
    run.current = null;
    pendingAnswer.current = null;
    recognition.stop();
    speech.cancel();
  };

  const fail = (kind: FlowErrorKind, message: string) => {
    stopRun();
    if (kind === 'media' && clock.current.startedAt !== null) {
      // The next recording segment continues the clock where this one stopped.
      clock.current = { baseMs: nowMs(), startedAt: null };
    }
    setError({ kind, message });
    setView('error');
  };

  const listen = (signal: AbortSignal) => {
    answerEntry.current = null;
    listenStartedMs.current = nowMs();
    setPhase('listening');
    if (!preferTypingRef.current) recognition.start();
    return new Promise<string>((resolve, reject) => {
      pendingAnswer.current = resolve;
      signal.addEventListener('abort', () => reject(new RunAborted()), { once: true });
    });
  };

  /** The interviewer says one line (spoken and added to the transcript), then the candidate answers it. */
  const interviewerTurn = async (text: string, signal: AbortSignal) => {
    const entry = transcript.append({ speaker: AI_SPEAKER, text, startMs: nowMs() });
    transcript.saveRemote();
    setPhase('speaking');
    await speech.speak(text, signal);
    throwIfAborted(signal);
    transcript.update(entry, { endMs: nowMs() });
    return listen(signal);
  };

  const lastCandidateAnswer = () =>
    [...transcript.current()].reverse().find((entry) => entry.speaker !== AI_SPEAKER)?.text ?? '';

  const askQuestion = async (index: number, signal: AbortSignal) => {
    const raw = job.questions[index] ?? '';
    const question = personalise(raw, interview.candidateName);
    setCurrent({ index, text: null, isFollowUp: false });
    setPhase('preparing');
    let spoken = question;
    if (index > 0) {
      try {
        spoken = personalise(await rewordQuestion(token, lastCandidateAnswer(), raw, signal), interview.candidateName).trim() || question;
      } catch {
        spoken = question;
      }
    }
    throwIfAborted(signal);
    setCurrent({ index, text: spoken, isFollowUp: false });
    const answer = await interviewerTurn(spoken, signal);

    let followUp: string | null = null;
    try {
      followUp = await requestFollowUp(interviewId, token, question, answer);
    } catch {
      followUp = null;
    }
    throwIfAborted(signal);
    if (followUp) {
      const text = personalise(followUp, interview.candidateName);
      setCurrent({ index, text, isFollowUp: true });
      await interviewerTurn(text, signal);
    }
  };

  const submit = async (signal: AbortSignal) => {
    setView('submitting');
    setPhase('thinking');
    let ids = uploadIds.current;
    try {
      ids ??= await recorderRef.current.finish();
      uploadIds.current = ids;
    } catch (err) {
      if (!signal.aborted) fail('submit', errorMessage(err, SUBMIT_FAILED));
      return;
    }
    try {
      await completeInterview(interviewId, token, { uploadIds: ids, transcript: transcript.current() });
    } catch (err) {
      // 409: an earlier attempt went through and only its answer was lost.
      if (!(err instanceof ApiError && err.status === 409)) {
        if (!signal.aborted) fail('submit', err instanceof ApiError ? errorMessage(err, SUBMIT_FAILED) : PROCESS_FAILED);
        return;
      }
    }
    clearProgress(interviewId, token);
    recorderRef.current.release();
    setView('completed');
  };

  /** Asks the remaining questions, then submits. Cancelled (quietly) by an error or a retry. */
  const runInterview = async () => {
    run.current?.abort();
    const controller = new AbortController();
    run.current = controller;
    const { signal } = controller;
    try {
      while (transcript.answered() < job.questions.length) {
        const index = transcript.answered();
        await askQuestion(index, signal);
        throwIfAborted(signal);
        transcript.setAnswered(index + 1);
      }
      setCurrent(null);
      await submit(signal);
    } catch (err) {
      if (!(err instanceof RunAborted)) fail('interview', INTERVIEW_FAILED);
    }
  };

  const startRecording = async () => {
    setView('starting');
    try {
      await recorderRef.current.start();
    } catch (err) {
      if (isUnsupportedBrowserError(err)) fail('unsupported', UNSUPPORTED_BROWSER);
      else fail('media', MEDIA_ERROR);
      return;
    }
    clock.current = { ...clock.current, startedAt: performance.now() };
    setView('in_progress');
    void runInterview();
  };

  // The recorder reads its options (upload endpoint, video) from the render after the start call answered.
  const onRecorderStartRequested = useEffectEvent(() => {
    void startRecording();
  });
  useEffect(() => {
    if (recorderStartRequest === 0 || handledRecorderStart.current === recorderStartRequest) return;
    handledRecorderStart.current = recorderStartRequest;
    onRecorderStartRequested();
  }, [recorderStartRequest]);

  const start = () => {
    if (view !== 'ready' && !(view === 'error' && error?.kind === 'start')) return;
    if (!hasMediaRecorder()) {
      fail('unsupported', UNSUPPORTED_BROWSER);
      return;
    }
    setError(null);
    setView('starting');
    void (async () => {
      let result: StartInterviewResult;
      try {
        result = await startInterview(interviewId, token);
      } catch (err) {
        if (err instanceof ApiError && err.status === 409) {
          setAlreadySubmitted(true);
          setView('completed');
          return;
        }
        fail('start', errorMessage(err, START_FAILED));
        return;
      }
      const point = resumePoint(result.transcript, loadProgress(interviewId, token), job.questions, interview.candidateName);
      transcript.replace(point.transcript);
      transcript.setAnswered(point.answered);
      clock.current = { baseMs: point.clockBaseMs, startedAt: null };
      if (point.transcript.length > result.transcript.length) transcript.saveRemote();
      setStartResult(result);
      setRecorderStartRequest((n) => n + 1);
    })();
  };

  const endResponse = () => {
    const resolve = pendingAnswer.current;
    if (phaseRef.current !== 'listening' || !resolve) return;
    pendingAnswer.current = null;
    const pending = recognition.stop();
    addCandidateWords(pending);
    addCandidateWords(typedRef.current);
    typedRef.current = '';
    setTypedAnswerState('');
    const index = answerEntry.current;
    const answer = index === null ? '' : (transcript.current()[index]?.text ?? '');
    if (index !== null) transcript.update(index, { endMs: nowMs() });
    setPhase('thinking');
    transcript.saveRemote();
    resolve(answer);
  };

  const retry = () => {
    if (mediaLost) {
      void startRecording();
      return;
    }
    if (view !== 'error' || !error) return;
    if (error.kind === 'start') {
      start();
      return;
    }
    setError(null);
    if (error.kind === 'submit') {
      const controller = new AbortController();
      run.current = controller;
      void submit(controller.signal);
      return;
    }
    if (error.kind === 'interview') {
      setView('in_progress');
      void runInterview();
      return;
    }
    if (!hasMediaRecorder()) {
      fail('unsupported', UNSUPPORTED_BROWSER);
      return;
    }
    if (!startResult) {
      setView('ready');
      return;
    }
    void startRecording();
  };

  const setPreferTyping = (value: boolean) => {
    preferTypingRef.current = value;
    setPreferTypingState(value);
    if (phaseRef.current !== 'listening' || !pendingAnswer.current) return;
    if (value) addCandidateWords(recognition.stop());
    else recognition.start();
  };

  const setTypedAnswer = (value: string) => {
    typedRef.current = value;
    setTypedAnswerState(value);
  };

  // A camera or microphone lost mid-interview (the recorder stopped with an error) stops the
  // questions until the candidate fixes it: the error view, derived from the recorder's state.
  const mediaLost = view === 'in_progress' && recorder.error !== null && recorder.status !== 'recording';
  const onMediaLost = useEffectEvent(() => {
    stopRun();
    // The next recording segment continues the clock where this one stopped.
    if (clock.current.startedAt !== null) clock.current = { baseMs: nowMs(), startedAt: null };
  });
  useEffect(() => {
    if (mediaLost) onMediaLost();
  }, [mediaLost]);

  // While the interview runs, tell the server every 30 s that the candidate is still there.
  const isLive = view === 'starting' || view === 'in_progress' || view === 'submitting';
  useEffect(() => {
    if (!isLive || !startResult) return;
    const timer = setInterval(() => {
      sendHeartbeat(interviewId, token).catch(() => undefined);
    }, HEARTBEAT_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [isLive, startResult, interviewId, token]);

  useEffect(() => () => run.current?.abort(), []);

  return {
    view: mediaLost ? 'error' : view,
    error: mediaLost ? { kind: 'media', message: MEDIA_ERROR } : error,
    alreadySubmitted,
    recorder,
    video,
    transcript: transcript.entries,
    current,
    totalQuestions: job.questions.length,
    phase,
    isSpeaking: speech.isSpeaking || phase === 'speaking',
    interim: recognition.interim,
    isTyping,
    canSpeak: recognition.isSupported && recognition.failure === null,
    preferTyping,
    setPreferTyping,
    typedAnswer,
    setTypedAnswer,
    canEndResponse: view === 'in_progress' && !mediaLost && phase === 'listening',
    start,
    endResponse,
    retry,
  };
}
