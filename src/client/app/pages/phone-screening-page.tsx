import { useParams } from 'wouter';
import { ImportCandidatesButton } from '@/client/features/imports/components/import-candidates-button';
import { PhoneScreeningDetail } from '@/client/features/phone-screenings/components/phone-screening-detail';
import { AppShell } from '../app-shell';

export function PhoneScreeningPage() {
  const { id } = useParams<{ id: string }>();
  return (
    <AppShell>
      <PhoneScreeningDetail key={id} id={id} candidateActions={(screeningId) => <ImportCandidatesButton target={{ kind: 'screening', id: screeningId }} />} />
    </AppShell>
  );
}
