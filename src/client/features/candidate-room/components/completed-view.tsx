import { CircleCheck } from 'lucide-react';
import { DataRequestSection } from './data-request-section';
import { MessageCard } from './message-card';
import { RoomFrame } from './room-frame';
import { SelfIdentificationSection } from './self-identification-section';

/** The end of the interview; also what a link shows once its interview was handed in. */
export function CompletedView({ alreadySubmitted = false, link }: { alreadySubmitted?: boolean; link: { interviewId: number; token: string } }) {
  return (
    <RoomFrame>
      <MessageCard icon={<CircleCheck className="text-green-600" />} title="Interview Completed">
        {alreadySubmitted ? (
          <p>This interview has already been submitted. Thank you for participating.</p>
        ) : (
          <p>Thank you for participating. Your interview has been recorded and submitted.</p>
        )}
        <p className="text-sm">You can close this page now.</p>
        <SelfIdentificationSection interviewId={link.interviewId} token={link.token} />
        <div className="border-t border-slate-200 pt-4 text-left">
          <DataRequestSection interviewId={link.interviewId} token={link.token} />
        </div>
      </MessageCard>
    </RoomFrame>
  );
}
