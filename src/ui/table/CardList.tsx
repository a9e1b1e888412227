// The phone layout of a table (< 640 px): each row is a card in a virtualized list, so 10,000 rows stay smooth.
// The columns say where their cell goes (columns.ts, `card`): the title line (the key, the name), labelled
// fields, and the actions at the foot. Cards differ in height, so each is measured as it renders. A list, not a
// table, for assistive technology: role list/listitem, each card named by its row's key, its place in the whole
// list given by aria-setsize/posinset (only the cards in view are in the DOM).
import { useVirtualizer } from '@tanstack/react-virtual';
import { useRef } from 'react';
import { SortableItem, type SortableRowParts } from './sortable';
import { cardParts, type TableColumn } from './columns';
import { rowBackground, type VirtualTableProps } from './VirtualTable';

/** A first guess at a card's height before it is measured (a Lots card is about this tall). */
const ESTIMATED_CARD_PX = 200;
/** Cards rendered beyond the viewport, so a fling does not show blank space. */
const OVERSCAN_CARDS = 4;

/** The same rows, columns and row attributes as the table (a phone shows what a desk shows), less its row height. */
export interface CardListProps<Row> extends Omit<VirtualTableProps<Row>, 'rowHeight'> {
  /** Names a card for screen readers: the row's key (a lot number, a UPC). */
  readonly rowLabel: (row: Row) => string;
}

function Card<Row>({ row, index, columns }: { row: Row; index: number; columns: readonly TableColumn<Row>[] }) {
  const { title, fields, actions } = cardParts(columns);
  return (
    <>
      {title.length > 0 && (
        <div className="flex items-center gap-2">
          {title.map((column) => (
            <div key={column.id} className="min-w-0 last:flex-1">
              {column.cell(row, index)}
            </div>
          ))}
        </div>
      )}
      {fields.length > 0 && (
        <dl className="mt-2 grid grid-cols-2 gap-x-3 gap-y-1">
          {fields.map((column) => (
            <div key={column.id} className={`min-w-0 ${column.card === 'wide' ? 'col-span-2' : ''}`}>
              <dt className="text-xs font-medium text-slate-600">{column.label}</dt>
              {/* Values sit under their labels: a table's right-aligned numbers are left-aligned here. */}
              <dd className="min-w-0 text-left [&_button]:text-left">{column.cell(row, index)}</dd>
            </div>
          ))}
        </dl>
      )}
      {actions.length > 0 && (
        <div className="mt-2 flex flex-wrap items-center justify-end gap-2">
          {actions.map((column) => (
            <div key={column.id}>{column.cell(row, index)}</div>
          ))}
        </div>
      )}
    </>
  );
}

export function CardList<Row>(props: CardListProps<Row>) {
  const { label, rows, columns, rowKey, rowLabel, maxHeight = '75dvh', emptyText = 'Nothing to show.', rowClassName, rowProps, sortable = false } = props;
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ESTIMATED_CARD_PX,
    overscan: OVERSCAN_CARDS,
    getItemKey: (index) => {
      const row = rows[index];
      return row === undefined ? index : rowKey(row);
    },
  });

  if (rows.length === 0) return <p className="rounded-lg border border-slate-200 bg-white px-3 py-6 text-center text-slate-600">{emptyText}</p>;
  return (
    <div ref={scrollRef} style={{ maxHeight }} className="overflow-y-auto overflow-x-hidden overscroll-contain">
      <ul role="list" aria-label={label} className="relative" style={{ height: virtualizer.getTotalSize() }}>
        {virtualizer.getVirtualItems().map((item) => {
          const row = rows[item.index];
          if (row === undefined) return null;
          // A sortable card is placed by `top`: the drag measures cards without their transforms.
          const draw = (parts?: SortableRowParts) => (
            <li
              {...rowProps?.(row)}
              key={item.key}
              ref={(node) => {
                virtualizer.measureElement(node);
                parts?.ref(node);
              }}
              data-index={item.index}
              aria-label={rowLabel(row)}
              aria-setsize={rows.length}
              aria-posinset={item.index + 1}
              className="absolute left-0 top-0 w-full pb-2"
              style={parts === undefined ? { transform: `translateY(${item.start}px)` } : { ...parts.style, position: 'absolute', top: item.start }}
            >
              <div className={`rounded-lg border border-slate-200 p-3 ${rowBackground(row, rowClassName)} ${parts?.dragging === true ? 'shadow-lg' : ''}`}>
                <Card row={row} index={item.index} columns={columns} />
              </div>
            </li>
          );
          return sortable ? (
            <SortableItem key={item.key} rowKey={rowKey(row)}>
              {draw}
            </SortableItem>
          ) : (
            draw()
          );
        })}
      </ul>
    </div>
  );
}
