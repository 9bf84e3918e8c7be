import { Button } from '@/client/components/ui/button';
import { useRecordingPlayer } from '../hooks/use-recording-player';

/** The video player; a recording in several parts plays them in order, and the recruiter can pick a part. */
export function RecordingPlayer() {
  const { videoRef, videoEvents, segments, segmentIndex } = useRecordingPlayer();
  const segment = segments[segmentIndex];
  return (
    <div className="space-y-3">
      <video
        ref={videoRef}
        src={segment?.url}
        controls
        playsInline
        preload="metadata"
        aria-label="Interview recording"
        className="aspect-video w-full max-w-3xl rounded-lg bg-black"
        {...videoEvents}
      />
      <RecordingParts />
    </div>
  );
}

/** 'Part 1 of N' and a button per part; nothing for a recording in one part. */
export function RecordingParts() {
  const { segments, segmentIndex, selectSegment, isOpen } = useRecordingPlayer();
  if (segments.length < 2) return null;
  return (
    <div className="flex flex-wrap items-center gap-2">
      <p className="mr-2 text-sm font-medium text-slate-700" aria-live="polite">
        Part {segmentIndex + 1} of {segments.length}
      </p>
      {isOpen ? (
        <div role="group" aria-label="Recording parts" className="flex flex-wrap gap-2">
          {segments.map((segment, index) => (
            <Button
              key={segment.url}
              type="button"
              size="sm"
              variant={index === segmentIndex ? 'default' : 'outline'}
              aria-pressed={index === segmentIndex}
              onClick={() => selectSegment(index)}
            >
              Part {index + 1}
            </Button>
          ))}
        </div>
      ) : null}
      <p className="w-full text-xs text-slate-500">The candidate’s page reloaded during the interview, so the recording is in parts; they play one after another.</p>
    </div>
  );
}
