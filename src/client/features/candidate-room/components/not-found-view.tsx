import { AlertCircle } from 'lucide-react';
import { MessageCard } from './message-card';
import { RoomFrame } from './room-frame';

/** A link with a missing or wrong token, an unknown interview or a missing job. */
export function NotFoundView() {
  return (
    <RoomFrame>
      <MessageCard icon={<AlertCircle className="text-red-500" />} title="Interview Not Found">
        <p>This interview link appears to be invalid or has expired.</p>
      </MessageCard>
    </RoomFrame>
  );
}
