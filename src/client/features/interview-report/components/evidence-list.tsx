import { Play } from 'lucide-react';
import type { Evidence } from '@/contracts/ai';
import { useRecordingPlayer } from '../hooks/use-recording-player';
import { formatOffset } from '../utils/format-offset';

/** A quote of the candidate's, with what it is (a red flag's kind) when the list says. */
export type Quote = Evidence & { label?: string };

/**
 * A criterion's evidence (or the red flags worth checking): the candidate's own words as
 * blockquotes with their time in the recording. With a recording, a timed quote is a button that
 * plays the recording from there. `heading` null leaves the list's own heading out.
 */
export function EvidenceList({ evidence, heading = 'Evidence' }: { evidence: Quote[]; heading?: string | null }) {
  const player = useRecordingPlayer();
  if (evidence.length === 0) return null;
  return (
    <div className="space-y-2">
      {heading ? <p className="text-xs font-semibold tracking-wide text-slate-500 uppercase">{heading}</p> : null}
      <ul className="space-y-2">
        {evidence.map((item, index) => {
          const atMs = item.atMs;
          return (
            <li key={index}>
              <blockquote className="border-l-4 border-slate-300 text-sm text-slate-700">
                {player.canSeek && atMs !== undefined ? (
                  <button
                    type="button"
                    onClick={() => player.seekTo(atMs)}
                    className="group w-full rounded-r-md px-3 py-1.5 text-left hover:bg-brand-50 focus-visible:bg-brand-50"
                  >
                    <QuoteText item={item} />{' '}
                    <span className="inline-flex items-center gap-1 text-xs font-medium whitespace-nowrap text-brand-700 not-italic group-hover:underline">
                      <Play className="size-3" aria-hidden="true" />
                      <span className="sr-only">Play the recording from</span>
                      {formatOffset(atMs)}
                    </span>
                  </button>
                ) : (
                  <p className="px-3 py-1.5">
                    <QuoteText item={item} />
                    {atMs !== undefined ? (
                      <>
                        {' '}
                        <span className="text-xs font-medium whitespace-nowrap text-slate-500">
                          <span className="sr-only">at</span> {formatOffset(atMs)}
                        </span>
                      </>
                    ) : null}
                  </p>
                )}
              </blockquote>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

function QuoteText({ item }: { item: Quote }) {
  return (
    <>
      {item.label ? <span className="block text-xs font-semibold text-slate-900 not-italic">{item.label}</span> : null}
      <span className="italic">“{item.quote}”</span>
    </>
  );
}
