import type { ScreeningResult } from '@/contracts/phone-call-results';
import { CandidateDataCard } from '@/client/components/candidate-data-card';
import { useDeleteCandidateData } from '../api/delete-candidate-data';
import { useSetCandidateLegalHold } from '../api/set-candidate-legal-hold';

/** What deleting a phone candidate's data removes (docs/decisions/021-candidate-data.md). */
const DELETES = [
  'The call recordings, also at the telephony provider',
  'The call transcripts',
  'The AI’s notes and evidence quotes',
  'The notes about the candidate',
  'The candidate’s name and phone number, and their call link (no more calls are placed)',
] as const;

/** The screening result's 'Candidate data' card: legal hold and deletion for this candidate. */
export function ScreeningDataCard({ result }: { result: ScreeningResult }) {
  const hold = useSetCandidateLegalHold(result.id);
  const erase = useDeleteCandidateData(result.id, result.screeningId);
  return (
    <CandidateDataCard
      candidateName={result.candidateName}
      deletes={DELETES}
      deletedAt={result.dataDeletedAt}
      legalHold={result.legalHold}
      isHoldPending={hold.isPending}
      onLegalHoldChange={(value) => hold.mutate(value)}
      isDeleting={erase.isPending}
      onDelete={(reason) => erase.mutateAsync({ reason })}
      download={{ href: `/api/phone-screening/candidates/${result.id}/export`, holds: 'this candidate, their calls and the call recordings' }}
    />
  );
}
