import { useEffect, useRef } from 'react';
import type { TranscriptEntry } from '@/contracts/ai';
import { cn } from '@/client/lib/cn';
import { AI_SPEAKER } from '../utils/resume';

interface TranscriptPanelProps {
  entries: TranscriptEntry[];
  /** Words being heard right now, not final yet. */
  interim: string;
  candidateName: string;
  className?: string;
}

/** The 'Live Transcript' side panel: every turn so far plus what is being heard, scrolled to the newest. */
export function TranscriptPanel({ entries, interim, candidateName, className }: TranscriptPanelProps) {
  const scroller = useRef<HTMLDivElement>(null);
  const candidateLabel = candidateName.trim() || 'You';

  useEffect(() => {
    const el = scroller.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [entries, interim]);

  return (
    <aside aria-labelledby="transcript-heading" className={cn('flex min-h-0 flex-col bg-white', className)}>
      <div className="border-b border-slate-200 px-4 py-3">
        <h2 id="transcript-heading" className="text-base font-semibold text-slate-900">
          Interview Progress
        </h2>
        <p className="text-sm text-slate-600">Live Transcript</p>
      </div>
      <div
        ref={scroller}
        role="region"
        aria-label="Live Transcript"
        tabIndex={0}
        className="max-h-[50vh] min-h-40 flex-1 overflow-y-auto px-4 py-3 lg:max-h-none"
      >
        {entries.length === 0 && !interim ? <p className="text-sm text-slate-500">The conversation will appear here.</p> : null}
        <div role="log" aria-live="polite">
          <ol className="space-y-3">
            {entries.map((entry, index) => {
              // An answer the candidate redid is gone from their view; the new one follows.
              if (entry.replaced) return null;
              const isAi = entry.speaker === AI_SPEAKER;
              return (
                <li key={index} className={cn('rounded-md px-3 py-2 text-sm', isAi ? 'bg-slate-100' : 'bg-brand-50')}>
                  <div className="mb-0.5 flex items-baseline gap-1.5 text-xs">
                    <p className={cn('font-semibold', isAi ? 'text-slate-700' : 'text-brand-700')}>{isAi ? 'AI Interviewer' : candidateLabel}</p>
                    {entry.practice ? <span className="text-slate-500">(practice)</span> : null}
                  </div>
                  <p className="whitespace-pre-wrap text-slate-900">{entry.text}</p>
                </li>
              );
            })}
          </ol>
        </div>
        {interim ? (
          <div className="mt-3 rounded-md border border-dashed border-brand-100 px-3 py-2 text-sm">
            <p className="mb-0.5 text-xs font-semibold text-brand-700">{candidateLabel}</p>
            <p className="text-slate-600 italic" data-testid="interim-transcript">
              {interim}
            </p>
          </div>
        ) : null}
      </div>
    </aside>
  );
}
