import { useEffect, useRef } from 'react';
import { transcribeAnswer } from '../api/transcribe-answer';
import { recordAnswerAudio, type AnswerAudioRecording } from '../voice/answer-audio';

/** What the candidate is told when their spoken answer could not be written down; they type it instead. */
export const TRANSCRIPTION_FAILED = 'We could not turn your spoken answer into text. Please type your answer below; the recording still has what you said.';
/** How long the candidate waits for the words at most (the server tries the provider twice, for up to minutes). */
const TRANSCRIPTION_TIMEOUT_MS = 60_000;

export interface AnswerTranscription {
  /** The answer ended at `endMs` on the recording's clock: its audio is kept for `transcribe`. */
  end: (endMs: number) => void;
  /** The words of the answer that ended last ('' when it had no speech), and when it ended; throws when they cannot be had. */
  transcribe: (signal: AbortSignal) => Promise<{ text: string; endMs: number }>;
}

interface Options {
  interviewId: number;
  token: string;
  /** The interview's camera and microphone, while it runs. */
  stream: MediaStream | null;
  /** The candidate is answering aloud for the server to transcribe: the answer's audio is recorded. */
  recording: boolean;
}

/**
 * Spoken answers where the browser cannot listen (issue 32 item 5, decision 056): while `recording`,
 * the answer's audio is recorded on its own (voice/answer-audio.ts); when the answer ends it is sent
 * to the server, whose speech-to-text provider writes it down. Leaving the answer any other way (the
 * candidate chose typing, the practice was skipped) drops the audio.
 */
export function useAnswerTranscription({ interviewId, token, stream, recording }: Options): AnswerTranscription {
  const current = useRef<AnswerAudioRecording | null>(null);
  const ended = useRef<{ audio: Promise<Blob | null>; endMs: number } | null>(null);

  useEffect(() => {
    if (!recording || !stream) return;
    let answer: AnswerAudioRecording | null = null;
    try {
      answer = recordAnswerAudio(stream);
    } catch {
      // No recorder for the answer: its end finds no audio, and the candidate types it.
    }
    current.current = answer;
    return () => {
      // Still ours: the answer was left without ending (end() takes it first).
      if (current.current === answer) {
        current.current = null;
        answer?.cancel();
      }
    };
  }, [recording, stream]);

  return {
    end: (endMs) => {
      const answer = current.current;
      current.current = null;
      ended.current = { audio: answer ? answer.stop().catch(() => null) : Promise.resolve(null), endMs };
    },
    transcribe: async (signal) => {
      const answer = ended.current;
      ended.current = null;
      const audio = await answer?.audio;
      if (!answer || !audio || audio.size === 0) throw new Error('No audio was recorded for this answer');
      const controller = new AbortController();
      const abort = () => controller.abort();
      signal.addEventListener('abort', abort, { once: true });
      const timer = setTimeout(abort, TRANSCRIPTION_TIMEOUT_MS);
      try {
        return { text: await transcribeAnswer(interviewId, token, audio, controller.signal), endMs: answer.endMs };
      } finally {
        clearTimeout(timer);
        signal.removeEventListener('abort', abort);
      }
    },
  };
}
