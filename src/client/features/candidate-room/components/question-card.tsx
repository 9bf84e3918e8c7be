import { Bot } from 'lucide-react';
import type { CurrentQuestion, FlowView, TurnPhase } from '../hooks/use-interview-flow';

interface QuestionCardProps {
  view: FlowView;
  current: CurrentQuestion | null;
  totalQuestions: number;
  phase: TurnPhase;
  isTyping: boolean;
}

function statusText({ view, phase, isTyping }: Pick<QuestionCardProps, 'view' | 'phase' | 'isTyping'>): string {
  if (view === 'starting') return 'Starting your interview…';
  switch (phase) {
    case 'preparing':
      return 'Preparing the next question…';
    case 'speaking':
      return 'The interviewer is speaking…';
    case 'listening':
      return isTyping ? 'Type your answer, then select End Response.' : 'Listening… answer in your own words, then select End Response.';
    case 'transcribing':
      return 'Transcribing your answer…';
    case 'thinking':
      return 'One moment…';
  }
}

/** What the interviewer asked, as text too, and what is happening now (both announced politely). */
export function QuestionCard({ view, current, totalQuestions, phase, isTyping }: QuestionCardProps) {
  const label = current
    ? current.practice
      ? 'Practice question'
      : current.isFollowUp
      ? `Follow-up to question ${current.index + 1} of ${totalQuestions}`
      : `Question ${current.index + 1} of ${totalQuestions}`
    : null;
  return (
    <section aria-labelledby="current-question-label" className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      <div className="flex items-start gap-3">
        <span aria-hidden="true" className="grid size-9 shrink-0 place-items-center rounded-full bg-brand-50 text-brand-600">
          <Bot className="size-5" />
        </span>
        <div className="min-w-0 flex-1 space-y-1" aria-live="polite">
          <h2 id="current-question-label" className="text-xs font-semibold tracking-wide text-slate-500 uppercase">
            {label ?? 'AI Interviewer'}
          </h2>
          {current?.text ? <p className="text-lg leading-snug text-slate-900">{current.text}</p> : null}
        </div>
      </div>
      <p role="status" className="mt-3 text-sm text-slate-600">
        {statusText({ view, phase, isTyping })}
      </p>
    </section>
  );
}
