import { AudioLines, TriangleAlert } from 'lucide-react';
import type { InterviewTranscripts } from '@/contracts/report';

type ServerTranscript = NonNullable<InterviewTranscripts['server']>;

/** "OpenAI whisper-1", or the model on the operator's own server. */
export function transcriberName(server: Pick<ServerTranscript, 'provider' | 'model'>): string {
  return server.provider === 'openai' ? `OpenAI ${server.model}` : `${server.model} on an OpenAI-compatible server`;
}

/**
 * Which transcript the evaluation scored: the server's transcription of the recording, or the
 * browser's live transcript and why. Nothing is said when server transcription is not in use.
 */
export function TranscriptSource({ transcripts }: { transcripts: InterviewTranscripts | undefined }) {
  if (transcripts?.server && transcripts.scored === 'server') {
    return (
      <p className="flex items-start gap-2 text-sm text-slate-600">
        <AudioLines className="mt-0.5 size-4 shrink-0 text-brand-600" aria-hidden="true" />
        Scored on the server transcript ({transcriberName(transcripts.server)})
      </p>
    );
  }
  if (transcripts?.fallbackReason) {
    return (
      <p className="flex items-start gap-2 text-sm text-amber-800">
        <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        Scored on the browser&apos;s live transcript: {transcripts.fallbackReason}
      </p>
    );
  }
  return null;
}
