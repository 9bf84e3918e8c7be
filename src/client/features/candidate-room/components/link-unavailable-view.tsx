import { Clock, DoorClosed } from 'lucide-react';
import type { CandidateInterview, LinkAvailability } from '@/contracts/interviews';
import { formatCandidateTime } from '@/client/lib/candidate-dates';
import { DataRequestSection } from './data-request-section';
import { MessageCard } from './message-card';
import { RoomFrame } from './room-frame';

type Contact = NonNullable<CandidateInterview['contact']>;

/** "Contact Acme (jane@acme.com)", or "Contact Acme" when no address is known. */
const contactOf = (c: Contact) => `Contact ${c.companyName}${c.email ? ` (${c.email})` : ''}`;

interface LinkUnavailableViewProps {
  availability: Exclude<LinkAvailability, 'open'>;
  linkExpiresAt: string | null;
  contact: Contact;
  link: { interviewId: number; token: string };
}

/**
 * A link that no longer starts its interview (decision 030): it expired before the candidate
 * started, or the position was closed. Says so and whom to contact; the candidate may still ask
 * for their data to be deleted.
 */
export function LinkUnavailableView({ availability, linkExpiresAt, contact, link }: LinkUnavailableViewProps) {
  const isClosed = availability === 'job_closed';
  return (
    <RoomFrame>
      <MessageCard
        icon={isClosed ? <DoorClosed className="text-slate-500" /> : <Clock className="text-amber-600" />}
        title={isClosed ? 'This position is closed' : 'This interview link has expired'}
      >
        {isClosed ? (
          <p>This position is closed, so the interview can no longer be taken. {contactOf(contact)} with any questions.</p>
        ) : (
          <p>
            This interview link expired{linkExpiresAt ? ` on ${formatCandidateTime(linkExpiresAt)}` : ''}. {contactOf(contact)} for a new link.
          </p>
        )}
        <div className="border-t border-slate-200 pt-4 text-left">
          <DataRequestSection interviewId={link.interviewId} token={link.token} />
        </div>
      </MessageCard>
    </RoomFrame>
  );
}
