// A virtualized table for long lists (10,000 lots): a real <table> (screen readers count rows through
// aria-rowcount/rowindex) whose body renders only the rows in view, with spacer rows above and below. The
// header sticks; rows are a fixed height of at least 44 px (touch); columns have fixed widths, so a phone at
// 360 px scrolls sideways. It owns layout only: cells come from the columns, data from the caller.
import { useVirtualizer } from '@tanstack/react-virtual';
import { useRef, type ReactNode } from 'react';

/** Touch-first: no row shorter than a 44 px target (WCAG 2.5.5). */
export const MIN_ROW_HEIGHT_PX = 44;
const DEFAULT_ROW_HEIGHT_PX = 48;
/** Rows rendered beyond the viewport, so a fast fling does not show blank rows. */
const OVERSCAN_ROWS = 10;

export interface TableColumn<Row> {
  readonly id: string;
  readonly header: ReactNode;
  /** Fixed width in px; the table is as wide as its columns (at least the container). */
  readonly width: number;
  readonly cell: (row: Row, index: number) => ReactNode;
  readonly align?: 'left' | 'right' | 'center';
}

export interface VirtualTableProps<Row> {
  /** Names the table for assistive technology (e.g. 'Lots'). */
  readonly label: string;
  readonly rows: readonly Row[];
  readonly columns: readonly TableColumn<Row>[];
  readonly rowKey: (row: Row) => string | number;
  /** Clamped to at least MIN_ROW_HEIGHT_PX. */
  readonly rowHeight?: number;
  /** CSS max height of the scrolling area (default: most of the viewport). */
  readonly maxHeight?: string;
  readonly emptyText?: ReactNode;
  readonly rowClassName?: (row: Row) => string;
  /** Attributes for a row's <tr> (a test id): a closed type, so a caller cannot override the row's layout or ARIA. */
  readonly rowProps?: (row: Row) => RowAttributes;
}

/** What a caller may put on a row besides its class. */
export interface RowAttributes {
  readonly 'data-testid'?: string;
}

const ALIGN = { left: 'text-left', right: 'text-right', center: 'text-center' } as const;
const CELL = 'overflow-hidden px-2 sm:px-3';

export function VirtualTable<Row>(props: VirtualTableProps<Row>) {
  const { label, rows, columns, rowKey, rowHeight = DEFAULT_ROW_HEIGHT_PX, maxHeight = '75dvh', emptyText = 'Nothing to show.', rowClassName, rowProps } = props;
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
  const width = columns.reduce((sum, column) => sum + column.width, 0);

  return (
    <div ref={scrollRef} style={{ maxHeight }} className="overflow-auto overscroll-contain rounded-lg border border-slate-200 bg-white">
      <table aria-label={label} aria-rowcount={rows.length + 1} style={{ width, minWidth: '100%' }} className="table-fixed border-separate border-spacing-0 text-sm sm:text-base">
        <colgroup>
          {columns.map((column) => (
            <col key={column.id} style={{ width: column.width }} />
          ))}
        </colgroup>
        <thead>
          <tr aria-rowindex={1}>
            {columns.map((column) => (
              <th
                key={column.id}
                scope="col"
                style={{ height }}
                className={`${CELL} sticky top-0 z-10 border-b border-slate-300 bg-slate-100 font-semibold text-slate-700 ${ALIGN[column.align ?? 'left']}`}
              >
                {column.header}
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
            return (
              <tr {...rowProps?.(row)} key={item.key} aria-rowindex={item.index + 2} style={{ height }} className={rowClassName?.(row) ?? ''}>
                {columns.map((column) => (
                  <td key={column.id} className={`${CELL} border-b border-slate-200 align-middle ${ALIGN[column.align ?? 'left']}`}>
                    {column.cell(row, item.index)}
                  </td>
                ))}
              </tr>
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
