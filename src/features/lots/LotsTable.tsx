// The Lots table (spec §2 Lots list) on the shared ResponsiveTable (a table on a desk, cards on a phone): lot number, status
// (opens the status dialog), title with Rename, category, units, listing, retail (editable numbers), the edit
// link to /lotedit/{id}, auction, location (opens the location dialog) and a select checkbox. Rows the server
// has not confirmed yet are marked Pending (in words, not colour alone); a lot made offline has no number until
// the server creates it, and its edit page opens by its temporary id meanwhile.
import { Link } from '@tanstack/react-router';
import { useMemo } from 'react';
import type { Category } from '../../protocol/entities';
import type { LotChange } from '../../protocol/lots';
import { Count, Money } from '../../protocol/primitives';
import { notifier } from '../../sync/feedback/notifier';
import type { LotRow } from '../../domains/lots';
import { buttonClass } from '../../ui/button';
import { NumberCell, ResponsiveTable, type NumberRule, type TableColumn } from '../../ui/table';
import { auctionText, categoriesText, locationText, lotName } from '../../ui/lot-display';

const LINK =
  'inline-flex min-h-11 min-w-11 items-center justify-center rounded-md px-2 font-medium text-blue-800 underline ' +
  'hover:bg-blue-50 focus-visible:outline-2 focus-visible:outline-blue-600';
const CELL_BUTTON =
  'min-h-11 w-full truncate rounded-md px-2 text-left hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-blue-600';
const CHECKBOX = 'size-5 accent-blue-700';

export interface LotsTableProps {
  readonly lots: readonly LotRow[];
  readonly categoriesById: ReadonlyMap<number, Category>;
  readonly selected: ReadonlySet<number>;
  readonly onSelect: (ids: readonly number[], on: boolean) => void;
  readonly onRename: (lot: LotRow) => void;
  readonly onStatus: (lot: LotRow) => void;
  readonly onLocation: (lot: LotRow) => void;
  /** An edited numeric cell: the lot with the new value. */
  /** A cell's new value: only that field is sent (issue 13). */
  readonly onEdit: (id: number, change: LotChange) => void;
}

function LotNumber({ lot }: { lot: LotRow }) {
  return (
    <span className="flex flex-col items-start leading-tight">
      {lot.id < 0 ? <span className="italic text-slate-600">New lot</span> : <span className="whitespace-nowrap font-mono">{lot.lotNumber}</span>}
      {lot.pending === 1 && (
        <span className="rounded bg-amber-200 px-1.5 text-xs font-semibold text-amber-950" title="Not yet confirmed by the server">
          Pending
        </span>
      )}
    </span>
  );
}

function TitleCell({ lot, onRename }: { lot: LotRow; onRename: (lot: LotRow) => void }) {
  const name = lotName(lot);
  return (
    <div className="flex items-center justify-between gap-2">
      <span className="min-w-0 truncate" title={lot.titleListing}>
        {lot.titleListing}
      </span>
      <button type="button" className={`${buttonClass.secondary} shrink-0 px-3`} onClick={() => onRename(lot)} aria-label={`Rename ${name}`}>
        Rename
      </button>
    </div>
  );
}

type NumberKey = 'numberOfUnits' | 'totalListingPrice' | 'totalOriginalRetail';
/** Each editable number's wire rule (spec: units are a count, the totals money): refused at the cell, never queued. */
const RULES = { numberOfUnits: Count, totalListingPrice: Money, totalOriginalRetail: Money } as const satisfies Record<NumberKey, NumberRule>;

function numberColumn(id: string, label: string, key: NumberKey, onEdit: LotsTableProps['onEdit']): TableColumn<LotRow> {
  return {
    id,
    label,
    width: 100,
    align: 'right',
    cell: (lot) => (
      <NumberCell
        label={label}
        value={lot[key]}
        rule={RULES[key]}
        rowName={lotName(lot)}
        onInvalid={notifier.error}
        onCommit={(value) => onEdit(lot.id, { [key]: value })}
      />
    ),
  };
}

function useColumns(props: LotsTableProps): TableColumn<LotRow>[] {
  const { lots, categoriesById, selected, onSelect, onRename, onStatus, onLocation, onEdit } = props;
  const allSelected = lots.length > 0 && lots.every((lot) => selected.has(lot.id));
  return useMemo(
    () => [
      { id: 'lotNumber', label: 'Lot #', width: 120, pin: 'start', card: 'title', cell: (lot) => <LotNumber lot={lot} /> },
      {
        id: 'status',
        label: 'Status',
        width: 120,
        key: true,
        cell: (lot) => (
          <button type="button" className={`${CELL_BUTTON} font-mono text-sm`} onClick={() => onStatus(lot)} aria-label={`Status of ${lotName(lot)}: ${lot.status}`}>
            {lot.status}
          </button>
        ),
      },
      { id: 'title', label: 'Title', width: 200, grow: true, key: true, card: 'title', cell: (lot) => <TitleCell lot={lot} onRename={onRename} /> },
      {
        id: 'category',
        label: 'Category',
        width: 130,
        card: 'wide',
        cell: (lot) => {
          const text = categoriesText(lot.categories, categoriesById);
          return <span className="block truncate text-sm" title={text}>{text}</span>;
        },
      },
      numberColumn('units', 'Units', 'numberOfUnits', onEdit),
      numberColumn('listing', 'Listing', 'totalListingPrice', onEdit),
      numberColumn('retail', 'Retail', 'totalOriginalRetail', onEdit),
      {
        id: 'edit',
        label: 'Edit',
        header: <span className="sr-only">Edit</span>,
        width: 64,
        key: true,
        card: 'action',
        // A lot made offline opens too, by its temporary id (Lot edit follows it to its real one).
        cell: (lot) => (
          <Link to="/lotedit/$lotId" params={{ lotId: String(lot.id) }} className={LINK} aria-label={`Edit ${lotName(lot)}`}>
            Edit
          </Link>
        ),
      },
      {
        id: 'auction',
        label: 'Auction',
        width: 110,
        cell: (lot) => {
          const text = auctionText(lot);
          return <span className="block truncate text-sm" title={text}>{text}</span>;
        },
      },
      {
        id: 'location',
        label: 'Location',
        header: <span title="Zone Aisle Column Row Bin">Location (Z A C R B)</span>,
        width: 130,
        key: true,
        cell: (lot) => (
          <button type="button" className={`${CELL_BUTTON} font-mono text-sm`} onClick={() => onLocation(lot)} aria-label={`Location of ${lotName(lot)}: ${locationText(lot)}`}>
            {locationText(lot)}
          </button>
        ),
      },
      {
        id: 'select',
        label: 'Select',
        pin: 'end',
        card: 'action',
        headerAboveCards: true,
        header: (
          <label className="flex min-h-11 min-w-11 cursor-pointer items-center justify-center gap-2">
            <input
              type="checkbox"
              className={CHECKBOX}
              checked={allSelected}
              onChange={(event) => onSelect(lots.map((lot) => lot.id), event.target.checked)}
              aria-label="Select all shown lots"
            />
            {/* Words beside the box where there is room for them: above the phone's cards. */}
            <span className="sm:sr-only">Select all</span>
          </label>
        ),
        width: 56,
        align: 'center',
        cell: (lot) => (
          <label className="flex min-h-11 min-w-11 cursor-pointer items-center justify-center">
            <input
              type="checkbox"
              className={CHECKBOX}
              checked={selected.has(lot.id)}
              onChange={(event) => onSelect([lot.id], event.target.checked)}
              aria-label={`Select ${lotName(lot)}`}
            />
          </label>
        ),
      },
    ],
    [lots, categoriesById, selected, allSelected, onSelect, onRename, onStatus, onLocation, onEdit],
  );
}

// Names each lot's <tr> for the browser tests (the row holds the number, title, status and location).
const lotRowProps = () => ({ 'data-testid': 'lot-row' });

export function LotsTable(props: LotsTableProps) {
  const columns = useColumns(props);
  return (
    <ResponsiveTable
      tableId="lots"
      label="Lots"
      rowLabel={lotName}
      rows={props.lots}
      columns={columns}
      rowKey={(lot) => lot.id}
      rowHeight={56}
      emptyText="No lots to show."
      rowClassName={(lot) => (lot.pending === 1 ? 'bg-amber-50' : '')}
      rowProps={lotRowProps}
    />
  );
}
