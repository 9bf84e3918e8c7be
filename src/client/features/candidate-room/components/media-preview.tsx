import { Mic } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { cn } from '@/client/lib/cn';
import { LevelMeter } from './level-meter';

interface MediaPreviewProps {
  stream: MediaStream | null;
  /** False for an audio-only interview: no camera, just the microphone's level. */
  video: boolean;
  /** A smaller camera picture, leaving the room's height to the answer box (typed answers). */
  compact?: boolean;
  className?: string;
}

/** The candidate's own camera (muted, mirrored like a mirror) and microphone level. */
export function MediaPreview({ stream, video, compact = false, className }: MediaPreviewProps) {
  const element = useRef<HTMLVideoElement>(null);

  useEffect(() => {
    const el = element.current;
    if (!el) return;
    el.srcObject = stream;
    if (stream) el.play().catch(() => undefined);
  }, [stream, video]);

  return (
    <div className={cn('space-y-3', className)}>
      {video ? (
        <video
          ref={element}
          muted
          autoPlay
          playsInline
          aria-label="Your camera preview"
          className={cn('aspect-video w-full -scale-x-100 rounded-lg bg-slate-900 object-cover', compact ? 'max-h-[30vh]' : 'max-h-[45vh]')}
        />
      ) : (
        <div className="flex aspect-[4/1] min-h-24 w-full flex-col items-center justify-center gap-1 rounded-lg bg-slate-900 text-slate-100">
          <Mic className="size-8" aria-hidden="true" />
          <p className="text-sm">Audio only: your microphone is recorded, not your camera.</p>
        </div>
      )}
      <div className="flex items-center gap-3">
        <Mic className="size-4 shrink-0 text-slate-500" aria-hidden="true" />
        <LevelMeter stream={stream} />
      </div>
    </div>
  );
}
