import { useId } from 'react';
import { WORTH_CHECKING_LABELS, type WorthCheckingItem } from '@/contracts/ai';
import { EvidenceList } from './evidence-list';

/**
 * 'Worth checking': what the candidate said that a recruiter should check before deciding (an
 * admitted rule broken, an unsafe practice, a licence that may not be current, hostility), each
 * quote with its time in the recording. Listed apart from the scores, which it does not change.
 */
export function WorthChecking({ items }: { items: WorthCheckingItem[] }) {
  const headingId = useId();
  if (items.length === 0) return null;
  return (
    <section aria-labelledby={headingId} className="space-y-2 rounded-lg border border-amber-300 bg-amber-50 p-4">
      <h3 id={headingId} className="text-base font-semibold text-amber-900">
        Worth checking
      </h3>
      <p className="text-sm text-amber-900">Read these in context before deciding; they do not change the scores.</p>
      <EvidenceList heading={null} evidence={items.map((item) => ({ ...item, label: WORTH_CHECKING_LABELS[item.kind] }))} />
    </section>
  );
}
