import { cn } from '@/client/lib/cn';
import { useAudioLevel } from '../hooks/use-audio-level';

/** The microphone's live loudness as a bar (role meter, 0-100), so the candidate sees they are heard. */
export function LevelMeter({ stream, className }: { stream: MediaStream | null; className?: string }) {
  const level = useAudioLevel(stream);
  return (
    <div
      role="meter"
      aria-label="Microphone level"
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={level}
      className={cn('h-2.5 w-full overflow-hidden rounded-full bg-slate-200', className)}
    >
      <div
        className={cn('h-full rounded-full transition-[width] duration-75', level > 85 ? 'bg-amber-500' : 'bg-green-500')}
        style={{ width: `${level}%` }}
      />
    </div>
  );
}
