import { Loader2, Pencil, Plus, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { cleanQuestions, QUESTIONS_REQUIRED } from '@/contracts/jobs';
import { Button } from '@/client/components/ui/button';
import { Textarea } from '@/client/components/ui/textarea';
import { toast } from '@/client/components/ui/use-toast';
import { SortableList } from '@/client/components/sortable-list';
import { useRowEditor, type EditorRow } from '@/client/hooks/use-row-editor';
import { CANDIDATE_NAME_SHOWN, withCandidateName } from '@/contracts/placeholders';

export interface QuestionsEditorProps {
  /** The saved questions, listed with their numbers outside edit mode. */
  questions: string[];
  /** Sends the cleaned list (blank questions dropped, at least one left); call `onSaved` once it is stored. */
  onSave: (questions: string[], onSaved: () => void) => void;
  isSaving: boolean;
  /** The text 'Add Question' puts in the new row: '' for a job, 'New question' for a screening (spec). */
  newQuestionText: string;
  /** The verb naming each row's delete button, as the spec words it: 'Remove question 2' or 'Delete question 2'. */
  removeVerb: 'Remove' | 'Delete';
  /** When set, each row gets a drag handle and the rows form a sortable list with this accessible name. */
  sortableListName?: string;
  /** Shown under a saved question (a job's bias warnings). */
  renderNote?: (index: number) => ReactNode;
  /** Runs before a save (a job's bias check): calls `save` to go on, or not to stop there. */
  beforeSave?: (questions: string[], save: () => void) => void;
  /** Called when edit mode starts (a collapsed panel opens itself). */
  onStartEditing?: () => void;
  /** A member who may not change them (a viewer) gets the list without the 'Edit Questions' action. */
  readOnly?: boolean;
  /** The card or panel around the editor: `action` ('Edit Questions', or nothing while editing) goes in its header, `body` below. */
  frame: (parts: { action: ReactNode; body: ReactNode }) => ReactNode;
}

/** A numbered list of questions, and an editor to rewrite, add, remove and (optionally) reorder them. */
export function QuestionsEditor({
  questions,
  onSave,
  isSaving,
  newQuestionText,
  removeVerb,
  sortableListName,
  renderNote,
  beforeSave,
  onStartEditing,
  readOnly = false,
  frame,
}: QuestionsEditorProps) {
  const editor = useRowEditor<{ text: string }, HTMLTextAreaElement>({
    saved: () => questions.map((text) => ({ text })),
    blank: () => ({ text: newQuestionText }),
    onStart: () => onStartEditing?.(),
  });
  const { isEditing, rows, setRows, addedRowId, addButton, editButton, stopEditing, startEditing, addRow, removeRow, patchRow } = editor;
  const textareas = editor.fields;

  const save = () => {
    const cleaned = cleanQuestions(rows.map((row) => row.text));
    if (cleaned.length === 0) {
      toast({ title: 'Validation Error', description: QUESTIONS_REQUIRED, variant: 'destructive' });
      return;
    }
    const send = () => onSave(cleaned, stopEditing);
    if (beforeSave) beforeSave(cleaned, send);
    else send();
  };

  const renderRow = (row: EditorRow<{ text: string }>, index: number, dragHandle?: ReactNode) => (
    <div className="flex items-start gap-2">
      {dragHandle}
      <span className="mt-2 w-6 shrink-0 text-right text-sm text-slate-500 tabular-nums" aria-hidden="true">
        {index + 1}.
      </span>
      <Textarea
        ref={(element) => {
          if (element) textareas.current.set(row.id, element);
          return () => {
            textareas.current.delete(row.id);
          };
        }}
        aria-label={`Question ${index + 1}`}
        rows={2}
        autoFocus={row.id === addedRowId}
        value={row.text}
        onChange={(event) => patchRow(row.id, { text: event.target.value })}
        className="min-h-16 resize-y field-sizing-content"
      />
      <Button
        type="button"
        variant="ghost"
        size="icon"
        className="shrink-0 text-slate-500 hover:text-red-600"
        aria-label={`${removeVerb} question ${index + 1}`}
        onClick={() => removeRow(index)}
      >
        <Trash2 aria-hidden="true" />
      </Button>
    </div>
  );

  const rowList =
    sortableListName === undefined ? (
      <ol className="space-y-2">
        {rows.map((row, index) => (
          <li key={row.id}>{renderRow(row, index)}</li>
        ))}
      </ol>
    ) : (
      <SortableList
        aria-label={sortableListName}
        items={rows}
        onReorder={setRows}
        itemLabel={(index) => `question ${index + 1}`}
        className="space-y-2"
        itemClassName="rounded-md"
        renderItem={({ item, index, dragHandle }) => renderRow(item, index, dragHandle)}
      />
    );

  const action = isEditing || readOnly ? null : (
    <Button ref={editButton} variant="outline" size="sm" onClick={startEditing}>
      <Pencil aria-hidden="true" />
      Edit Questions
    </Button>
  );

  const body = isEditing ? (
    <div className="space-y-4">
      {rows.length === 0 ? <p className="text-sm text-slate-500">No questions. Add one below.</p> : rowList}
      <div className="flex flex-wrap items-center justify-between gap-2 border-t border-slate-100 pt-4">
        <Button ref={addButton} type="button" variant="outline" size="sm" onClick={addRow}>
          <Plus aria-hidden="true" />
          Add Question
        </Button>
        <div className="flex gap-2">
          <Button type="button" variant="ghost" size="sm" onClick={stopEditing} disabled={isSaving}>
            Cancel
          </Button>
          <Button type="button" size="sm" onClick={save} disabled={isSaving}>
            {isSaving ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
            Save Changes
          </Button>
        </div>
      </div>
    </div>
  ) : questions.length === 0 ? (
    <p className="text-sm text-slate-500">No questions yet. Use Edit Questions to add some.</p>
  ) : (
    <ol className="space-y-3">
      {questions.map((question, index) => (
        <li key={index} className="flex gap-3 text-sm">
          <span className="w-6 shrink-0 text-right font-medium text-slate-500 tabular-nums">{index + 1}.</span>
          <div className="min-w-0 flex-1">
            <p className="whitespace-pre-line text-slate-800">{withCandidateName(question, CANDIDATE_NAME_SHOWN)}</p>
            {renderNote?.(index)}
          </div>
        </li>
      ))}
    </ol>
  );

  return frame({ action, body });
}
