import { Keyboard } from 'lucide-react';
import { useEffect, useId } from 'react';
import { Button } from '@/client/components/ui/button';
import { Checkbox } from '@/client/components/ui/checkbox';
import { Label } from '@/client/components/ui/label';
import { Textarea } from '@/client/components/ui/textarea';
import { useIsTouchScreen } from '../hooks/use-is-touch-screen';
import { answerHints } from '../utils/answer-hints';

interface AnswerControlsProps {
  isTyping: boolean;
  typedAnswer: string;
  onTypedAnswerChange: (value: string) => void;
  canEndResponse: boolean;
  onEndResponse: () => void;
  preferTyping: boolean;
  onPreferTypingChange: (value: boolean) => void;
  /** The browser cannot listen at all (or was refused): typing is the only way, so the choice is not offered. */
  canSpeak: boolean;
  /** Answers end by themselves after a pause; the candidate may turn that off (issue 32). */
  autoEnd?: { offered: boolean; on: boolean; set: (value: boolean) => void; unavailable: string | null };
  /** The server could not transcribe the spoken answer: why the candidate types this one (decision 056). */
  transcriptionFailed?: string | null;
}

const isTextField = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable || target.closest('input, textarea, select, button, a[href], [role="checkbox"], [role="switch"], [contenteditable]') !== null);

/** 'End Response' (also the Space key), and the answer box when the candidate types. */
export function AnswerControls(props: AnswerControlsProps) {
  const { isTyping, typedAnswer, onTypedAnswerChange, canEndResponse, onEndResponse, preferTyping, onPreferTypingChange, canSpeak, autoEnd, transcriptionFailed } = props;
  const answerId = useId();
  const typingId = useId();
  const autoEndId = useId();
  const hints = answerHints({ isTyping, isTouchScreen: useIsTouchScreen() });
  const hintId = `${answerId}-hint`;

  // Space ends a response, unless focus is somewhere Space already means something (typing, a button).
  useEffect(() => {
    if (!canEndResponse) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.code !== 'Space' && event.key !== ' ') return;
      if (event.repeat || event.ctrlKey || event.metaKey || event.altKey || isTextField(event.target)) return;
      event.preventDefault();
      onEndResponse();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [canEndResponse, onEndResponse]);

  return (
    <div className="space-y-3">
      {transcriptionFailed && isTyping ? (
        <p role="alert" className="text-sm font-medium text-red-700">
          {transcriptionFailed}
        </p>
      ) : null}
      {isTyping ? (
        <div className="space-y-1.5">
          <Label htmlFor={answerId}>Your answer</Label>
          <Textarea
            id={answerId}
            value={typedAnswer}
            onChange={(event) => onTypedAnswerChange(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter' && (event.ctrlKey || event.metaKey) && canEndResponse) {
                event.preventDefault();
                onEndResponse();
              }
            }}
            rows={5}
            aria-describedby={hints.ctrlEnter ? hintId : undefined}
          />
          {hints.ctrlEnter ? (
            <p id={hintId} className="text-xs text-slate-500">
              Press Ctrl+Enter (⌘+Enter on a Mac) or select End Response to send your answer.
            </p>
          ) : null}
        </div>
      ) : null}
      <div className="flex flex-wrap items-center gap-3">
        <Button size="lg" onClick={onEndResponse} disabled={!canEndResponse}>
          End Response
        </Button>
        {hints.space ? (
          <p className="text-sm text-slate-600">
            Tip: press the <kbd className="rounded border border-slate-300 bg-slate-100 px-1.5 py-0.5 font-mono text-xs">Space</kbd> key to
            end your response.
          </p>
        ) : null}
      </div>
      {autoEnd?.offered ? (
        <div className="flex items-center gap-2">
          <Checkbox id={autoEndId} checked={autoEnd.on} onCheckedChange={(checked) => autoEnd.set(checked === true)} />
          <Label htmlFor={autoEndId} className="font-normal text-slate-700">
            End my answer automatically when I pause
          </Label>
        </div>
      ) : autoEnd?.unavailable && canSpeak && !isTyping ? (
        <p className="text-sm text-slate-600">
          {autoEnd.unavailable} Select End Response when you finish each answer.
        </p>
      ) : null}
      {canSpeak ? (
        <div className="flex items-center gap-2">
          <Checkbox id={typingId} checked={preferTyping} onCheckedChange={(checked) => onPreferTypingChange(checked === true)} />
          <Label htmlFor={typingId} className="inline-flex items-center gap-1.5 font-normal text-slate-700">
            <Keyboard className="size-4 text-slate-500" aria-hidden="true" />
            I&apos;d prefer to type my answers
          </Label>
        </div>
      ) : (
        <p className="text-sm text-slate-600">Speech recognition is not available here, so please type your answers.</p>
      )}
    </div>
  );
}
