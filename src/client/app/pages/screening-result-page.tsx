import { useParams } from 'wouter';
import { recordIdFrom } from '@/contracts/record-ids';
import { ApplicationCard } from '@/client/features/apply/components/application-card';
import { ScreeningResult } from '@/client/features/phone-screenings/components/screening-result';
import { AppShell } from '../app-shell';
import { NotFoundPage } from './not-found-page';

/** A candidate's phone screening result: /phone-screening/{id}/candidates/{candidateId}. */
export function ScreeningResultPage() {
  const { id, candidateId } = useParams<{ id: string; candidateId: string }>();
  const candidate = recordIdFrom(candidateId);
  if (candidate === null) return <NotFoundPage />;
  return (
    <AppShell>
      <ScreeningResult key={candidateId} screeningId={id} candidateId={candidate} />
      {/* The cover note and CV of a candidate who applied on the public page (decision 035). */}
      <div className="mt-6">
        <ApplicationCard key={candidateId} applicant={{ kind: 'phone_candidate', id: candidate }} />
      </div>
    </AppShell>
  );
}
