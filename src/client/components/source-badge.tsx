import { Badge } from '@/client/components/ui/badge';
import { CANDIDATE_SOURCE_LABELS } from '@/contracts/apply-rules';
import type { CandidateSource } from '@/contracts/statuses';

/** Where a candidate came from (issue 17): Applied, Imported, Added by recruiter or API; read as "Source: …". */
export function SourceBadge({ source }: { source: CandidateSource }) {
  return (
    <Badge variant="outline" className="font-medium">
      <span className="sr-only">Source: </span>
      {CANDIDATE_SOURCE_LABELS[source]}
    </Badge>
  );
}
