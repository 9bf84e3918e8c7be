import { Download, LoaderCircle } from 'lucide-react';
import { useId, useState, type ChangeEvent } from 'react';
import { Button } from '@/client/components/ui/button';
import { Checkbox } from '@/client/components/ui/checkbox';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/client/components/ui/dialog';
import { Input } from '@/client/components/ui/input';
import { Label } from '@/client/components/ui/label';
import { Textarea } from '@/client/components/ui/textarea';
import { toast } from '@/client/components/ui/use-toast';
import { describeError } from '@/client/lib/error-messages';
import { candidatesCount, IMPORT_COLUMNS, IMPORT_FIELD_LABELS, IMPORT_MAX_BYTES, IMPORT_TEMPLATES, IMPORT_TOO_LARGE_MESSAGE, type ImportPreview, type ImportResult } from '@/contracts/imports';
import { refusedRows, useImportCandidates, useImportPreview, type ImportTarget } from '../api/import-candidates';
import { ImportPreviewTable, previewSummary } from './import-preview-table';

export interface ImportCandidatesDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  target: ImportTarget;
}

/** The rows as the server last read them, and for which text: an edit makes them stale until checked again. */
interface Checked {
  text: string;
  preview: ImportPreview;
}

function resultText(result: ImportResult, kind: ImportTarget['kind']): string {
  const parts = [`${candidatesCount(result.created)} added.`];
  if (result.skipped > 0) parts.push(`${candidatesCount(result.skipped)} already there ${result.skipped === 1 ? 'was' : 'were'} left out.`);
  if (kind === 'job' && result.invited > 0) parts.push(`${result.invited} invitation${result.invited === 1 ? '' : 's'} sent.`);
  if (result.invitationsFailed > 0) parts.push(`${result.invitationsFailed} could not be delivered yet and will be tried again.`);
  if (result.invitationNote) parts.push(result.invitationNote);
  return parts.join(' ');
}

/** "Import CSV": choose (or paste) a file, see every row checked by the server, then import them all at once. */
export function ImportCandidatesDialog({ open, onOpenChange, target }: ImportCandidatesDialogProps) {
  const ids = useId();
  const [text, setText] = useState('');
  const [checked, setChecked] = useState<Checked | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [sendInvitations, setSendInvitations] = useState(false);
  const previewing = useImportPreview(target);
  const importing = useImportCandidates(target);
  const isBusy = previewing.isPending || importing.isPending;
  const isStale = checked !== null && checked.text !== text;
  const preview = checked?.preview ?? null;
  const canImport = preview !== null && !isStale && preview.invalid === 0 && preview.valid > 0 && !isBusy;
  const required = IMPORT_COLUMNS[target.kind].required.map((f) => IMPORT_FIELD_LABELS[f]).join(', ');

  function reset() {
    setText('');
    setChecked(null);
    setProblem(null);
    setSendInvitations(false);
    previewing.reset();
    importing.reset();
  }

  function changeOpen(next: boolean) {
    if (isBusy && !next) return; // the answer would be lost
    if (!next) reset();
    onOpenChange(next);
  }

  function check(csv: string) {
    setProblem(null);
    previewing.mutate(csv, {
      onSuccess: (result) => setChecked({ text: csv, preview: result }),
      onError: (error) => {
        setChecked(null);
        setProblem(describeError(error, 'The file could not be checked. Please try again.'));
      },
    });
  }

  async function chooseFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = ''; // choosing the same file again (after fixing it) reads it again
    if (!file) return;
    if (file.size > IMPORT_MAX_BYTES) {
      setChecked(null);
      setProblem(IMPORT_TOO_LARGE_MESSAGE);
      return;
    }
    const content = await file.text();
    setText(content);
    check(content);
  }

  function runImport() {
    if (!checked) return;
    importing.mutate(
      { csv: checked.text, sendInvitations },
      {
        onSuccess: (result) => {
          toast({ title: 'Candidates imported', description: resultText(result, target.kind) });
          changeOpen(false);
        },
        onError: (error) => {
          const rows = refusedRows(error);
          // Refused for its rows (they changed since the preview): show them; nothing was created.
          if (rows) setChecked({ text: checked.text, preview: rows });
          setProblem(describeError(error, 'The candidates could not be imported. Please try again.'));
        },
      },
    );
  }

  const templateHref = `data:text/csv;charset=utf-8,${encodeURIComponent(IMPORT_TEMPLATES[target.kind])}`;

  return (
    <Dialog open={open} onOpenChange={changeOpen}>
      <DialogContent className="max-w-3xl">
        <DialogHeader>
          <DialogTitle>Import candidates from a CSV file</DialogTitle>
          <DialogDescription>
            The first row names the columns: {required}. Each row after it is one candidate. Nothing is added until you import.
          </DialogDescription>
        </DialogHeader>
        <div className="space-y-4">
          <div className="flex flex-wrap items-end justify-between gap-3">
            <div className="space-y-1.5">
              <Label htmlFor={`${ids}-file`}>CSV file</Label>
              <Input id={`${ids}-file`} type="file" accept=".csv,text/csv,text/plain" disabled={isBusy} onChange={(e) => void chooseFile(e)} />
            </div>
            <a href={templateHref} download={`${target.kind === 'job' ? 'candidates' : 'screening-candidates'}-template.csv`} className="inline-flex items-center gap-1.5 text-sm font-medium text-brand-700 underline-offset-4 hover:underline">
              <Download className="size-4" aria-hidden="true" />
              Download a template
            </a>
          </div>
          <div className="space-y-1.5">
            <Label htmlFor={`${ids}-text`}>CSV text</Label>
            <Textarea
              id={`${ids}-text`}
              rows={5}
              className="font-mono text-xs"
              placeholder={IMPORT_TEMPLATES[target.kind].split('\r\n')[0]}
              value={text}
              disabled={isBusy}
              aria-describedby={`${ids}-text-hint`}
              onChange={(e) => setText(e.target.value)}
            />
            <div className="flex flex-wrap items-center justify-between gap-2">
              <p id={`${ids}-text-hint`} className="text-sm text-slate-500">
                A chosen file shows here; you can also paste rows or correct them here.
              </p>
              <Button type="button" variant="outline" size="sm" disabled={isBusy || text.trim() === ''} onClick={() => check(text)}>
                {previewing.isPending ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : null}
                Check rows
              </Button>
            </div>
          </div>
          {problem ? (
            <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
              {problem}
            </p>
          ) : null}
          {preview ? (
            <div className="space-y-2">
              <p aria-live="polite" className="text-sm font-medium text-slate-900">
                {isStale ? 'The text changed: check the rows again before importing.' : previewSummary(preview)}
              </p>
              {preview.ignoredColumns.length > 0 ? (
                <p className="text-sm text-slate-600">Columns left out: {preview.ignoredColumns.join(', ')}</p>
              ) : null}
              <ImportPreviewTable preview={preview} />
            </div>
          ) : null}
          {target.kind === 'job' ? (
            <div className="flex items-center gap-2">
              <Checkbox id={`${ids}-invite`} checked={sendInvitations} disabled={isBusy} onCheckedChange={(value) => setSendInvitations(value === true)} />
              <Label htmlFor={`${ids}-invite`}>Send invitations</Label>
              <span className="text-sm text-slate-500">(the default invitation email, to every new candidate)</span>
            </div>
          ) : null}
        </div>
        <DialogFooter>
          <Button type="button" variant="outline" disabled={isBusy} onClick={() => changeOpen(false)}>
            Cancel
          </Button>
          <Button type="button" disabled={!canImport} onClick={runImport}>
            {importing.isPending ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : null}
            {preview && !isStale && preview.valid > 0 ? `Import ${candidatesCount(preview.valid)}` : 'Import candidates'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
