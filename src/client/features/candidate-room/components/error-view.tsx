import { TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/client/components/ui/button';
import { MessageCard } from './message-card';
import { RoomFrame } from './room-frame';

interface ErrorViewProps {
  message: string;
  onRetry: () => void;
  isRetrying?: boolean;
  /** What else the candidate can do, below Try Again (a start that failed in this browser: ask for an alternative). */
  children?: ReactNode;
}

/** Title 'Error', the message and 'Try Again', which clears the error and carries on. */
export function ErrorView({ message, onRetry, isRetrying = false, children }: ErrorViewProps) {
  return (
    <RoomFrame>
      <MessageCard icon={<TriangleAlert className="text-red-500" />} title="Error">
        <p role="alert" className="text-slate-700">
          {message}
        </p>
        <Button onClick={onRetry} disabled={isRetrying}>
          Try Again
        </Button>
        {children}
      </MessageCard>
    </RoomFrame>
  );
}
