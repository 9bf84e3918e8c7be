import { useCallback, useMemo, useState } from 'react';

/**
 * Which rows are ticked, by id. Ids that are no longer in `rows` (after a reload) are ignored, so the
 * selection never points at a row the user can't see.
 */
export function useRowSelection<T extends { id: number }>(rows: readonly T[]) {
  const [selectedIds, setSelectedIds] = useState<ReadonlySet<number>>(() => new Set());

  const selectedRows = useMemo(() => rows.filter((row) => selectedIds.has(row.id)), [rows, selectedIds]);
  const isAllSelected = rows.length > 0 && selectedRows.length === rows.length;
  const isSomeSelected = selectedRows.length > 0 && !isAllSelected;

  const isSelected = useCallback((id: number) => selectedIds.has(id), [selectedIds]);

  const toggle = useCallback((id: number) => {
    setSelectedIds((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  }, []);

  const setAll = useCallback(
    (selected: boolean) => setSelectedIds(selected ? new Set(rows.map((row) => row.id)) : new Set()),
    [rows],
  );

  const clear = useCallback(() => setSelectedIds(new Set()), []);

  return { selectedRows, isAllSelected, isSomeSelected, isSelected, toggle, setAll, clear };
}
