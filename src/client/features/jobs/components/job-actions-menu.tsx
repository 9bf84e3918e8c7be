import { Archive, ArchiveRestore, ChevronDown, Copy, LayoutTemplate, Pencil, Trash2, type LucideIcon } from 'lucide-react';
import { useRef, useState } from 'react';
import { useLocation } from 'wouter';
import type { Job } from '@/contracts/jobs';
import { Button } from '@/client/components/ui/button';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuSeparator, DropdownMenuTrigger } from '@/client/components/ui/dropdown-menu';
import { useDeleteJob } from '../api/delete-job';
import { useDuplicateJob } from '../api/duplicate-job';
import { useSetJobClosed } from '../api/set-job-closed';
import { ConfirmActionDialog } from './confirm-action-dialog';
import { EditJobDialog } from './edit-job-dialog';
import { SaveTemplateDialog } from './save-template-dialog';

type OpenDialog = 'edit' | 'template' | 'close' | 'delete' | null;

function MenuItem({ icon: Icon, label, onSelect, destructive }: { icon: LucideIcon; label: string; onSelect: () => void; destructive?: boolean }) {
  return (
    <DropdownMenuItem onSelect={onSelect} destructive={destructive}>
      <Icon aria-hidden="true" />
      {label}
    </DropdownMenuItem>
  );
}

/**
 * The job page's 'Actions' menu for recruiters and owners: edit details, duplicate, save as a
 * template, close or reopen, and delete (only offered while the job has no interviews).
 */
export function JobActionsMenu({ job }: { job: Job }) {
  const [, navigate] = useLocation();
  const [dialog, setDialog] = useState<OpenDialog>(null);
  // A dialog opened from the menu keeps the focus: the menu must not hand it back to its trigger.
  const openingDialog = useRef(false);
  const setClosed = useSetJobClosed(job.id);
  const duplicate = useDuplicateJob(job.id);
  const remove = useDeleteJob(job.id, () => navigate('/dashboard'));
  const isClosed = job.closedAt !== null;

  const open = (next: Exclude<OpenDialog, null>) => {
    openingDialog.current = true;
    setDialog(next);
  };
  const onOpenChange = (isOpen: boolean) => !isOpen && setDialog(null);

  return (
    <>
      <DropdownMenu modal={false}>
        <DropdownMenuTrigger asChild>
          <Button variant="outline" disabled={duplicate.isPending || setClosed.isPending}>
            Actions
            <ChevronDown aria-hidden="true" />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent
          onCloseAutoFocus={(event) => {
            if (openingDialog.current) event.preventDefault();
            openingDialog.current = false;
          }}
        >
          <MenuItem icon={Pencil} label="Edit details" onSelect={() => open('edit')} />
          <MenuItem
            icon={Copy}
            label="Duplicate"
            onSelect={() => duplicate.mutate(undefined, { onSuccess: (copy) => navigate(`/job/${copy.id}`) })}
          />
          <MenuItem icon={LayoutTemplate} label="Save as template" onSelect={() => open('template')} />
          <DropdownMenuSeparator />
          {isClosed ? (
            <MenuItem icon={ArchiveRestore} label="Reopen job" onSelect={() => setClosed.mutate(false)} />
          ) : (
            <MenuItem icon={Archive} label="Close job" onSelect={() => open('close')} />
          )}
          {job.num_of_interviews === 0 ? <MenuItem icon={Trash2} label="Delete job" destructive onSelect={() => open('delete')} /> : null}
        </DropdownMenuContent>
      </DropdownMenu>

      <EditJobDialog job={job} open={dialog === 'edit'} onOpenChange={onOpenChange} />
      <SaveTemplateDialog job={job} open={dialog === 'template'} onOpenChange={onOpenChange} />
      <ConfirmActionDialog
        open={dialog === 'close'}
        onOpenChange={onOpenChange}
        title="Close this job?"
        description="Candidates can no longer be invited or take this interview. Its interviews, reports and scores stay, and you can reopen the job at any time."
        confirmLabel="Close job"
        isPending={setClosed.isPending}
        onConfirm={() => setClosed.mutate(true, { onSuccess: () => setDialog(null) })}
      />
      <ConfirmActionDialog
        open={dialog === 'delete'}
        onOpenChange={onOpenChange}
        title="Delete this job?"
        description="The job, its questions and its evaluation criteria are deleted for good. This cannot be undone."
        confirmLabel="Delete job"
        destructive
        isPending={remove.isPending}
        onConfirm={() => remove.mutate()}
      />
    </>
  );
}
