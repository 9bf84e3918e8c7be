import { RotateCcw } from 'lucide-react';
import { Button } from '@/client/components/ui/button';
import type { InterviewFlow } from '../hooks/use-interview-flow';

/**
 * What the candidate may do besides answering (issue 32): skip the practice question while it
 * runs, and, right after an answer, redo it once. The interview goes on meanwhile; nothing waits
 * for these buttons.
 */
export function TurnOffers({ practice, retake }: Pick<InterviewFlow, 'practice' | 'retake'>) {
  return (
    <div aria-live="polite">
      {practice.running ? (
        <div className="flex flex-wrap items-center gap-3 rounded-md border border-amber-200 bg-amber-50 px-3 py-2">
          <p className="flex-1 text-sm text-amber-900">
            This practice question is not scored. Answer it to hear the interviewer, see your words appear and end an answer, as you will in the
            interview.
          </p>
          <Button variant="outline" size="sm" onClick={practice.skip}>
            Skip Practice
          </Button>
        </div>
      ) : null}
      {retake.open ? (
        <div className="flex flex-wrap items-center gap-3 rounded-md border border-slate-200 bg-slate-50 px-3 py-2">
          <p className="flex-1 text-sm text-slate-700">Not happy with that answer? You can redo it once, for a few seconds.</p>
          <Button variant="outline" size="sm" onClick={retake.redo}>
            <RotateCcw className="size-4" aria-hidden="true" />
            Redo Answer
          </Button>
        </div>
      ) : null}
    </div>
  );
}
