import { useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { createRowId } from '@/client/components/sortable-list';

export type EditorRow<T> = T & { id: string };

/**
 * The edit mode of the row editors (a job's criteria; the questions of jobs and screenings): rows with
 * stable ids copied from the saved list, add (the new row takes focus), remove (focus moves to the
 * neighbour, else to 'Add'), and leaving edit mode with focus back on the 'Edit' button, since the
 * editor's own buttons disappear with it.
 */
export function useRowEditor<T extends object, F extends HTMLElement>(options: { saved: () => T[]; blank: () => T; onStart?: () => void }) {
  const [isEditing, setIsEditing] = useState(false);
  const [rows, setRows] = useState<EditorRow<T>[]>([]);
  const [addedRowId, setAddedRowId] = useState<string | null>(null);
  const fields = useRef(new Map<string, F>());
  const addButton = useRef<HTMLButtonElement>(null);
  const editButton = useRef<HTMLButtonElement>(null);

  const startEditing = () => {
    setRows(options.saved().map((row) => ({ ...row, id: createRowId() })));
    setAddedRowId(null);
    setIsEditing(true);
    options.onStart?.();
  };

  const stopEditing = () => {
    flushSync(() => {
      setIsEditing(false);
      setRows([]);
    });
    editButton.current?.focus();
  };

  const addRow = () => {
    const id = createRowId();
    setRows((current) => [...current, { ...options.blank(), id }]);
    setAddedRowId(id);
  };

  const removeRow = (index: number) => {
    const neighbour = rows[index + 1] ?? rows[index - 1];
    setRows((current) => current.filter((_, i) => i !== index));
    const target = neighbour ? fields.current.get(neighbour.id) : addButton.current;
    target?.focus();
  };

  const patchRow = (id: string, patch: Partial<T>) => setRows((current) => current.map((row) => (row.id === id ? { ...row, ...patch } : row)));

  return { isEditing, rows, setRows, addedRowId, fields, addButton, editButton, startEditing, stopEditing, addRow, removeRow, patchRow };
}
