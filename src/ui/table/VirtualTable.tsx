// The desk and tablet layout of a table (>= 640 px): a real <table> (screen readers count rows through
// aria-rowcount/rowindex) whose body renders only the rows in view, with spacer rows above and below, so
// 10,000 rows stay smooth. The header sticks to the top, the key column to the start and the select column to
// the end, so a row stays named and selectable while the table scrolls sideways inside its own box (never the
// page). Rows are a fixed height of at least 44 px (touch). It owns layout only: cells come from the columns.
import { useVirtualizer } from '@tanstack/react-virtual';
import { useRef, type CSSProperties, type ReactNode } from 'react';
import { SortableItem, type SortableRowParts } from './sortable';
import { pinnedWidths, pinOffsets, type TableColumn } from './columns';

/** Touch-first: no row shorter than a 44 px target (WCAG 2.5.5). */
export const MIN_ROW_HEIGHT_PX = 44;
const DEFAULT_ROW_HEIGHT_PX = 48;
/** Rows rendered beyond the viewport, so a fast fling does not show blank rows. */
const OVERSCAN_ROWS = 10;

export interface VirtualTableProps<Row> {
  /** Names the table for assistive technology (e.g. 'Lots'). */
  readonly label: string;
  readonly rows: readonly Row[];
  /** The columns to draw, in order (the chooser's hidden ones already left out). */
  readonly columns: readonly TableColumn<Row>[];
  readonly rowKey: (row: Row) => string | number;
  /** Clamped to at least MIN_ROW_HEIGHT_PX. */
  readonly rowHeight?: number;
  /** CSS max height of the scrolling area (default: most of the viewport). */
  readonly maxHeight?: string;
  readonly emptyText?: ReactNode;
  /** The row's background (a pending row's tint); pinned cells take it too. White when empty. */
  readonly rowClassName?: (row: Row) => string;
  /** Attributes for a row's <tr> (a test id): a closed type, so a caller cannot override the row's layout or ARIA. */
  readonly rowProps?: (row: Row) => RowAttributes;
  /** Rows carry a drag handle's context (inside SortableRows: ResponsiveTable's `reorder`). */
  readonly sortable?: boolean;
}

/** What a caller may put on a row besides its class. */
export interface RowAttributes {
  readonly 'data-testid'?: string;
}

const ALIGN = { left: 'text-left', right: 'text-right', center: 'text-center' } as const;
const CELL = 'overflow-hidden px-2';
const PIN_EDGE = { left: 'border-r', right: 'border-l' } as const;

/** The background a row (and so its pinned cells) shows. */
export const rowBackground = <Row,>(row: Row, rowClassName: ((row: Row) => string) | undefined): string => rowClassName?.(row) || 'bg-white';

/** Sticky placement of one cell: pinned cells stick at their offset, above the cells scrolling under them. */
function pinned(offset: ReturnType<typeof pinOffsets>[number]): { style: CSSProperties; className: string } {
  if (offset === undefined) return { style: {}, className: '' };
  return { style: { position: 'sticky', [offset.side]: offset.px }, className: `${PIN_EDGE[offset.side]} border-slate-200` };
}

export function VirtualTable<Row>(props: VirtualTableProps<Row>) {
  const { label, rows, columns, rowKey, rowHeight = DEFAULT_ROW_HEIGHT_PX, maxHeight = '75dvh', emptyText = 'Nothing to show.', rowClassName, rowProps, sortable = false } = props;
  const height = Math.max(rowHeight, MIN_ROW_HEIGHT_PX);
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => height,
    overscan: OVERSCAN_ROWS,
    getItemKey: (index) => {
      const row = rows[index];
      return row === undefined ? index : rowKey(row);
    },
  });
  const items = virtualizer.getVirtualItems();
  const before = items[0]?.start ?? 0;
  const after = items.length === 0 ? 0 : virtualizer.getTotalSize() - (items[items.length - 1]?.end ?? 0);
  // The table is as wide as its columns, at least its box; a `grow` column (no width on its <col>) takes the rest.
  const width = columns.reduce((sum, column) => sum + column.width, 0);
  const pins = pinOffsets(columns).map(pinned);
  // A cell brought into view (focus, a tap's scroll) stops clear of the pinned columns and the sticky header, never
  // under them (issue 31: Lot edit's Vendor cell sat under the Select column at 768 px).
  const covered = pinnedWidths(columns);
  const scrollPadding: CSSProperties = { scrollPaddingLeft: covered.start, scrollPaddingRight: covered.end, scrollPaddingTop: height };

  return (
    <div ref={scrollRef} style={{ maxHeight, ...scrollPadding }} className="overflow-auto overscroll-contain rounded-lg border border-slate-200 bg-white">
      <table aria-label={label} aria-rowcount={rows.length + 1} style={{ width, minWidth: '100%' }} className="table-fixed border-separate border-spacing-0 text-sm sm:text-base">
        <colgroup>
          {columns.map((column) => (
            <col key={column.id} style={column.grow === true ? undefined : { width: column.width }} />
          ))}
        </colgroup>
        <thead>
          <tr aria-rowindex={1}>
            {columns.map((column, index) => (
              <th
                key={column.id}
                scope="col"
                style={{ height, ...pins[index]?.style }}
                className={`${CELL} sticky top-0 ${column.pin === undefined ? 'z-10' : 'z-20'} border-b border-slate-300 bg-slate-100 font-semibold leading-tight text-slate-700 ${ALIGN[column.align ?? 'left']} ${pins[index]?.className ?? ''}`}
              >
                {column.header ?? column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {before > 0 && (
            <tr aria-hidden="true">
              <td colSpan={columns.length} style={{ height: before, padding: 0 }} />
            </tr>
          )}
          {items.map((item) => {
            const row = rows[item.index];
            if (row === undefined) return null;
            const draw = (parts?: SortableRowParts) => (
              <tr {...rowProps?.(row)} key={item.key} ref={parts?.ref} aria-rowindex={item.index + 2} style={{ height, ...parts?.style }} className={`${rowBackground(row, rowClassName)} ${parts?.dragging === true ? 'shadow-lg' : ''}`}>
                {columns.map((column, index) => (
                  <td
                    key={column.id}
                    style={pins[index]?.style}
                    className={`${CELL} border-b border-slate-200 align-middle ${ALIGN[column.align ?? 'left']} ${column.pin === undefined ? '' : 'z-[1] bg-inherit'} ${pins[index]?.className ?? ''}`}
                  >
                    {column.cell(row, item.index)}
                  </td>
                ))}
              </tr>
            );
            return sortable ? (
              <SortableItem key={item.key} rowKey={rowKey(row)}>
                {draw}
              </SortableItem>
            ) : (
              draw()
            );
          })}
          {after > 0 && (
            <tr aria-hidden="true">
              <td colSpan={columns.length} style={{ height: after, padding: 0 }} />
            </tr>
          )}
          {rows.length === 0 && (
            <tr>
              <td colSpan={columns.length} className="px-3 py-6 text-center text-slate-600">
                {emptyText}
              </td>
            </tr>
          )}
        </tbody>
      </table>
    </div>
  );
}
