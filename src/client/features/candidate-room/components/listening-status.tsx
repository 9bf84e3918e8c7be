import type { InterviewFlow } from '../hooks/use-interview-flow';

export const THINKING_PROMPT = 'Take your time. Start whenever you are ready.';

const seconds = (ms: number) => {
  const value = Math.round(ms / 100) / 10;
  return `${value} ${value === 1 ? 'second' : 'seconds'}`;
};

/**
 * While the candidate answers by voice (issue 32): after the thinking time with nothing said, one
 * gentle line; silent mid-answer with automatic ending on, that the room is still listening and how
 * long it waits, with a bar that fills. Shown, not spoken: a spoken line would be heard as the answer.
 */
export function ListeningStatus({ pause, thinkingPrompt }: Pick<InterviewFlow, 'pause' | 'thinkingPrompt'>) {
  return (
    <div aria-live="polite" className="min-h-6">
      {thinkingPrompt ? <p className="text-sm font-medium text-slate-700">{THINKING_PROMPT}</p> : null}
      {pause ? (
        <div className="space-y-1.5">
          <p className="text-sm text-slate-700">Still listening. Your answer ends after {seconds(pause.waitMs)} of silence.</p>
          <div className="h-1.5 w-full overflow-hidden rounded-full bg-slate-200" aria-hidden="true">
            <div className="h-full rounded-full bg-brand-600 transition-[width] duration-100 ease-linear" style={{ width: `${Math.round(pause.progress * 100)}%` }} data-testid="pause-bar" />
          </div>
        </div>
      ) : null}
    </div>
  );
}
