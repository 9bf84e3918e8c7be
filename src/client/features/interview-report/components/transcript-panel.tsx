import { ChevronDown, Play } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useParams } from 'wouter';
import type { TranscriptEntry } from '@/contracts/ai';
import { recordIdFrom } from '@/contracts/record-ids';
import type { InterviewTranscripts } from '@/contracts/report';
import { Card } from '@/client/components/ui/card';
import { Collapsible, CollapsibleContent, CollapsibleTrigger } from '@/client/components/ui/collapsible';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/client/components/ui/tabs';
import { cn } from '@/client/lib/cn';
import { useTranscripts } from '../api/get-transcripts';
import { useRecordingPlayer, useRecordingTime } from '../hooks/use-recording-player';
import { activeRowIndex } from '../utils/active-row';
import { formatOffset } from '../utils/format-offset';
import { isCandidateSpeaker } from '../utils/speaker';
import { RawBlock, TranscriptErrorBoundary } from './transcript-error-boundary';
import { TranscriptSource, transcriberName } from './transcript-source';

/** The report's interview, from its route (/interview/{id}); null when the route names none. */
function useRouteInterviewId(): number | null {
  const { id } = useParams<{ id?: string }>();
  return recordIdFrom(id);
}

/**
 * The 'Transcript' card: collapsed by default; opened, the conversation (or the stored value when
 * it cannot be read). With server transcription, it says which transcript was scored, and the
 * server's and the browser's transcripts can both be read.
 */
export function TranscriptPanel({ entries, raw }: { entries: TranscriptEntry[] | null; raw: string | null }) {
  const [isOpen, setIsOpen] = useState(false);
  const headingId = useId();
  const interviewId = useRouteInterviewId();
  const transcripts = useTranscripts(interviewId ?? 0, { enabled: interviewId !== null });
  return (
    <Card role="region" aria-labelledby={headingId}>
      <Collapsible open={isOpen} onOpenChange={setIsOpen}>
        <div className="space-y-1 px-6 py-4">
          <h2 id={headingId}>
            <CollapsibleTrigger className="group -ml-2 flex items-center gap-2 rounded-md px-2 py-1 text-left text-lg font-semibold hover:bg-slate-50">
              <ChevronDown className="size-5 shrink-0 text-slate-500 transition-transform group-data-[state=closed]:-rotate-90" aria-hidden="true" />
              Transcript
            </CollapsibleTrigger>
          </h2>
          <TranscriptSource transcripts={transcripts.data} />
          <TurnsNotScored rows={entries} />
        </div>
        <CollapsibleContent className="px-6 pb-6">
          {transcripts.data?.server ? (
            <TranscriptVersions transcripts={transcripts.data} server={transcripts.data.server} />
          ) : (
            <TranscriptErrorBoundary raw={entries}>
              <TranscriptBody rows={entries} raw={raw} />
            </TranscriptErrorBoundary>
          )}
        </CollapsibleContent>
      </Collapsible>
    </Card>
  );
}

type Version = 'server' | 'browser';

/** The server's and the browser's transcripts as two tabs, the scored one first shown. */
function TranscriptVersions({ transcripts, server }: { transcripts: InterviewTranscripts; server: NonNullable<InterviewTranscripts['server']> }) {
  const [version, setVersion] = useState<Version>(transcripts.scored);
  const scored = (v: Version) => (transcripts.scored === v ? ' (scored)' : '');
  return (
    <Tabs value={version} onValueChange={(v) => setVersion(v === 'browser' ? 'browser' : 'server')} className="space-y-3">
      <TabsList aria-label="Transcript version">
        <TabsTrigger value="server">Server transcript{scored('server')}</TabsTrigger>
        <TabsTrigger value="browser">Browser&apos;s live transcript{scored('browser')}</TabsTrigger>
      </TabsList>
      <TabsContent value="server" className="space-y-2">
        <p className="text-xs text-slate-600">
          Transcribed from the recording by {transcriberName(server)}: the questions as asked, the candidate&apos;s words as heard in the recording.
        </p>
        <TranscriptErrorBoundary raw={server.transcript}>
          <TranscriptBody rows={server.transcript} raw={null} />
        </TranscriptErrorBoundary>
      </TabsContent>
      <TabsContent value="browser" className="space-y-2">
        <p className="text-xs text-slate-600">Written live by the candidate&apos;s browser during the interview.</p>
        <TranscriptErrorBoundary raw={transcripts.browser}>
          <TranscriptBody rows={transcripts.browser} raw={null} />
        </TranscriptErrorBoundary>
      </TabsContent>
    </Tabs>
  );
}

/** The rows; a stored transcript the server could not read, as it was stored; else that there is none. */
function TranscriptBody({ rows, raw }: { rows: TranscriptEntry[] | null; raw: string | null }) {
  if (raw !== null) return <RawBlock value={raw} label="Raw transcript" />;
  if (!rows?.length) return <p className="text-sm text-slate-600">No transcript was recorded for this interview.</p>;
  return <TranscriptRows rows={rows} />;
}

/** Said under the heading, so a recruiter who never opens the transcript still learns it (issue 32). */
export function turnsNotScored(rows: TranscriptEntry[]): string | null {
  const practice = rows.some((r) => r.practice);
  const redone = rows.filter((r) => r.replaced).length;
  const parts = [
    practice ? 'It opens with a practice question, which was not scored.' : null,
    redone > 0 ? `The candidate redid ${redone === 1 ? 'one answer' : `${redone} answers`}; only the new ${redone === 1 ? 'answer was' : 'answers were'} scored.` : null,
  ].filter((part): part is string => part !== null);
  return parts.length > 0 ? parts.join(' ') : null;
}

function TurnsNotScored({ rows }: { rows: TranscriptEntry[] | null }) {
  const note = rows ? turnsNotScored(rows) : null;
  return note ? <p className="text-sm text-slate-600">{note}</p> : null;
}

export const REPLACED_ANSWER = 'The candidate chose to redo this answer. It is not scored and not shown here; the recording keeps it.';

/** Turns the interview was not judged on, and the answer that replaced one, say so (issue 32). */
function TurnMark({ row, isCandidate }: { row: TranscriptEntry; isCandidate: boolean }) {
  const mark = row.practice ? 'Practice, not scored' : row.replaced ? 'Redone, not scored' : row.retake ? (isCandidate ? 'Retaken answer' : 'Retake') : null;
  if (!mark) return null;
  return <span className="rounded-full bg-slate-200 px-2 py-0.5 text-xs font-medium text-slate-700">{mark}</span>;
}

/** The turns; the candidate's are tinted, and the one being played is marked (aria-current) and kept in view. */
function TranscriptRows({ rows }: { rows: TranscriptEntry[] }) {
  const player = useRecordingPlayer();
  const currentMs = useRecordingTime();
  const active = activeRowIndex(rows, currentMs);
  const listRef = useRef<HTMLOListElement>(null);

  useEffect(() => {
    const list = listRef.current;
    const item = active >= 0 ? list?.children[active] : undefined;
    if (!list || !(item instanceof HTMLElement)) return;
    const top = item.offsetTop;
    if (top < list.scrollTop || top + item.offsetHeight > list.scrollTop + list.clientHeight) {
      list.scrollTop = Math.max(0, top - list.clientHeight / 3);
    }
  }, [active]);

  return (
    <ol ref={listRef} aria-label="Transcript" tabIndex={0} className="relative max-h-[32rem] space-y-2 overflow-y-auto rounded-md p-1">
      {rows.map((row, index) => {
        const isCandidate = isCandidateSpeaker(row.speaker);
        const isActive = index === active;
        const startMs = row.startMs;
        const content = (
          <>
            <span className="flex items-center gap-2">
              <span className={cn('text-xs font-semibold', isCandidate ? 'text-brand-700' : 'text-slate-700')}>{row.speaker}</span>
              <TurnMark row={row} isCandidate={isCandidate} />
              {startMs !== undefined ? (
                <span className="inline-flex items-center gap-1 text-xs text-slate-600 tabular-nums">
                  {player.canSeek ? <Play className="size-3" aria-hidden="true" /> : null}
                  {formatOffset(startMs)}
                </span>
              ) : null}
            </span>
            {row.replaced ? (
              <span className="mt-0.5 block text-sm text-slate-600 italic">{REPLACED_ANSWER}</span>
            ) : (
              <span className="mt-0.5 block text-sm whitespace-pre-wrap text-slate-900">{row.text}</span>
            )}
          </>
        );
        return (
          <li
            key={index}
            aria-current={isActive ? 'true' : undefined}
            className={cn(
              'rounded-md border-l-4',
              isCandidate ? 'border-brand-500 bg-brand-50' : 'border-transparent bg-slate-50',
              isActive && 'bg-amber-50 ring-2 ring-amber-400',
            )}
          >
            {player.canSeek && startMs !== undefined ? (
              <button type="button" onClick={() => player.seekTo(startMs)} className="block w-full rounded-md px-3 py-2 text-left hover:bg-black/5">
                {content}
                <span className="sr-only">, play the recording from {formatOffset(startMs)}</span>
              </button>
            ) : (
              <div className="px-3 py-2">{content}</div>
            )}
          </li>
        );
      })}
    </ol>
  );
}
