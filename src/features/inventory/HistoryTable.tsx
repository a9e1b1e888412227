// The event's history (spec §2 Inventory): select, id, lot number, event id, status, user id, location, title, store
// status with stock quantity, price, and the edit link to /lotedit/{manifestId}; on the shared ResponsiveTable
// (virtualised on a desk, cards on a phone). A scan not yet confirmed by the server is marked Pending.
import { Link } from '@tanstack/react-router';
import { useMemo } from 'react';
import { historyView, type HistoryRow } from '../../domains/inventory';
import type { LotRow } from '../../domains/lots';
import { InventoryScreenMessages as T } from '../../protocol/messages';
import { formatNumber, ResponsiveTable, RowCheckbox, type TableColumn } from '../../ui/table';

const LINK =
  'inline-flex min-h-11 min-w-11 items-center justify-center rounded-md px-2 font-medium text-blue-800 underline ' +
  'hover:bg-blue-50 focus-visible:outline-2 focus-visible:outline-blue-600';

export interface HistoryTableProps {
  readonly rows: readonly HistoryRow[];
  readonly lotsByNumber: ReadonlyMap<string, LotRow>;
  readonly selected: ReadonlySet<number>;
  readonly onSelect: (ids: readonly number[], on: boolean) => void;
}

function LotNumberCell({ row }: { row: HistoryRow }) {
  return (
    <span className="flex flex-col items-start leading-tight">
      <span className="whitespace-nowrap font-mono">{row.lotNumber}</span>
      {row.pending === 1 && <span className="rounded bg-amber-200 px-1.5 text-xs font-semibold text-amber-950">{T.pending}</span>}
    </span>
  );
}

const text = (value: string) => <span className="block truncate text-sm" title={value}>{value}</span>;

function useColumns({ rows, lotsByNumber, selected, onSelect }: HistoryTableProps): TableColumn<HistoryRow>[] {
  const allSelected = rows.length > 0 && rows.every((row) => selected.has(row.id));
  return useMemo(() => {
    const view = (row: HistoryRow) => historyView(row, lotsByNumber.get(row.lotNumber));
    return [
      { id: 'lotNumber', label: 'Lot #', width: 120, pin: 'start', card: 'title', cell: (row) => <LotNumberCell row={row} /> },
      { id: 'id', label: 'Id', width: 80, cell: (row) => text(row.id < 0 ? '—' : String(row.id)) },
      { id: 'event', label: 'Event Id', width: 80, cell: (row) => text(row.inventoryEventId < 0 ? '—' : String(row.inventoryEventId)) },
      { id: 'status', label: 'Status', width: 110, key: true, cell: (row) => <span className="font-mono text-sm">{row.status}</span> },
      { id: 'user', label: 'User Id', width: 80, cell: (row) => text(row.changedBy === null ? '—' : String(row.changedBy)) },
      { id: 'location', label: 'Location', header: <span title="Zone Aisle Column Row Bin">Location (Z A C R B)</span>, width: 130, key: true, cell: (row) => <span className="font-mono text-sm">{view(row).location}</span> },
      { id: 'title', label: 'Title', width: 200, grow: true, card: 'wide', cell: (row) => text(view(row).title) },
      {
        id: 'store',
        label: 'Store Status',
        width: 130,
        cell: (row) => {
          const { storeStatus, stockQuantity } = view(row);
          return text(storeStatus === '' ? '—' : `${storeStatus} (${stockQuantity ?? '—'})`);
        },
      },
      { id: 'price', label: 'Price', width: 90, align: 'right', cell: (row) => text(formatNumber(view(row).price)) },
      {
        id: 'edit',
        label: 'Edit',
        header: <span className="sr-only">Edit</span>,
        width: 64,
        key: true,
        card: 'action',
        // A scan of a lot its device did not hold names no lot until the server has found it.
        cell: (row) => (row.manifestId > 0 ? (
          <Link to="/lotedit/$lotId" params={{ lotId: String(row.manifestId) }} className={LINK} aria-label={`Edit ${row.lotNumber}`}>
            Edit
          </Link>
        ) : text('—')),
      },
      {
        id: 'select',
        label: 'Select',
        pin: 'end',
        card: 'action',
        headerAboveCards: true,
        header: (
          <label className="flex min-h-11 min-w-11 cursor-pointer items-center justify-center gap-2">
            <input type="checkbox" className="size-5 accent-blue-700" checked={allSelected} onChange={(event) => onSelect(rows.map((row) => row.id), event.target.checked)} aria-label={T.selectAll} />
            <span className="sm:sr-only">Select all</span>
          </label>
        ),
        width: 56,
        align: 'center',
        cell: (row) => <RowCheckbox checked={selected.has(row.id)} onToggle={() => onSelect([row.id], !selected.has(row.id))} label={`Select ${row.lotNumber}`} />,
      },
    ];
  }, [rows, lotsByNumber, selected, allSelected, onSelect]);
}

const historyRowProps = () => ({ 'data-testid': 'history-row' });

export function HistoryTable(props: HistoryTableProps) {
  const columns = useColumns(props);
  return (
    <ResponsiveTable
      tableId="inventory-history"
      label={T.historyTitle}
      rowLabel={(row) => row.lotNumber}
      rows={props.rows}
      columns={columns}
      rowKey={(row) => row.id}
      rowHeight={56}
      emptyText={T.historyEmpty}
      rowClassName={(row) => (row.pending === 1 ? 'bg-amber-50' : '')}
      rowProps={historyRowProps}
    />
  );
}
