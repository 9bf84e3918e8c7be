import { LoaderCircle } from 'lucide-react';
import type { Member } from '@/contracts/members';
import { Button } from '@/client/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/client/components/ui/dialog';
import { toast } from '@/client/components/ui/use-toast';
import { describeError } from '@/client/lib/error-messages';
import { useRemoveMember } from '../api/manage-members';

interface RemoveMemberDialogProps {
  /** The member to remove; null keeps the dialog closed. */
  member: Member | null;
  companyName: string;
  onClose: () => void;
}

/** The confirmation before a member is removed: they lose access at once. */
export function RemoveMemberDialog({ member, companyName, onClose }: RemoveMemberDialogProps) {
  const remove = useRemoveMember();
  const confirm = () => {
    if (!member) return;
    remove.mutate(member, {
      onSuccess: () => {
        toast({ title: 'Member removed', description: `${member.username} no longer has access to ${companyName}.` });
        onClose();
      },
      // The dialog stays open to try again or cancel.
      onError: (failure) => toast({ title: 'Member not removed', description: describeError(failure), variant: 'destructive' }),
    });
  };
  return (
    <Dialog
      open={member !== null}
      onOpenChange={(open) => {
        // Stay open while removing, so the outcome is reported against this request.
        if (!open && !remove.isPending) onClose();
      }}
    >
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Remove {member?.username}?</DialogTitle>
          <DialogDescription>
            {member?.isYou ? 'You lose' : 'They lose'} access to {companyName} at once: every session ends and signing in is refused. Jobs, interviews
            and reviews {member?.isYou ? 'you' : 'they'} created stay with the company.
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button type="button" variant="outline" disabled={remove.isPending} onClick={onClose}>
            Cancel
          </Button>
          <Button type="button" variant="destructive" disabled={remove.isPending} onClick={confirm}>
            {remove.isPending ? (
              <>
                <LoaderCircle className="animate-spin" aria-hidden="true" />
                Removing...
              </>
            ) : (
              'Remove member'
            )}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
