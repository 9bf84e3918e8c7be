import { AlertTriangle } from 'lucide-react';
import { Badge, type BadgeProps } from '@/client/components/ui/badge';
import { startProblemReason, type StartProblem } from '@/contracts/candidate-room';
import { statusLabel } from '@/contracts/interviews';

/** in_progress yellow, completed green, anything else grey. */
function statusVariant(status: string): BadgeProps['variant'] {
  if (status === 'completed') return 'success';
  if (status === 'in_progress') return 'warning';
  return 'secondary';
}

/**
 * An interview's status as the recruiter reads it. One whose start failed in the candidate's
 * browser says so, and why, instead of "In Progress" (issue 30): "Could not start: this browser
 * cannot record (Safari 17.4 on iOS)".
 */
export function InterviewStatus({ status, startProblem }: { status: string; startProblem?: StartProblem | null }) {
  if (startProblem) {
    return (
      <span className="inline-flex max-w-64 items-start gap-1.5 text-xs text-amber-900">
        <AlertTriangle className="mt-px size-3.5 shrink-0 text-amber-600" aria-hidden="true" />
        <span>
          <strong className="font-semibold">Could not start:</strong> {startProblemReason(startProblem)}
        </span>
      </span>
    );
  }
  return <Badge variant={statusVariant(status)}>{statusLabel(status)}</Badge>;
}
