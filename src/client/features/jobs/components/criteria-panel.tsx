import { Loader2, Pencil, Plus, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { ANCHOR_LEVELS, type AnchorLevel, type BehaviourAnchors } from '@/contracts/ai';
import { cleanRubric, CRITERIA_REQUIRED, type Job } from '@/contracts/jobs';
import { Button } from '@/client/components/ui/button';
import { Input } from '@/client/components/ui/input';
import { Textarea } from '@/client/components/ui/textarea';
import { toast } from '@/client/components/ui/use-toast';
import { SortableList } from '@/client/components/sortable-list';
import { useRowEditor } from '@/client/hooks/use-row-editor';
import { useUpdateRubric } from '../api/update-rubric';
import { CollapsiblePanel } from './collapsible-panel';
import { CriterionSummary } from '@/client/components/criterion-summary';

interface CriterionRow {
  id: string;
  name: string;
  description: string;
  weight: number;
  anchors: BehaviourAnchors;
}

const NO_ANCHORS: BehaviourAnchors = { weak: '', adequate: '', strong: '' };
const ANCHOR_LABELS: Record<AnchorLevel, string> = { weak: 'Weak answer', adequate: 'Adequate answer', strong: 'Strong answer' };

/** The weight field: a non-numeric entry becomes 0; the schema's range is 0 to 100. */
function parseWeight(value: string): number {
  const parsed = Number.parseInt(value, 10);
  return Number.isNaN(parsed) ? 0 : Math.min(100, Math.max(0, parsed));
}

/**
 * The job's weighted evaluation rubric: a read-only list, and an editor whose weights are scaled to
 * 100 on save (not offered without `canEdit`: a viewer).
 */
export function CriteriaPanel({ job, canEdit = true }: { job: Job; canEdit?: boolean }) {
  const [isOpen, setIsOpen] = useState(true);
  const totalId = useId();
  const previewId = useId();
  const update = useUpdateRubric(job.id);
  const rubric = job.rubric ?? [];
  const editor = useRowEditor<Omit<CriterionRow, 'id'>, HTMLInputElement>({
    saved: () => rubric.map((c) => ({ ...c, anchors: c.anchors ?? NO_ANCHORS })),
    blank: () => ({ name: '', description: '', weight: 0, anchors: NO_ANCHORS }),
    onStart: () => setIsOpen(true),
  });
  const { isEditing, rows, setRows, addedRowId, addButton, editButton, stopEditing, startEditing, addRow, removeRow, patchRow } = editor;
  const nameInputs = editor.fields;

  const save = () => {
    const cleaned = cleanRubric(rows);
    if (cleaned.length === 0) {
      toast({ title: 'Validation Error', description: CRITERIA_REQUIRED, variant: 'destructive' });
      return;
    }
    update.mutate(
      { rubric: cleaned.map(({ name, description, weight, anchors }) => ({ name, description, weight, ...(anchors ? { anchors } : {}) })) },
      { onSuccess: stopEditing },
    );
  };

  const totalWeight = rows.reduce((sum, row) => sum + row.weight, 0);
  // What Save will store, shown before it does (issue 29): the spec's scaling is not silent.
  const willSave = cleanRubric(rows);
  const isRescaled = willSave.length > 0 && (totalWeight !== 100 || willSave.length !== rows.length);

  return (
    <CollapsiblePanel
      title="Evaluation Criteria"
      open={isOpen}
      onOpenChange={setIsOpen}
      action={
        isEditing || !canEdit ? null : (
          <Button ref={editButton} variant="outline" size="sm" onClick={startEditing}>
            <Pencil aria-hidden="true" />
            Edit Criteria
          </Button>
        )
      }
    >
      {isEditing ? (
        <div className="space-y-4">
          {rows.length === 0 ? (
            <p className="text-sm text-slate-500">No criteria. Add one below.</p>
          ) : (
            <SortableList
              aria-label="Evaluation criteria"
              items={rows}
              onReorder={setRows}
              itemLabel={(index) => `criterion ${index + 1}`}
              className="space-y-3"
              itemClassName="rounded-md border border-slate-200 p-3"
              renderItem={({ item, index, dragHandle }) => (
                <div className="space-y-2">
                  <div className="flex items-center gap-2">
                    {dragHandle}
                    <Input
                      ref={(element) => {
                        if (element) nameInputs.current.set(item.id, element);
                        return () => {
                          nameInputs.current.delete(item.id);
                        };
                      }}
                      aria-label={`Criterion ${index + 1} name`}
                      placeholder="Criterion name"
                      autoFocus={item.id === addedRowId}
                      value={item.name}
                      onChange={(event) => patchRow(item.id, { name: event.target.value })}
                      className="min-w-0 flex-1"
                    />
                    <div className="relative w-24 shrink-0">
                      <Input
                        type="number"
                        inputMode="numeric"
                        min={1}
                        max={100}
                        step={1}
                        aria-label={`Criterion ${index + 1} weight in percent`}
                        aria-describedby={isRescaled ? `${totalId} ${previewId}` : totalId}
                        value={item.weight}
                        onChange={(event) => patchRow(item.id, { weight: parseWeight(event.target.value) })}
                        className="pr-7 tabular-nums"
                      />
                      <span className="pointer-events-none absolute top-1/2 right-3 -translate-y-1/2 text-sm text-slate-500" aria-hidden="true">
                        %
                      </span>
                    </div>
                    <Button
                      type="button"
                      variant="ghost"
                      size="icon"
                      className="shrink-0 text-slate-500 hover:text-red-600"
                      aria-label={`Remove criterion ${index + 1}`}
                      onClick={() => removeRow(index)}
                    >
                      <Trash2 aria-hidden="true" />
                    </Button>
                  </div>
                  <Textarea
                    aria-label={`Criterion ${index + 1} description`}
                    placeholder="Description of how this criterion is evaluated"
                    rows={2}
                    value={item.description}
                    onChange={(event) => patchRow(item.id, { description: event.target.value })}
                    className="min-h-16 resize-y field-sizing-content"
                  />
                  <fieldset className="grid gap-2 sm:grid-cols-3">
                    <legend className="mb-1 text-xs font-medium text-slate-600">What answers look like (behaviour anchors, optional)</legend>
                    {ANCHOR_LEVELS.map((level) => (
                      <div key={level} className="space-y-1">
                        <span className="block text-xs text-slate-500" aria-hidden="true">
                          {ANCHOR_LABELS[level]}
                        </span>
                        <Textarea
                          aria-label={`Criterion ${index + 1} ${ANCHOR_LABELS[level].toLowerCase()}`}
                          placeholder={`What a ${level} answer looks like`}
                          rows={2}
                          maxLength={500}
                          value={item.anchors[level]}
                          onChange={(event) => patchRow(item.id, { anchors: { ...item.anchors, [level]: event.target.value } })}
                          className="min-h-14 resize-y text-sm field-sizing-content"
                        />
                      </div>
                    ))}
                  </fieldset>
                </div>
              )}
            />
          )}
          <p id={totalId} className="text-sm font-medium text-slate-700">
            Total weight: <span className="tabular-nums">{totalWeight}%</span>
            {totalWeight !== 100 ? <span className="ml-2 font-normal text-amber-700">(Should be 100%)</span> : null}
          </p>
          {isRescaled ? (
            <p id={previewId} aria-live="polite" className="text-sm text-slate-700">
              When you save, the weights become {willSave.map((c) => `${c.name} ${c.weight}%`).join(', ')}
              {willSave.length !== rows.length ? ' (criteria without a name are left out)' : ''}: scaled to total 100.
            </p>
          ) : null}
          <div className="flex flex-wrap items-center justify-between gap-2 border-t border-slate-100 pt-4">
            <Button ref={addButton} type="button" variant="outline" size="sm" onClick={addRow}>
              <Plus aria-hidden="true" />
              Add Criterion
            </Button>
            <div className="flex gap-2">
              <Button type="button" variant="ghost" size="sm" onClick={stopEditing} disabled={update.isPending}>
                Cancel
              </Button>
              <Button type="button" size="sm" onClick={save} disabled={update.isPending}>
                {update.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
                Save Changes
              </Button>
            </div>
          </div>
        </div>
      ) : rubric.length === 0 ? (
        <p className="text-sm text-slate-500">No evaluation criteria yet.{canEdit ? ' Use Edit Criteria to add some.' : ''}</p>
      ) : (
        <ul className="space-y-4">
          {rubric.map((criterion, index) => (
            <li key={index} className="space-y-1.5">
              <CriterionSummary criterion={criterion}>{criterion.anchors ? <AnchorList anchors={criterion.anchors} /> : null}</CriterionSummary>
            </li>
          ))}
        </ul>
      )}
    </CollapsiblePanel>
  );
}

/** The criterion's behaviour anchors, as the recruiter and both engines read them. */
function AnchorList({ anchors }: { anchors: BehaviourAnchors }) {
  const levels = ANCHOR_LEVELS.filter((level) => anchors[level]);
  if (levels.length === 0) return null;
  return (
    <dl className="grid gap-x-4 gap-y-1 text-xs text-slate-600 sm:grid-cols-3">
      {levels.map((level) => (
        <div key={level}>
          <dt className="font-medium text-slate-700">{ANCHOR_LABELS[level]}</dt>
          <dd>{anchors[level]}</dd>
        </div>
      ))}
    </dl>
  );
}
