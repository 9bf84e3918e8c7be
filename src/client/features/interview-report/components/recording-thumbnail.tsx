import { Loader2, Play } from 'lucide-react';
import { useState, type SyntheticEvent } from 'react';

const THUMBNAIL_AT_SECONDS = 1;

interface RecordingThumbnailProps {
  /** The first part's URL; without one the button still opens the player (which asks for the status again). */
  url: string | undefined;
  onPlay: () => void;
  isBusy: boolean;
}

/**
 * A still taken 1 s into the recording (a hidden video loads only the metadata, seeks, and the
 * frame is drawn to a canvas), under the 'View Interview Recording' play button. Until the frame
 * is ready, or if it cannot be taken, the button shows on a dark panel.
 */
export function RecordingThumbnail({ url, onPlay, isBusy }: RecordingThumbnailProps) {
  const [thumbnail, setThumbnail] = useState<string | null>(null);

  const seekToFrame = (event: SyntheticEvent<HTMLVideoElement>) => {
    const video = event.currentTarget;
    const duration = video.duration;
    video.currentTime = Number.isFinite(duration) && duration > 0 ? Math.min(THUMBNAIL_AT_SECONDS, duration / 2) : THUMBNAIL_AT_SECONDS;
  };

  const drawFrame = (event: SyntheticEvent<HTMLVideoElement>) => {
    const video = event.currentTarget;
    if (thumbnail || !video.videoWidth || !video.videoHeight) return;
    const canvas = document.createElement('canvas');
    canvas.width = video.videoWidth;
    canvas.height = video.videoHeight;
    const context = canvas.getContext('2d');
    if (!context) return;
    try {
      context.drawImage(video, 0, 0, canvas.width, canvas.height);
      setThumbnail(canvas.toDataURL('image/jpeg', 0.8));
    } catch {
      // An undecodable frame: keep the plain panel.
    }
  };

  return (
    <div className="relative aspect-video w-full max-w-3xl overflow-hidden rounded-lg bg-slate-900">
      {url ? (
        <video key={url} src={url} preload="metadata" muted playsInline hidden aria-hidden="true" onLoadedMetadata={seekToFrame} onSeeked={drawFrame} />
      ) : null}
      {thumbnail ? <img src={thumbnail} alt="" className="absolute inset-0 size-full object-cover" /> : null}
      <button
        type="button"
        onClick={onPlay}
        disabled={isBusy}
        className="group absolute inset-0 flex flex-col items-center justify-center gap-3 bg-black/30 text-white transition-colors hover:bg-black/40 focus-visible:outline-4 focus-visible:-outline-offset-4 focus-visible:outline-white disabled:cursor-wait"
      >
        <span className="flex size-16 items-center justify-center rounded-full bg-white/90 text-slate-900 shadow-lg transition-transform group-hover:scale-105">
          {isBusy ? <Loader2 className="size-7 animate-spin" aria-hidden="true" /> : <Play className="ml-1 size-7" aria-hidden="true" />}
        </span>
        <span className="rounded-md bg-black/50 px-3 py-1 text-sm font-medium">View Interview Recording</span>
      </button>
    </div>
  );
}
