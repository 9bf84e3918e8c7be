import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { CallTranscriptEntry } from '@/contracts/phone-call-results';
import type { CallReply } from '@/contracts/phone-calls';
import { useSpeechSynthesis } from '@/client/hooks/use-speech-synthesis';
import { isConflict } from '@/client/lib/error-messages';
import { answerSimulatedCall, callErrorMessage, callInfoQuery, startSimulatedCall } from '../api/call-simulator';

/**
 * idle: before the call (or after a failed start); connecting: asking for the agent's opening;
 * speaking: the agent's words are being said; answering: the candidate's turn; sending: the answer
 * is on its way; ended: the agent said goodbye.
 */
export type CallPhase = 'idle' | 'connecting' | 'speaking' | 'answering' | 'sending' | 'ended';

export interface CallLine {
  speaker: 'agent' | 'candidate';
  text: string;
}

export interface CallFailure {
  message: string;
  /** What 'Try again' does: the start again, the same answer to the same turn (never answered twice), or picking the call up from the server's record. */
  action: { kind: 'start' } | { kind: 'resume' } | { kind: 'send'; text: string };
}

export const linesFrom = (transcript: CallTranscriptEntry[]): CallLine[] =>
  transcript.map((entry) => ({ speaker: entry.speaker === 'AI' ? 'agent' : 'candidate', text: entry.text }));

/** True when `lines` already ends with the agent saying `say` (a resumed call's transcript holds its last reply). */
const endsWith = (lines: CallLine[], say: string[]) =>
  say.length > 0 && lines.length >= say.length && say.every((text, i) => {
    const line = lines[lines.length - say.length + i];
    return line?.speaker === 'agent' && line.text === text;
  });

interface Options {
  candidateId: number;
  /** The candidate's link token; null for the signed-in recruiter. */
  token: string | null;
  /** What was said so far in a call under way (a reload resumes it). */
  initialTranscript: CallTranscriptEntry[];
  /** Called when the call has started (the candidate's status moved on). */
  onStarted?: () => void;
  /** Called once the agent has said goodbye. */
  onEnded?: () => void;
}

/**
 * The simulated screening call: start (or resume) it, hear each reply, send answers naming the turn
 * they answer. A failure leaves the call where it was, with a retry that cannot answer twice.
 */
export function useCallConversation({ candidateId, token, initialTranscript, onStarted, onEnded }: Options) {
  const queryClient = useQueryClient();
  const { speak, cancel, isSpeaking } = useSpeechSynthesis();
  const [phase, setPhase] = useState<CallPhase>('idle');
  const [lines, setLines] = useState<CallLine[]>(() => linesFrom(initialTranscript));
  const [agentSays, setAgentSays] = useState<string[]>([]);
  const [failure, setFailure] = useState<CallFailure | null>(null);
  const reply = useRef<CallReply | null>(null);
  /** Bumped by every new step, so a line that finishes speaking late does not move a newer step on. */
  const step = useRef(0);
  const callbacks = useRef({ onStarted, onEnded });
  useEffect(() => {
    callbacks.current = { onStarted, onEnded };
  });

  const hear = useCallback(
    async (next: CallReply) => {
      const mine = ++step.current;
      reply.current = next;
      setAgentSays(next.say);
      setPhase('speaking');
      await speak(next.say.join(' '));
      if (mine !== step.current) return;
      setPhase(next.done ? 'ended' : 'answering');
      if (next.done) callbacks.current.onEnded?.();
    },
    [speak],
  );

  const start = useCallback(async () => {
    step.current++;
    setFailure(null);
    setPhase('connecting');
    try {
      const next = await startSimulatedCall(candidateId, token);
      callbacks.current.onStarted?.();
      setLines((current) => (endsWith(current, next.say) ? current : [...current, ...next.say.map((text) => ({ speaker: 'agent' as const, text }))]));
      await hear(next);
    } catch (err) {
      setPhase('idle');
      setFailure({ message: callErrorMessage(err), action: { kind: 'start' } });
    }
  }, [candidateId, token, hear]);

  /** Picks the call up again from the server's record (after another device or tab moved it on). */
  const resume = useCallback(async () => {
    setFailure(null);
    setPhase('connecting');
    try {
      const info = await queryClient.fetchQuery({ ...callInfoQuery(candidateId, token), staleTime: 0 });
      setLines(linesFrom(info.transcript));
    } catch {
      // start() reports the failure, if there still is one
    }
    await start();
  }, [queryClient, candidateId, token, start]);

  const send = useCallback(
    async (text: string) => {
      const current = reply.current;
      if (!current || current.done) return;
      step.current++;
      cancel();
      setFailure(null);
      setPhase('sending');
      try {
        const next = await answerSimulatedCall(current.callId, current.turn, text, token);
        setLines((previous) => [
          ...previous,
          ...(text.trim() ? [{ speaker: 'candidate' as const, text: text.trim() }] : []),
          ...next.say.map((say) => ({ speaker: 'agent' as const, text: say })),
        ]);
        await hear(next);
      } catch (err) {
        setPhase('answering');
        const isStale = isConflict(err);
        setFailure({ message: callErrorMessage(err), action: isStale ? { kind: 'resume' } : { kind: 'send', text } });
      }
    },
    [token, cancel, hear],
  );

  /** Tries the failed step again. */
  const retry = useCallback(() => {
    const action = failure?.action;
    if (!action) return;
    if (action.kind === 'start') void start();
    else if (action.kind === 'resume') void resume();
    else void send(action.text);
  }, [failure, start, resume, send]);

  return { phase, lines, agentSays, failure, isSpeaking, start, send, retry };
}
