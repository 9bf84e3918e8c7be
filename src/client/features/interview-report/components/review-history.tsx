import { format, formatDistanceToNow } from 'date-fns';
import { useId } from 'react';
import type { ReviewEvent } from '@/contracts/report';
import { Badge } from '@/client/components/ui/badge';
import { decisionLabel, scoreText } from '../utils/review-labels';

/** Every change, newest first: who, when (relative; absolute on hover and for screen readers), what and why. */
export function ReviewHistory({ history }: { history: ReviewEvent[] }) {
  const headingId = useId();
  const events = [...history].sort((a, b) => b.at.localeCompare(a.at) || b.id - a.id);
  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <h3 id={headingId} className="text-base font-semibold">
        History
      </h3>
      {events.length === 0 ? (
        <p className="text-sm text-slate-600">No changes yet: the scores are the AI’s.</p>
      ) : (
        <ol className="space-y-3">
          {events.map((event) => (
            <li key={event.id} className="space-y-1 rounded-md border border-slate-200 p-3 text-sm">
              <p className="text-slate-900">
                <span className="font-medium">{event.by}</span>{' '}
                {event.kind === 'score' ? (
                  <>
                    changed <span className="font-medium">{event.criterion ?? 'a score'}</span>:{' '}
                    <span className="tabular-nums">
                      {scoreText(event.fromScore)} <span aria-hidden="true">→</span>
                      <span className="sr-only">to</span> {scoreText(event.toScore)}
                    </span>
                  </>
                ) : (
                  <>
                    recorded the decision <Badge variant="secondary">{event.decision ? decisionLabel(event.decision) : 'none'}</Badge>
                  </>
                )}
              </p>
              <p className="text-xs text-slate-500">
                <EventTime at={event.at} />
              </p>
              {event.reason ? (
                <p className="whitespace-pre-wrap text-slate-700">
                  <span className="font-medium">{event.kind === 'score' ? 'Why: ' : 'Note: '}</span>
                  {event.reason}
                </p>
              ) : null}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

function EventTime({ at }: { at: string }) {
  const date = new Date(at);
  if (Number.isNaN(date.getTime())) return <span>{at}</span>;
  const absolute = format(date, 'PPpp');
  return (
    <time dateTime={at} title={absolute}>
      {formatDistanceToNow(date, { addSuffix: true })}
      <span className="sr-only"> ({absolute})</span>
    </time>
  );
}
