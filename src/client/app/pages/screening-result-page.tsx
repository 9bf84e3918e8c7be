import { useParams } from 'wouter';
import { ScreeningResult } from '@/client/features/phone-screenings/components/screening-result';
import { AppShell } from '../app-shell';
import { NotFoundPage } from './not-found-page';

/** A candidate's phone screening result: /phone-screening/{id}/candidates/{candidateId}. */
export function ScreeningResultPage() {
  const { id, candidateId } = useParams<{ id: string; candidateId: string }>();
  if (!/^\d+$/.test(candidateId)) return <NotFoundPage />;
  return (
    <AppShell>
      <ScreeningResult key={candidateId} screeningId={id} candidateId={Number(candidateId)} />
    </AppShell>
  );
}
