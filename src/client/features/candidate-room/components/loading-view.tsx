import { Spinner } from '@/client/components/ui/spinner';
import { RoomFrame } from './room-frame';

export function LoadingView() {
  return (
    <RoomFrame>
      <Spinner className="size-8 text-brand-600" label="Loading your interview" />
    </RoomFrame>
  );
}
