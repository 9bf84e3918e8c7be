import { createContext, useCallback, useContext, useMemo, useRef, useState, useSyncExternalStore, type RefObject, type SyntheticEvent } from 'react';
import type { RecordingStatus } from '@/contracts/report';
import { toast } from '@/client/components/ui/use-toast';
import { useRecordingStatus } from '../api/get-recording-status';
import { locateOffset, segmentStartMs } from '../utils/locate-offset';

export interface RecordingSegment {
  url: string;
  bytes: number;
}

/** The playback position in the whole recording (ms), kept outside React state so only its readers re-render. */
interface TimeStore {
  get: () => number | null;
  set: (ms: number | null) => void;
  subscribe: (listener: () => void) => () => void;
}

function createTimeStore(): TimeStore {
  let value: number | null = null;
  const listeners = new Set<() => void>();
  return {
    get: () => value,
    set: (ms) => {
      if (ms === value) return;
      value = ms;
      for (const listener of listeners) listener();
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

type VideoEvent = SyntheticEvent<HTMLVideoElement>;

export interface RecordingPlayer {
  /** The recording status call (made only for a completed interview). */
  status: ReturnType<typeof useRecordingStatus>;
  /** The recording's parts in order (one unless the candidate's page reloaded mid-interview). */
  segments: RecordingSegment[];
  /** True when there is a recording to seek in (transcript rows and evidence become buttons). */
  canSeek: boolean;
  isOpen: boolean;
  /** True while the status is asked again because it had no URL. */
  isOpening: boolean;
  /** Shows the player (asking for the status again when it had no URL) and starts playing. */
  open: () => Promise<void>;
  segmentIndex: number;
  selectSegment: (index: number) => void;
  /** Plays from `ms` after the start of the recording, opening the player if needed. */
  seekTo: (ms: number) => void;
  videoRef: RefObject<HTMLVideoElement | null>;
  /** Spread on the player's <video>. */
  videoEvents: {
    onLoadedMetadata: (event: VideoEvent) => void;
    onDurationChange: (event: VideoEvent) => void;
    onTimeUpdate: (event: VideoEvent) => void;
    onSeeked: (event: VideoEvent) => void;
    onEnded: (event: VideoEvent) => void;
    onError: () => void;
  };
  timeStore: TimeStore;
}

const HAVE_METADATA = 1;

export function showRecordingError(): void {
  toast({ title: 'Error', description: 'Could not load the interview recording. Please try again later.', variant: 'destructive' });
}

function segmentsOf(status: RecordingStatus | undefined): RecordingSegment[] {
  if (!status) return [];
  if (status.segments.length > 0) return status.segments;
  return status.recordingUrl ? [{ url: status.recordingUrl, bytes: 0 }] : [];
}

const prefersReducedMotion = () => window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/**
 * The report's one recording player: the status call, which part is loaded, and seeking to an
 * offset from anywhere in the report (evidence quotes, transcript rows). Offsets count from the
 * start of the whole recording; a part's duration is learnt when the player loads or finishes it,
 * and until then a time is sought in the first part whose duration is unknown.
 */
export function useRecordingPlayerState(interviewId: number, options: { enabled: boolean }): RecordingPlayer {
  const status = useRecordingStatus(interviewId, options);
  const segments = useMemo(() => segmentsOf(status.data), [status.data]);
  const [isOpen, setIsOpen] = useState(false);
  const [isOpening, setIsOpening] = useState(false);
  const [segmentIndex, setSegmentIndex] = useState(0);
  const [timeStore] = useState(createTimeStore);
  const videoRef = useRef<HTMLVideoElement>(null);
  const durationsRef = useRef<(number | undefined)[]>([]);
  const pendingSeekRef = useRef<{ segment: number; ms: number } | null>(null);
  const playOnLoadRef = useRef(false);
  const { refetch } = status;

  const open = useCallback(async () => {
    if (segments.length > 0) {
      playOnLoadRef.current = true;
      setIsOpen(true);
      return;
    }
    setIsOpening(true);
    try {
      const result = await refetch();
      if (segmentsOf(result.data).length === 0) throw new Error('The recording status has no URL');
      playOnLoadRef.current = true;
      setIsOpen(true);
    } catch {
      pendingSeekRef.current = null;
      showRecordingError();
    } finally {
      setIsOpening(false);
    }
  }, [segments.length, refetch]);

  const applyPendingSeek = useCallback((video: HTMLVideoElement) => {
    const pending = pendingSeekRef.current;
    if (!pending) return;
    pendingSeekRef.current = null;
    playOnLoadRef.current = false;
    // play() first: on an ended video it rewinds to the start, which the seek then overrides.
    void video.play().catch(() => undefined);
    video.currentTime = pending.ms / 1000;
    video.scrollIntoView({ block: 'nearest', behavior: prefersReducedMotion() ? 'auto' : 'smooth' });
  }, []);

  const seekTo = useCallback(
    (ms: number) => {
      const target = locateOffset(ms, durationsRef.current, Math.max(1, segments.length));
      pendingSeekRef.current = target;
      const video = videoRef.current;
      if (isOpen && video && target.segment === segmentIndex && video.readyState >= HAVE_METADATA) {
        applyPendingSeek(video);
        return;
      }
      // Otherwise the seek happens when the right part's metadata has loaded.
      setSegmentIndex(target.segment);
      if (!isOpen) void open();
    },
    [segments.length, isOpen, segmentIndex, applyPendingSeek, open],
  );

  const selectSegment = useCallback(
    (index: number) => {
      if (index === segmentIndex) return;
      pendingSeekRef.current = null;
      const video = videoRef.current;
      playOnLoadRef.current = Boolean(video && !video.paused);
      timeStore.set(null);
      setSegmentIndex(index);
    },
    [segmentIndex, timeStore],
  );

  const videoEvents = useMemo((): RecordingPlayer['videoEvents'] => {
    const learnDuration = (video: HTMLVideoElement) => {
      if (Number.isFinite(video.duration) && video.duration > 0) durationsRef.current[segmentIndex] = video.duration * 1000;
    };
    const publishTime = (video: HTMLVideoElement) => {
      const start = segmentStartMs(segmentIndex, durationsRef.current);
      timeStore.set(start === null ? null : start + video.currentTime * 1000);
    };
    return {
      onLoadedMetadata: (event) => {
        const video = event.currentTarget;
        learnDuration(video);
        if (pendingSeekRef.current?.segment === segmentIndex) {
          applyPendingSeek(video);
        } else if (playOnLoadRef.current) {
          playOnLoadRef.current = false;
          void video.play().catch(() => undefined);
        }
      },
      onDurationChange: (event) => learnDuration(event.currentTarget),
      onTimeUpdate: (event) => publishTime(event.currentTarget),
      onSeeked: (event) => publishTime(event.currentTarget),
      onEnded: (event) => {
        const video = event.currentTarget;
        // A MediaRecorder WebM often has no duration in its header; at its end the position is the duration.
        if (durationsRef.current[segmentIndex] === undefined && video.currentTime > 0) durationsRef.current[segmentIndex] = video.currentTime * 1000;
        if (segmentIndex < segments.length - 1) {
          playOnLoadRef.current = true;
          setSegmentIndex(segmentIndex + 1);
        }
      },
      onError: showRecordingError,
    };
  }, [segmentIndex, segments.length, timeStore, applyPendingSeek]);

  const hasRecording = status.data?.hasRecording === true;
  return useMemo(
    () => ({
      status,
      segments,
      canSeek: options.enabled && hasRecording,
      isOpen,
      isOpening,
      open,
      segmentIndex,
      selectSegment,
      seekTo,
      videoRef,
      videoEvents,
      timeStore,
    }),
    [status, segments, options.enabled, hasRecording, isOpen, isOpening, open, segmentIndex, selectSegment, seekTo, videoEvents, timeStore],
  );
}

/** The report's player, provided by the report so the evidence and the transcript can seek it. */
export const RecordingPlayerContext = createContext<RecordingPlayer | null>(null);

export function useRecordingPlayer(): RecordingPlayer {
  const player = useContext(RecordingPlayerContext);
  if (!player) throw new Error('useRecordingPlayer must be used within the interview report');
  return player;
}

/** The playback position in the whole recording (ms), or null before the player has played. */
export function useRecordingTime(): number | null {
  const { timeStore } = useRecordingPlayer();
  return useSyncExternalStore(timeStore.subscribe, timeStore.get, timeStore.get);
}
