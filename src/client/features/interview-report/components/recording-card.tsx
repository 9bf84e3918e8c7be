import { Loader2, VideoOff } from 'lucide-react';
import { useId } from 'react';
import { Button } from '@/client/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/client/components/ui/card';
import { useRecordingPlayer } from '../hooks/use-recording-player';
import { RecordingParts, RecordingPlayer } from './recording-player';
import { RecordingThumbnail } from './recording-thumbnail';

/** The recording of a completed interview: checking, then a thumbnail with a play button, then the player. */
export function RecordingCard() {
  const headingId = useId();
  const player = useRecordingPlayer();
  const { status } = player;

  let body;
  if (status.isPending) {
    body = (
      <div role="status" className="flex items-center gap-2 text-sm text-slate-600">
        <Loader2 className="size-5 animate-spin text-brand-600" aria-hidden="true" />
        Checking for recording...
      </div>
    );
  } else if (status.isError || !status.data.hasRecording) {
    body = (
      <div className="flex flex-wrap items-center gap-3 text-sm text-slate-600">
        <VideoOff className="size-5 shrink-0 text-slate-400" aria-hidden="true" />
        <p>Recording not available</p>
        {status.isError ? (
          <Button type="button" variant="outline" size="sm" onClick={() => void status.refetch()}>
            Check again
          </Button>
        ) : null}
      </div>
    );
  } else if (player.isOpen) {
    body = <RecordingPlayer />;
  } else {
    body = (
      <div className="space-y-3">
        <RecordingThumbnail url={player.segments[0]?.url} onPlay={() => void player.open()} isBusy={player.isOpening} />
        <RecordingParts />
      </div>
    );
  }

  return (
    <Card role="region" aria-labelledby={headingId}>
      <CardHeader>
        <CardTitle as="h2" id={headingId}>
          Interview Recording
        </CardTitle>
      </CardHeader>
      <CardContent>{body}</CardContent>
    </Card>
  );
}
