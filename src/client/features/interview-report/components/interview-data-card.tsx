import type { InterviewDetail } from '@/contracts/interviews';
import { CandidateDataCard } from '@/client/components/candidate-data-card';
import { useDeleteInterviewData } from '../api/delete-interview-data';
import { useSetInterviewLegalHold } from '../api/set-interview-legal-hold';

/** What deleting a video interview's candidate data removes (docs/decisions/021-candidate-data.md). */
const DELETES = [
  'The interview recording',
  'The transcript',
  'The AI’s feedback text and evidence quotes',
  'Your team’s notes and review comments',
  'The candidate’s name and email address, and their interview link',
] as const;

/** The report's 'Candidate data' card: legal hold and deletion for this interview. */
export function InterviewDataCard({ interview }: { interview: InterviewDetail }) {
  const hold = useSetInterviewLegalHold(interview.id);
  const erase = useDeleteInterviewData(interview.id, interview.jobId);
  return (
    <CandidateDataCard
      candidateName={interview.candidateName}
      deletes={DELETES}
      deletedAt={interview.dataDeletedAt}
      legalHold={interview.legalHold}
      isHoldPending={hold.isPending}
      onLegalHoldChange={(value) => hold.mutate(value)}
      isDeleting={erase.isPending}
      onDelete={(reason) => erase.mutateAsync({ reason })}
      download={{ href: `/api/interview/${interview.id}/export`, holds: 'this interview and its recording' }}
    />
  );
}
