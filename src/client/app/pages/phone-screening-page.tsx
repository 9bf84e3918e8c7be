import { useParams } from 'wouter';
import { ApplyPageCard } from '@/client/features/apply/components/apply-page-card';
import { useCan } from '@/client/hooks/use-company-role';
import { ImportCandidatesButton } from '@/client/features/imports/components/import-candidates-button';
import { PhoneScreeningDetail } from '@/client/features/phone-screenings/components/phone-screening-detail';
import { AppShell } from '../app-shell';

export function PhoneScreeningPage() {
  const { id } = useParams<{ id: string }>();
  const canEdit = useCan('recruiter');
  return (
    <AppShell>
      <PhoneScreeningDetail
        key={id}
        id={id}
        candidateActions={(screeningId) => <ImportCandidatesButton target={{ kind: 'screening', id: screeningId }} />}
        // The public application page (decision 035), once the screening is found.
        footer={(screeningId) => <ApplyPageCard target={{ kind: 'screening', id: screeningId }} canEdit={canEdit} />}
      />
    </AppShell>
  );
}
