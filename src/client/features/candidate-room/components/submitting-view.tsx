import { Spinner } from '@/client/components/ui/spinner';
import type { UploadProgress } from '@/client/features/candidate-room/recording/types';
import { MessageCard } from './message-card';
import { RecordingStatus } from './recording-status';
import { RoomFrame } from './room-frame';

/** After the last answer: the recording finishes uploading, then the interview is handed in. */
export function SubmittingView({ progress }: { progress: UploadProgress }) {
  return (
    <RoomFrame>
      <MessageCard icon={<Spinner className="size-10 text-brand-600" label="Submitting" />} title="Submitting your interview…">
        <p>Please keep this page open until your interview has been submitted.</p>
        <RecordingStatus progress={progress} alwaysShowProgress />
      </MessageCard>
    </RoomFrame>
  );
}
