import type { Member } from '@/contracts/members';
import { ConfirmDialog } from '@/client/components/confirm-dialog';
import { toast } from '@/client/components/ui/use-toast';
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
    });
  };
  return (
    <ConfirmDialog
      open={member !== null}
      title={`Remove ${member?.username}?`}
      description={
        <>
          {member?.isYou ? 'You lose' : 'They lose'} access to {companyName} at once: every session ends and signing in is refused. Jobs, interviews
          and reviews {member?.isYou ? 'you' : 'they'} created stay with the company.
        </>
      }
      confirmLabel="Remove member"
      pendingLabel="Removing..."
      isPending={remove.isPending}
      onConfirm={confirm}
      onClose={onClose}
    />
  );
}
