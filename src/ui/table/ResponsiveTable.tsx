// Every table of the app (DESIGN: ResponsiveTable, table ⇄ cards): a table on a desk or tablet (VirtualTable),
// a list of cards on a phone (CardList), and above either the column chooser, whose choice this device
// remembers per table. Each screen states its columns once (columns.ts); this piece decides how they show.
import { useMemo } from 'react';
import { useDeskLayout, useWideLayout } from '../use-media-query';
import { CardList } from './CardList';
import { ColumnChooser } from './ColumnChooser';
import { SortableRows, type Reorder } from './sortable';
import { choiceId, tabletHidden, visibleColumns } from './columns';
import { useHiddenColumns } from './use-hidden-columns';
import { VirtualTable, type VirtualTableProps } from './VirtualTable';

export interface ResponsiveTableProps<Row> extends VirtualTableProps<Row> {
  /** Names the table in the device's settings (the chooser's choice), e.g. 'lots'. Stable across releases. */
  readonly tableId: string;
  /** Names a phone card: the row's key (a lot number, a UPC). */
  readonly rowLabel: (row: Row) => string;
  /** Rows put in order by dragging their DragHandle (mouse, touch press-and-hold, keyboard). */
  readonly reorder?: Reorder<Row>;
}

export function ResponsiveTable<Row>({ tableId, columns, reorder, ...rest }: ResponsiveTableProps<Row>) {
  const wide = useWideLayout();
  const desk = useDeskLayout();
  const tablet = wide && !desk;
  const startHidden = useMemo(() => (tablet ? tabletHidden(columns) : []), [tablet, columns]);
  const [hidden, setHidden] = useHiddenColumns(choiceId(tableId, tablet, startHidden), startHidden);
  const shown = useMemo(() => visibleColumns(columns, hidden), [columns, hidden]);
  const sortable = reorder !== undefined;
  const layout = wide ? <VirtualTable {...rest} columns={shown} sortable={sortable} /> : <CardList {...rest} columns={shown} sortable={sortable} />;
  return (
    <div className="flex min-w-0 flex-col gap-2">
      <div className="flex items-center justify-end gap-2">
        {!wide &&
          shown
            .filter((column) => column.headerAboveCards === true)
            .map((column) => (
              <div key={column.id} className="mr-auto">
                {column.header ?? column.label}
              </div>
            ))}
        <ColumnChooser label={rest.label} columns={columns} hidden={hidden} onChange={setHidden} />
      </div>
      {reorder === undefined ? (
        layout
      ) : (
        <SortableRows rows={rest.rows} rowKey={rest.rowKey} rowLabel={rest.rowLabel} reorder={reorder}>
          {layout}
        </SortableRows>
      )}
    </div>
  );
}
