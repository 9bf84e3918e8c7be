import { useEffect, useRef } from 'react';
import { Card, CardContent, CardHeader, CardTitle } from '@/client/components/ui/card';
import { cn } from '@/client/lib/cn';
import type { CallLine } from '../hooks/call-conversation';

/** The running transcript, newest at the bottom and kept in view. */
export function CallTranscript({ lines, agentName, candidateLabel }: { lines: CallLine[]; agentName: string; candidateLabel: string }) {
  const listRef = useRef<HTMLOListElement>(null);
  useEffect(() => {
    const list = listRef.current;
    if (list) list.scrollTop = list.scrollHeight;
  }, [lines.length]);
  return (
    <Card role="region" aria-labelledby="call-transcript-heading">
      <CardHeader>
        <CardTitle as="h2" id="call-transcript-heading">
          Transcript
        </CardTitle>
      </CardHeader>
      <CardContent>
        {lines.length === 0 ? (
          <p className="text-sm text-slate-500">The conversation will appear here.</p>
        ) : (
          <ol ref={listRef} aria-label="Call transcript" tabIndex={0} className="max-h-[28rem] space-y-2 overflow-y-auto rounded-md p-1">
            {lines.map((line, index) => (
              <li key={index} className={cn('rounded-md border-l-4 px-3 py-2', line.speaker === 'candidate' ? 'border-brand-500 bg-brand-50' : 'border-transparent bg-slate-50')}>
                <span className={cn('block text-xs font-semibold', line.speaker === 'candidate' ? 'text-brand-700' : 'text-slate-700')}>
                  {line.speaker === 'agent' ? `${agentName} (AI)` : candidateLabel}
                </span>
                <span className="mt-0.5 block text-sm whitespace-pre-wrap text-slate-900">{line.text}</span>
              </li>
            ))}
          </ol>
        )}
      </CardContent>
    </Card>
  );
}
