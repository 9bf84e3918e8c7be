import { CloudUpload, WifiOff } from 'lucide-react';
import type { UploadProgress } from '@/client/features/candidate-room/recording/types';

/** Show the upload's progress during the interview only once it falls this far behind. */
const BACKLOG_BYTES = 1024 * 1024;

export const OFFLINE_MESSAGE =
  'You appear to be offline. Keep going — your answers and recording are kept on this device and will upload when the connection returns.';

export function uploadPercent({ recordedBytes, uploadedBytes }: UploadProgress): number {
  if (recordedBytes <= 0) return 0;
  return Math.min(100, Math.floor((uploadedBytes / recordedBytes) * 100));
}

/** The offline notice, and the recording's upload progress when it matters (always while submitting). */
export function RecordingStatus({ progress, alwaysShowProgress = false }: { progress: UploadProgress; alwaysShowProgress?: boolean }) {
  const behind = progress.recordedBytes - progress.uploadedBytes;
  const showProgress = alwaysShowProgress || !progress.online || behind > BACKLOG_BYTES;
  return (
    <div className="space-y-2">
      <div aria-live="polite">
        {progress.online ? null : (
          <p className="flex items-start gap-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
            <WifiOff className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            {OFFLINE_MESSAGE}
          </p>
        )}
      </div>
      {showProgress ? (
        <p className="flex items-center gap-1.5 text-xs text-slate-500">
          <CloudUpload className="size-3.5" aria-hidden="true" />
          Saving your recording… {uploadPercent(progress)}%
        </p>
      ) : null}
    </div>
  );
}
