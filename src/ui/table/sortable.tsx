// Rows put in order by dragging (@dnd-kit, DESIGN §3): with a mouse, with touch after a press and hold on the
// handle (so a swipe still scrolls the list), and with the keyboard (focus the handle, Space, arrows, Space;
// Escape cancels), each step announced in words. Only the order's handle drags; the table owns its rows, this owns
// the gesture: `SortableRows` wraps a layout, `SortableItem` one of its rows, `DragHandle` sits in a cell.
import {
  closestCenter, DndContext, KeyboardSensor, MouseSensor, TouchSensor, useSensor, useSensors, type Announcements, type DragEndEvent, type Modifier,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { createContext, useContext, useMemo, type CSSProperties, type ReactElement, type ReactNode } from 'react';
import { buttonClass } from '../button';
import { MOUSE_DISTANCE_PX, TOUCH_HOLD_MS, TOUCH_TOLERANCE_PX } from './gesture';


/** The words of a reorderable table: the hint, and what a screen reader hears at each step (place is 1-based). */
export interface ReorderWords {
  readonly hint: string;
  readonly pickedUp: (name: string, place: number, total: number) => string;
  readonly movedOver: (name: string, place: number, total: number) => string;
  readonly dropped: (name: string, place: number, total: number) => string;
  readonly cancelled: (name: string) => string;
}

/** A table whose rows can be put in order. */
export interface Reorder<Row> {
  /** `row` was dropped at index `to` of the rows as shown (never its own index). */
  readonly onMove: (row: Row, to: number) => void;
  readonly words: ReorderWords;
}

const sortableId = (key: string | number): string => `row-${key}`;

// Rows move up and down only.
const verticalOnly: Modifier = ({ transform }) => ({ ...transform, x: 0 });

interface SortableRowsProps<Row> {
  readonly rows: readonly Row[];
  readonly rowKey: (row: Row) => string | number;
  readonly rowLabel: (row: Row) => string;
  readonly reorder: Reorder<Row>;
  readonly children: ReactNode;
}

/** The drag context of one table: which rows sort, the sensors, the announcements, and the drop. */
export function SortableRows<Row>({ rows, rowKey, rowLabel, reorder, children }: SortableRowsProps<Row>) {
  const sensors = useSensors(
    useSensor(MouseSensor, { activationConstraint: { distance: MOUSE_DISTANCE_PX } }),
    useSensor(TouchSensor, { activationConstraint: { delay: TOUCH_HOLD_MS, tolerance: TOUCH_TOLERANCE_PX } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const ids = useMemo(() => rows.map((row) => sortableId(rowKey(row))), [rows, rowKey]);
  const indexOf = (id: UniqueIdentifier | undefined): number => (id === undefined ? -1 : ids.indexOf(String(id)));
  const nameOf = (id: UniqueIdentifier): string => {
    const row = rows[indexOf(id)];
    return row === undefined ? String(id) : rowLabel(row);
  };
  const { words } = reorder;
  const announcements: Announcements = {
    onDragStart: ({ active }) => words.pickedUp(nameOf(active.id), indexOf(active.id) + 1, rows.length),
    onDragOver: ({ active, over }) => (over === null ? undefined : words.movedOver(nameOf(active.id), indexOf(over.id) + 1, rows.length)),
    onDragEnd: ({ active, over }) => words.dropped(nameOf(active.id), indexOf(over?.id ?? active.id) + 1, rows.length),
    onDragCancel: ({ active }) => words.cancelled(nameOf(active.id)),
  };
  const onDragEnd = ({ active, over }: DragEndEvent): void => {
    const from = indexOf(active.id);
    const to = indexOf(over?.id);
    const row = rows[from];
    if (row !== undefined && to >= 0 && to !== from) reorder.onMove(row, to);
  };
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      modifiers={[verticalOnly]}
      onDragEnd={onDragEnd}
      accessibility={{ announcements, screenReaderInstructions: { draggable: words.hint } }}
    >
      <SortableContext items={ids} strategy={verticalListSortingStrategy}>
        {children}
      </SortableContext>
    </DndContext>
  );
}

/** What a sortable row puts on its element: the node to measure and move, and where it is during a drag. */
export interface SortableRowParts {
  readonly ref: (node: HTMLElement | null) => void;
  readonly style: CSSProperties;
  readonly dragging: boolean;
}

type Handle = Pick<ReturnType<typeof useSortable>, 'attributes' | 'listeners' | 'setActivatorNodeRef' | 'isDragging'>;
const HandleContext = createContext<Handle | undefined>(undefined);

/** One row of a SortableRows layout; `children` draws it with the parts it must carry. */
export function SortableItem({ rowKey, children }: { rowKey: string | number; children: (parts: SortableRowParts) => ReactElement }) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: sortableId(rowKey) });
  const style: CSSProperties = { transform: CSS.Translate.toString(transform), transition, position: 'relative', zIndex: isDragging ? 30 : undefined };
  const handle = useMemo(() => ({ attributes, listeners, setActivatorNodeRef, isDragging }), [attributes, listeners, setActivatorNodeRef, isDragging]);
  return <HandleContext.Provider value={handle}>{children({ ref: setNodeRef, style, dragging: isDragging })}</HandleContext.Provider>;
}

/**
 * The grip that drags its row: a 44 px target, named for the row. Outside a sortable row (a table shown without
 * reordering) it draws nothing.
 */
export function DragHandle({ label }: { label: string }) {
  const handle = useContext(HandleContext);
  if (handle === undefined) return null;
  return (
    <button
      type="button"
      ref={handle.setActivatorNodeRef}
      {...handle.attributes}
      {...handle.listeners}
      aria-label={label}
      // Pan stays allowed until the hold lifts the row; after that the sensor keeps the finger's moves.
      className={`${buttonClass.secondary} min-w-11 cursor-grab touch-manipulation select-none px-2 [-webkit-touch-callout:none] ${handle.isDragging ? 'cursor-grabbing bg-blue-50' : ''}`}
    >
      <span aria-hidden="true">⠿</span>
    </button>
  );
}
