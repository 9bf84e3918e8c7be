import { useParams } from 'wouter';
import { recordIdFrom } from '@/contracts/record-ids';
import { ScreeningCall } from '@/client/features/phone-screenings/components/call-page';
import { AppShell } from '../app-shell';
import { NotFoundPage } from './not-found-page';

/** The recruiter takes a candidate's screening call in the browser: /phone-screening/{id}/call/{candidateId}. */
export function PhoneScreeningCallPage() {
  const { id, candidateId } = useParams<{ id: string; candidateId: string }>();
  const candidate = recordIdFrom(candidateId);
  if (candidate === null) return <NotFoundPage />;
  return (
    <AppShell>
      <ScreeningCall key={candidateId} screeningId={id} candidateId={candidate} />
    </AppShell>
  );
}
