import { Loader2 } from 'lucide-react';
import { useId, useState } from 'react';
import { DEFAULT_ANSWERING, type Answering, type Job } from '@/contracts/jobs';
import { Button } from '@/client/components/ui/button';
import { Checkbox } from '@/client/components/ui/checkbox';
import { Label } from '@/client/components/ui/label';
import { selectClass } from '@/client/components/ui/select-class';
import { useUpdateAnswering } from '../api/update-answering';
import { CollapsiblePanel } from './collapsible-panel';

/** The choices offered, in milliseconds; each range is the contract's (1.5-6 s, 5-120 s). */
const PAUSES = [1500, 2000, 2500, 3000, 3500, 4000, 5000, 6000];
const THINKING = [10_000, 15_000, 20_000, 30_000, 45_000, 60_000, 90_000, 120_000];
const seconds = (ms: number) => `${ms / 1000} seconds`;

interface SecondsSelectProps {
  id: string;
  label: string;
  offered: number[];
  value: number;
  /** The default, marked as such. */
  fallback: number;
  disabled: boolean;
  onChange: (ms: number) => void;
}

/** A native select of durations; a saved value the list does not offer (set through the API) is offered too. */
function SecondsSelect({ id, label, offered, value, fallback, disabled, onChange }: SecondsSelectProps) {
  const choices = offered.includes(value) ? offered : [...offered, value].sort((a, b) => a - b);
  return (
    <div className="space-y-1.5">
      <Label htmlFor={id}>{label}</Label>
      <select id={id} className={selectClass} value={value} disabled={disabled} onChange={(event) => onChange(Number(event.target.value))}>
        {choices.map((ms) => (
          <option key={ms} value={ms}>
            {ms === fallback ? `${seconds(ms)} (default)` : seconds(ms)}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * How candidates' spoken answers end in this job (issue 32, decision 055): automatically after a
 * pause, and how long the room waits before its one "take your time" line. End Response and Space
 * always end an answer at once; a candidate can still turn automatic ending off for themselves.
 */
export function AnsweringPanel({ job, canEdit = true }: { job: Job; canEdit?: boolean }) {
  const [isOpen, setIsOpen] = useState(false);
  // Unsaved edits only: without any, the panel shows the job's saved settings.
  const [edits, setEdits] = useState<Answering | null>(null);
  const draft = edits ?? job.answering;
  const update = useUpdateAnswering(job.id);
  const id = useId();
  const changed = draft.autoEnd !== job.answering.autoEnd || draft.pauseMs !== job.answering.pauseMs || draft.thinkingMs !== job.answering.thinkingMs;
  const summary = job.answering.autoEnd ? `Answers end after a ${job.answering.pauseMs / 1000}-second pause` : 'Candidates end each answer themselves';

  return (
    <CollapsiblePanel title="Answer Settings" open={isOpen} onOpenChange={setIsOpen} action={<p className="text-sm text-slate-600">{summary}</p>}>
      <form
        className="space-y-4"
        onSubmit={(event) => {
          event.preventDefault();
          update.mutate(draft, { onSuccess: () => setEdits(null) });
        }}
      >
        <div className="flex items-start gap-3">
          <Checkbox
            id={`${id}-auto`}
            checked={draft.autoEnd}
            disabled={!canEdit}
            onCheckedChange={(checked) => setEdits({ ...draft, autoEnd: checked === true })}
            aria-describedby={`${id}-auto-hint`}
          />
          <div className="space-y-1">
            <Label htmlFor={`${id}-auto`}>End spoken answers automatically after a pause</Label>
            <p id={`${id}-auto-hint`} className="text-sm text-slate-600">
              The room waits longer while an answer is still short, shows the candidate how long it will wait, and never ends an answer while they speak. End Response and
              the Space key always end an answer at once.
            </p>
          </div>
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <SecondsSelect
            id={`${id}-pause`}
            label="Pause that ends an answer"
            offered={PAUSES}
            value={draft.pauseMs}
            fallback={DEFAULT_ANSWERING.pauseMs}
            disabled={!canEdit || !draft.autoEnd}
            onChange={(pauseMs) => setEdits({ ...draft, pauseMs })}
          />
          <SecondsSelect
            id={`${id}-thinking`}
            label="Thinking time before a gentle prompt"
            offered={THINKING}
            value={draft.thinkingMs}
            fallback={DEFAULT_ANSWERING.thinkingMs}
            disabled={!canEdit}
            onChange={(thinkingMs) => setEdits({ ...draft, thinkingMs })}
          />
        </div>
        {canEdit ? (
          <div className="flex justify-end">
            <Button type="submit" disabled={!changed || update.isPending}>
              {update.isPending ? <Loader2 className="size-4 animate-spin" aria-hidden="true" /> : null}
              Save Answer Settings
            </Button>
          </div>
        ) : null}
      </form>
    </CollapsiblePanel>
  );
}
