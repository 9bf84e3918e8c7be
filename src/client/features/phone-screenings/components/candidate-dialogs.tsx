import type { ScreeningCandidate } from '@/contracts/phone-screenings';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/client/components/ui/dialog';
import { useAddCandidate, useUpdateCandidate } from '../api/phone-screening';
import { CandidateForm, candidateValues, emptyCandidateValues } from './candidate-form';

interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** 'Add Candidate': closes and resets (the form remounts with fresh defaults) on success. */
export function AddCandidateDialog({ open, onOpenChange, screeningId }: DialogProps & { screeningId: number }) {
  const mutation = useAddCandidate(screeningId);
  const isPending = mutation.isPending;
  return (
    <Dialog open={open} onOpenChange={(next) => (!isPending || next ? onOpenChange(next) : undefined)}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Add Candidate</DialogTitle>
          <DialogDescription>Add a candidate for this phone screening.</DialogDescription>
        </DialogHeader>
        <CandidateForm
          idPrefix="add-candidate"
          defaultValues={emptyCandidateValues()}
          submitLabel="Add Candidate"
          pendingLabel="Adding..."
          isPending={isPending}
          onCancel={() => onOpenChange(false)}
          onSubmit={(payload) => mutation.mutate(payload, { onSuccess: () => onOpenChange(false) })}
        />
      </DialogContent>
    </Dialog>
  );
}

/** 'Edit Candidate': prefilled from the candidate; closes on success. */
export function EditCandidateDialog({
  open,
  onOpenChange,
  candidate,
  screeningId,
}: DialogProps & { candidate: ScreeningCandidate; screeningId: number }) {
  const mutation = useUpdateCandidate(screeningId, candidate.id);
  const isPending = mutation.isPending;
  return (
    <Dialog open={open} onOpenChange={(next) => (!isPending || next ? onOpenChange(next) : undefined)}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Edit Candidate</DialogTitle>
          <DialogDescription>Update candidate information</DialogDescription>
        </DialogHeader>
        <CandidateForm
          idPrefix={`edit-candidate-${candidate.id}`}
          defaultValues={candidateValues(candidate)}
          submitLabel="Save Changes"
          pendingLabel="Saving..."
          isPending={isPending}
          onCancel={() => onOpenChange(false)}
          onSubmit={(payload) => mutation.mutate(payload, { onSuccess: () => onOpenChange(false) })}
        />
      </DialogContent>
    </Dialog>
  );
}
