import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type KeyboardCoordinateGetter,
  type Modifier,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import { arrayMove, SortableContext, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { GripVertical } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@/client/lib/cn';

/** Spec 9: "Keyboard reorder step: 25 px per arrow key press". */
export const KEYBOARD_REORDER_STEP_PX = 25;

/** Moves the dragged row 25 px per Up/Down arrow press; the other keys are left to the sensor. */
export const verticalStepCoordinates: KeyboardCoordinateGetter = (event, { currentCoordinates }) => {
  switch (event.code) {
    case 'ArrowDown':
      event.preventDefault();
      return { ...currentCoordinates, y: currentCoordinates.y + KEYBOARD_REORDER_STEP_PX };
    case 'ArrowUp':
      event.preventDefault();
      return { ...currentCoordinates, y: currentCoordinates.y - KEYBOARD_REORDER_STEP_PX };
    default:
      return undefined;
  }
};

/** Rows only move up and down (the same as @dnd-kit/modifiers' restrictToVerticalAxis, without the package). */
const restrictToVerticalAxis: Modifier = ({ transform }) => ({ ...transform, x: 0 });

let lastRowId = 0;
/** A stable id for an editor row, so React keys and drag ids survive edits to the row's text. */
export function createRowId(): string {
  lastRowId += 1;
  return `row-${lastRowId}`;
}

export interface SortableRow {
  id: string;
}

export interface SortableListProps<T extends SortableRow> {
  items: T[];
  /** Called with the reordered items after a drop that changed the order. */
  onReorder: (items: T[]) => void;
  /** How to name the item at a 0-based position in labels and announcements, e.g. `(i) => \`question ${i + 1}\``. */
  itemLabel: (index: number) => string;
  /** The row's content; place `dragHandle` where the grip should go. */
  renderItem: (args: { item: T; index: number; dragHandle: ReactNode }) => ReactNode;
  /** Names the list for assistive technology. */
  'aria-label': string;
  className?: string;
  itemClassName?: string;
}

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

const screenReaderInstructions = {
  draggable:
    'To reorder, press Space or Enter on the handle, move with the Up and Down arrow keys, and press Space or Enter again to drop. Press Escape to cancel.',
};

function SortableListRow<T extends SortableRow>({
  item,
  index,
  label,
  renderItem,
  className,
}: {
  item: T;
  index: number;
  label: string;
  renderItem: SortableListProps<T>['renderItem'];
  className?: string | undefined;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: item.id });
  const dragHandle = (
    <button
      type="button"
      ref={setActivatorNodeRef}
      {...attributes}
      {...listeners}
      aria-label={`Reorder ${label}`}
      className="inline-flex size-9 shrink-0 cursor-grab touch-none items-center justify-center rounded-md text-slate-400 transition-colors hover:bg-slate-100 hover:text-slate-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 active:cursor-grabbing"
    >
      <GripVertical className="size-4" aria-hidden="true" />
    </button>
  );
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      className={cn('relative bg-white', isDragging && 'z-10 shadow-lg ring-1 ring-brand-500', className)}
    >
      {renderItem({ item, index, dragHandle })}
    </li>
  );
}

/** A vertical list reordered by pointer (drag the grip) or keyboard (Space, arrows, Space), with spoken feedback. */
export function SortableList<T extends SortableRow>({
  items,
  onReorder,
  itemLabel,
  renderItem,
  'aria-label': ariaLabel,
  className,
  itemClassName,
}: SortableListProps<T>) {
  const sensors = useSensors(
    // A few pixels of travel before a drag starts, so a plain click on the grip does nothing.
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: verticalStepCoordinates }),
  );

  const indexOf = (id: UniqueIdentifier) => items.findIndex((item) => item.id === id);
  const nameOf = (id: UniqueIdentifier) => capitalise(itemLabel(indexOf(id)));
  const positionOf = (id: UniqueIdentifier) => `position ${indexOf(id) + 1} of ${items.length}`;

  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up ${nameOf(active.id)}, at ${positionOf(active.id)}.`,
    onDragOver: ({ active, over }) =>
      over ? `${nameOf(active.id)} moved to ${positionOf(over.id)}.` : `${nameOf(active.id)} is no longer over the list.`,
    onDragEnd: ({ active, over }) =>
      over ? `${nameOf(active.id)} dropped at ${positionOf(over.id)}.` : `${nameOf(active.id)} dropped; the order is unchanged.`,
    onDragCancel: ({ active }) => `Reordering cancelled. ${nameOf(active.id)} returned to ${positionOf(active.id)}.`,
  };

  const handleDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = indexOf(active.id);
    const to = indexOf(over.id);
    if (from < 0 || to < 0) return;
    onReorder(arrayMove(items, from, to));
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      modifiers={[restrictToVerticalAxis]}
      accessibility={{ announcements, screenReaderInstructions }}
      onDragEnd={handleDragEnd}
    >
      <SortableContext items={items} strategy={verticalListSortingStrategy}>
        <ul aria-label={ariaLabel} className={className}>
          {items.map((item, index) => (
            <SortableListRow
              key={item.id}
              item={item}
              index={index}
              label={itemLabel(index)}
              renderItem={renderItem}
              className={itemClassName}
            />
          ))}
        </ul>
      </SortableContext>
    </DndContext>
  );
}
