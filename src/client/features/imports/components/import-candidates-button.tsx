import { Upload } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/client/components/ui/button';
import { useCan } from '@/client/hooks/use-company-role';
import type { ImportTarget } from '../api/import-candidates';
import { ImportCandidatesDialog } from './import-candidates-dialog';

/** "Import CSV" and its dialog, for recruiters and owners (viewers see nothing; the server refuses them too). */
export function ImportCandidatesButton({ target }: { target: ImportTarget }) {
  const [open, setOpen] = useState(false);
  const canImport = useCan('recruiter');
  if (!canImport) return null;
  return (
    <>
      <Button type="button" variant="outline" onClick={() => setOpen(true)}>
        <Upload aria-hidden="true" />
        Import CSV
      </Button>
      <ImportCandidatesDialog open={open} onOpenChange={setOpen} target={target} />
    </>
  );
}
