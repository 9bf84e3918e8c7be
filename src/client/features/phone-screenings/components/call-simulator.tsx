import { useQueryClient } from '@tanstack/react-query';
import { AlertCircle, Bot, CheckCircle2, Loader2, Mic, MicOff, PhoneCall, Send } from 'lucide-react';
import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import type { CandidateCallInfo } from '@/contracts/phone-call-results';
import { Button } from '@/client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/client/components/ui/card';
import { Label } from '@/client/components/ui/label';
import { Spinner } from '@/client/components/ui/spinner';
import { Textarea } from '@/client/components/ui/textarea';
import { useSpeechRecognition } from '@/client/hooks/use-speech-recognition';
import { cn } from '@/client/lib/cn';
import { describeError } from '@/client/lib/error-messages';
import { screeningResultQuery, useRefreshCandidateList, useScreeningResult } from '../api/screening-result';
import { useCallConversation, type CallPhase } from '../hooks/call-conversation';
import { CallTranscript } from './call-transcript';
import { isScreened } from '@/contracts/statuses';

interface CallSimulatorProps {
  info: CandidateCallInfo;
  /** The candidate's link token; null when the signed-in recruiter takes the call. */
  token: string | null;
  /** The recruiter's result page; given only on the recruiter's side. */
  resultHref?: string | undefined;
  /** The screening whose candidate cards the call changes (recruiter's side). */
  screeningId?: string | undefined;
}

const firstName = (name: string) => name.trim().split(/\s+/)[0] ?? name;

function phaseText(phase: CallPhase, agentName: string): string {
  switch (phase) {
    case 'idle':
      return 'The call has not started.';
    case 'connecting':
      return 'Connecting the call…';
    case 'speaking':
      return `${agentName} is speaking…`;
    case 'answering':
      return 'Your turn: answer by voice or by typing.';
    case 'sending':
      return 'Sending your answer…';
    case 'ended':
      return 'The call has ended.';
  }
}

/**
 * The screening call in the browser: the agent's words shown and spoken, the running transcript,
 * and the answer by microphone (where the browser can listen) or by typing. The same conversation
 * engine as a phone call runs it on the server.
 */
export function CallSimulator({ info, token, resultHref, screeningId }: CallSimulatorProps) {
  const queryClient = useQueryClient();
  const isRecruiter = resultHref !== undefined;
  const refreshCandidates = useRefreshCandidateList(screeningId);
  const onEnded = useCallback(() => {
    refreshCandidates();
    if (isRecruiter) void queryClient.invalidateQueries({ queryKey: screeningResultQuery(info.candidateId).queryKey });
  }, [refreshCandidates, isRecruiter, queryClient, info.candidateId]);
  const call = useCallConversation({ candidateId: info.candidateId, token, initialTranscript: info.transcript, onStarted: refreshCandidates, onEnded });

  if (isScreened(info.status) && call.phase === 'idle') {
    return <AlreadyDone info={info} resultHref={resultHref} />;
  }

  const hasStarted = call.phase !== 'idle' || call.lines.length > 0;
  const candidateLabel = isRecruiter ? info.candidateName : 'You';

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
      <Card role="region" aria-labelledby="call-agent-heading">
        <CardHeader>
          <div className="flex items-center gap-3">
            <span className="flex size-11 shrink-0 items-center justify-center rounded-full bg-brand-100 text-brand-700">
              <Bot className="size-6" aria-hidden="true" />
            </span>
            <div className="min-w-0">
              <CardTitle as="h2" id="call-agent-heading">
                {info.agentName} · AI assistant
              </CardTitle>
              <CardDescription className="mt-1">
                Screening call{info.jobTitle ? ` for ${info.jobTitle}` : ''} at {info.companyName} · {info.questionsCount} question{info.questionsCount === 1 ? '' : 's'}
              </CardDescription>
            </div>
          </div>
        </CardHeader>
        <CardContent className="space-y-5">
          <p role="status" className="flex items-center gap-2 text-sm font-medium text-slate-700">
            {call.phase === 'connecting' || call.phase === 'sending' ? <Loader2 className="size-4 animate-spin" aria-hidden="true" /> : null}
            {phaseText(call.phase, info.agentName)}
          </p>

          {call.agentSays.length > 0 ? (
            <blockquote aria-label={`${info.agentName} says`} className={cn('space-y-2 rounded-lg border-l-4 border-brand-500 bg-brand-50 px-4 py-3 text-slate-900', call.isSpeaking && 'ring-2 ring-brand-500')}>
              {call.agentSays.map((line, index) => (
                <p key={index}>{line}</p>
              ))}
            </blockquote>
          ) : null}

          {call.failure ? (
            <div role="alert" className="flex flex-wrap items-start gap-3 rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
              <AlertCircle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              <p className="min-w-0 flex-1">{call.failure.message}</p>
              <Button type="button" size="sm" variant="outline" onClick={call.retry}>
                Try again
              </Button>
            </div>
          ) : null}

          {call.phase === 'idle' ? (
            <div className="space-y-3">
              {!hasStarted ? (
                <p className="text-sm text-slate-600">
                  {info.agentName}, an AI assistant, will ask {isRecruiter ? info.candidateName : 'you'} {info.questionsCount} short question
                  {info.questionsCount === 1 ? '' : 's'}. Answer by speaking (with your microphone) or by typing. What is said is transcribed for the hiring team.
                </p>
              ) : null}
              <Button type="button" size="lg" onClick={() => void call.start()}>
                <PhoneCall aria-hidden="true" />
                {info.callUnderway || hasStarted ? 'Resume call' : 'Start call'}
              </Button>
            </div>
          ) : call.phase === 'ended' ? (
            <CallEnded info={info} isRecruiter={isRecruiter} resultHref={resultHref} screeningId={screeningId} />
          ) : (
            <AnswerArea phase={call.phase} onSend={call.send} />
          )}
        </CardContent>
      </Card>

      <CallTranscript lines={call.lines} agentName={info.agentName} candidateLabel={candidateLabel} />
    </div>
  );
}

/** The candidate's answer: typed, or heard through the microphone into the same box, then sent. */
function AnswerArea({ phase, onSend }: { phase: CallPhase; onSend: (text: string) => Promise<void> }) {
  const answerId = useId();
  const [draft, setDraft] = useState('');
  const [micOn, setMicOn] = useState(false);
  const [hint, setHint] = useState<string | null>(null);
  const phaseRef = useRef(phase);
  useEffect(() => {
    phaseRef.current = phase;
  });
  const { isSupported, failure, interim, isListening, start, stop } = useSpeechRecognition({
    onFinal: (text) => setDraft((current) => (current.trim() ? `${current.trim()} ${text}` : text)),
    // Never listen while the agent speaks: it would hear itself.
    canRestart: () => phaseRef.current === 'answering',
  });
  const canListen = isSupported && !failure;

  useEffect(() => {
    if (micOn && canListen && phase === 'answering') start();
    else stop();
  }, [micOn, canListen, phase, start, stop]);

  const isSending = phase === 'sending';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (isSending) return;
    const pending = stop();
    const text = [draft.trim(), pending].filter(Boolean).join(' ').trim();
    if (!text) {
      setHint('Type or say your answer first.');
      return;
    }
    setHint(null);
    setDraft('');
    void onSend(text);
  };

  return (
    <form className="space-y-3" onSubmit={submit}>
      <div className="space-y-1.5">
        <Label htmlFor={answerId}>Your answer</Label>
        <Textarea
          id={answerId}
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) submit(event);
          }}
          rows={4}
          aria-describedby={`${answerId}-hint`}
          aria-invalid={hint ? true : undefined}
        />
        <p id={`${answerId}-hint`} className={cn('text-xs', hint ? 'text-red-700' : 'text-slate-500')}>
          {hint ?? 'Press Ctrl+Enter (⌘+Enter on a Mac) or select Send answer.'}
        </p>
        {isListening && interim ? (
          <p className="text-sm text-slate-500 italic" aria-live="polite">
            {interim}
          </p>
        ) : null}
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={isSending}>
          {isSending ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Send aria-hidden="true" />}
          {isSending ? 'Sending…' : 'Send answer'}
        </Button>
        {canListen ? (
          <Button type="button" variant="outline" aria-pressed={micOn} onClick={() => setMicOn((on) => !on)}>
            {micOn ? <MicOff aria-hidden="true" /> : <Mic aria-hidden="true" />}
            {micOn ? 'Stop listening' : 'Answer by voice'}
          </Button>
        ) : null}
        {micOn && isListening ? (
          <span className="flex items-center gap-1.5 text-sm text-brand-700">
            <span className="size-2 animate-pulse rounded-full bg-red-500" aria-hidden="true" />
            Listening…
          </span>
        ) : null}
      </div>
      {isSupported && failure ? (
        <p className="text-sm text-amber-800">The microphone cannot be used in this browser ({failure.replace(/-/g, ' ')}), so please type your answers.</p>
      ) : null}
    </form>
  );
}

function CallEnded({ info, isRecruiter, resultHref, screeningId }: { info: CandidateCallInfo; isRecruiter: boolean; resultHref: string | undefined; screeningId: string | undefined }) {
  if (!isRecruiter || !resultHref) {
    return (
      <p className="flex items-start gap-2 rounded-md border border-green-200 bg-green-50 px-3 py-2 text-sm text-green-900">
        <CheckCircle2 className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        Thank you, {firstName(info.candidateName)}. Your screening call is complete, and the hiring team at {info.companyName} will be in touch.
      </p>
    );
  }
  return <ResultStatus candidateId={info.candidateId} resultHref={resultHref} screeningId={screeningId} />;
}

/** The recruiter's link to the result, which fills in once the call has been scored. */
function ResultStatus({ candidateId, resultHref, screeningId }: { candidateId: number; resultHref: string; screeningId: string | undefined }) {
  const result = useScreeningResult(candidateId);
  const status = result.data?.status;
  const refreshCandidates = useRefreshCandidateList(screeningId);
  // Scored: the candidate's card turns green.
  useEffect(() => {
    if (status === 'completed') refreshCandidates();
  }, [status, refreshCandidates]);
  return (
    <div className="space-y-3 rounded-md border border-slate-200 bg-slate-50 px-4 py-3 text-sm">
      {status === 'completed' ? (
        <p className="flex items-center gap-2 font-medium text-green-800">
          <CheckCircle2 className="size-4 shrink-0" aria-hidden="true" />
          The screening is complete and scored
          {result.data?.feedback?.overall !== null && result.data?.feedback?.overall !== undefined ? `: ${Math.round(result.data.feedback.overall)}/100` : ''}.
        </p>
      ) : status === 'evaluating' || result.isPending ? (
        <p className="flex items-center gap-2 text-slate-700">
          <Spinner className="size-4" label="Scoring the call" />
          The screening is complete. Scoring the answers…
        </p>
      ) : (
        <p className="text-slate-700">{result.data?.outcome ?? 'The call has ended.'}</p>
      )}
      {result.isError ? <p className="text-red-700">Could not load the result. {describeError(result.error)}</p> : null}
      <Button asChild variant={status === 'completed' ? 'default' : 'outline'} size="sm">
        <Link href={resultHref}>View result</Link>
      </Button>
    </div>
  );
}

function AlreadyDone({ info, resultHref }: { info: CandidateCallInfo; resultHref: string | undefined }) {
  return (
    <Card>
      <CardContent className="space-y-3 pt-6">
        <p className="flex items-start gap-2 text-slate-800">
          <CheckCircle2 className="mt-0.5 size-5 shrink-0 text-green-600" aria-hidden="true" />
          {resultHref
            ? `${info.candidateName}'s screening call has already been completed.`
            : `Thank you, ${firstName(info.candidateName)}. Your screening call with ${info.companyName} has already been completed.`}
        </p>
        {resultHref ? (
          <Button asChild size="sm">
            <Link href={resultHref}>View result</Link>
          </Button>
        ) : null}
      </CardContent>
    </Card>
  );
}
