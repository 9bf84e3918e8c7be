import { Camera, Mic } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/client/components/ui/button';
import { MEDIA_ERROR, UNSUPPORTED_BROWSER } from '../hooks/use-interview-flow';
import { isUnsupportedBrowserError } from '../utils/browser-support';
import { MediaPreview } from './media-preview';

interface DeviceCheckProps {
  stream: MediaStream | null;
  video: boolean;
  isAcquiring: boolean;
  onTest: () => Promise<MediaStream>;
}

/** Lets the candidate see their camera and microphone work before the interview starts. */
export function DeviceCheck({ stream, video, isAcquiring, onTest }: DeviceCheckProps) {
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const test = async () => {
    setFailure(null);
    setPending(true);
    try {
      await onTest();
    } catch (err) {
      setFailure(isUnsupportedBrowserError(err) ? UNSUPPORTED_BROWSER : MEDIA_ERROR);
    } finally {
      setPending(false);
    }
  };

  return (
    <div className="space-y-3">
      {stream ? (
        <MediaPreview stream={stream} video={video} className="max-w-md" />
      ) : (
        <Button type="button" variant="outline" onClick={() => void test()} disabled={pending || isAcquiring}>
          {video ? <Camera aria-hidden="true" /> : <Mic aria-hidden="true" />}
          {video ? 'Test camera and microphone' : 'Test microphone'}
        </Button>
      )}
      {stream ? <p className="text-sm text-slate-600">Speak to see the microphone bar move.</p> : null}
      {failure ? (
        <p role="alert" className="text-sm text-red-700">
          {failure}
        </p>
      ) : null}
    </div>
  );
}
