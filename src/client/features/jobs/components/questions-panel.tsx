import { AlertTriangle, Loader2, Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { cleanQuestions, QUESTIONS_REQUIRED, type Job } from '@/contracts/jobs';
import { Button } from '@/client/components/ui/button';
import { Textarea } from '@/client/components/ui/textarea';
import { toast } from '@/client/components/ui/use-toast';
import { useUpdateQuestions } from '../api/update-questions';
import { CollapsiblePanel } from './collapsible-panel';
import { useRowEditor } from '../hooks/use-row-editor';
import { SortableList } from './sortable-list';

type BiasFlag = Job['biasFlags'][number];

function BiasWarning({ flag }: { flag: BiasFlag }) {
  return (
    <div className="mt-2 flex gap-2 rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-xs text-amber-900">
      <AlertTriangle className="mt-0.5 size-3.5 shrink-0 text-amber-600" aria-hidden="true" />
      <div className="space-y-1">
        <p>
          <span className="font-semibold">Possible bias ({flag.category}):</span> {flag.reason}
        </p>
        {flag.suggestion ? (
          <p>
            <span className="font-semibold">Suggested neutral wording:</span> {flag.suggestion}
          </p>
        ) : null}
      </div>
    </div>
  );
}

/** The job's interview questions: a numbered list, and an editor to rewrite, add, remove and reorder them. */
export function QuestionsPanel({ job }: { job: Job }) {
  const [isOpen, setIsOpen] = useState(true);
  const editor = useRowEditor<{ text: string }, HTMLTextAreaElement>({
    saved: () => job.questions.map((text) => ({ text })),
    blank: () => ({ text: '' }),
    onStart: () => setIsOpen(true),
  });
  const { isEditing, rows, setRows, addedRowId, addButton, editButton, stopEditing, startEditing, addRow, removeRow } = editor;
  const textareas = editor.fields;
  const update = useUpdateQuestions(job.id);

  const setText = (id: string, text: string) => editor.patchRow(id, { text });

  const save = () => {
    const questions = cleanQuestions(rows.map((row) => row.text));
    if (questions.length === 0) {
      toast({ title: 'Validation Error', description: QUESTIONS_REQUIRED, variant: 'destructive' });
      return;
    }
    update.mutate({ questions }, { onSuccess: stopEditing });
  };

  const flagsFor = (index: number) => job.biasFlags.filter((flag) => flag.index === index);

  return (
    <CollapsiblePanel
      title="Interview Questions"
      open={isOpen}
      onOpenChange={setIsOpen}
      action={
        isEditing ? null : (
          <Button ref={editButton} variant="outline" size="sm" onClick={startEditing}>
            <Pencil aria-hidden="true" />
            Edit Questions
          </Button>
        )
      }
    >
      {isEditing ? (
        <div className="space-y-4">
          {rows.length === 0 ? (
            <p className="text-sm text-slate-500">No questions. Add one below.</p>
          ) : (
            <SortableList
              aria-label="Interview questions"
              items={rows}
              onReorder={setRows}
              itemLabel={(index) => `question ${index + 1}`}
              className="space-y-2"
              itemClassName="rounded-md"
              renderItem={({ item, index, dragHandle }) => (
                <div className="flex items-start gap-2">
                  {dragHandle}
                  <span className="mt-2 w-6 shrink-0 text-right text-sm text-slate-500 tabular-nums" aria-hidden="true">
                    {index + 1}.
                  </span>
                  <Textarea
                    ref={(element) => {
                      if (element) textareas.current.set(item.id, element);
                      return () => {
                        textareas.current.delete(item.id);
                      };
                    }}
                    aria-label={`Question ${index + 1}`}
                    rows={2}
                    autoFocus={item.id === addedRowId}
                    value={item.text}
                    onChange={(event) => setText(item.id, event.target.value)}
                    className="min-h-16 resize-y field-sizing-content"
                  />
                  <Button
                    type="button"
                    variant="ghost"
                    size="icon"
                    className="shrink-0 text-slate-500 hover:text-red-600"
                    aria-label={`Remove question ${index + 1}`}
                    onClick={() => removeRow(index)}
                  >
                    <Trash2 aria-hidden="true" />
                  </Button>
                </div>
              )}
            />
          )}
          <div className="flex flex-wrap items-center justify-between gap-2 border-t border-slate-100 pt-4">
            <Button ref={addButton} type="button" variant="outline" size="sm" onClick={addRow}>
              <Plus aria-hidden="true" />
              Add Question
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
      ) : job.questions.length === 0 ? (
        <p className="text-sm text-slate-500">No questions yet. Use Edit Questions to add some.</p>
      ) : (
        <ol className="space-y-3">
          {job.questions.map((question, index) => (
            <li key={index} className="flex gap-3 text-sm">
              <span className="w-6 shrink-0 text-right font-medium text-slate-500 tabular-nums">{index + 1}.</span>
              <div className="min-w-0 flex-1">
                <p className="whitespace-pre-line text-slate-800">{question}</p>
                {flagsFor(index).map((flag, flagIndex) => (
                  <BiasWarning key={flagIndex} flag={flag} />
                ))}
              </div>
            </li>
          ))}
        </ol>
      )}
    </CollapsiblePanel>
  );
}
