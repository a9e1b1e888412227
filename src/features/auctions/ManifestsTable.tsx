// The auction's lots in sale order (spec §2 Auctions): select, id, up/down, lot number, name, units, retail, status
// with the listing link, auction title (editable, its length shown), starting price (editable), end time, category
// and the edit link; on the shared ResponsiveTable (a table on a desk, cards on a phone). Edits wait for Update.
// On a 768 px tablet the columns a person works with here (order, lot, auction title, starting price, edit) fit the
// screen: the others start hidden there (deskOnly, issue 31) and the Columns chooser brings them back.
import { Link } from '@tanstack/react-router';
import { useMemo } from 'react';
import { titleTooLong, type AuctionManifestRow } from '../../domains/auctions';
import { useCategories } from '../../domains/categories';
import { isOnStore, publicListingPath } from '../../domains/listings';
import { AuctionScreenMessages as T } from '../../protocol/messages';
import { Money } from '../../protocol/primitives';
import { notifier } from '../../sync/feedback/notifier';
import { cellButtonClass } from '../../ui/button';
import { categoriesText } from '../../ui/lot-display';
import { DragHandle, formatNumber, NumberCell, ResponsiveTable, RowCheckbox, TextCell, type Reorder, type TableColumn } from '../../ui/table';
import { shownPrice, shownTitle, type Drafts, type RowDraft } from './use-auctions';

const LINK =
  'inline-flex min-h-11 min-w-11 items-center justify-center rounded-md px-2 font-medium text-blue-800 underline ' +
  'hover:bg-blue-50 focus-visible:outline-2 focus-visible:outline-blue-600';

export interface ManifestsTableProps {
  readonly rows: readonly AuctionManifestRow[];
  readonly selected: ReadonlySet<number>;
  readonly onSelect: (ids: readonly number[], on: boolean) => void;
  readonly drafts: Drafts;
  readonly onEdit: (id: number, change: RowDraft) => void;
  readonly onMove: (row: AuctionManifestRow, step: -1 | 1) => void;
  /** A row dragged to index `to` of the sale as shown. */
  readonly onPlace: (row: AuctionManifestRow, to: number) => void;
}

const text = (value: string) => <span className="block truncate text-sm" title={value}>{value}</span>;
const when = (time: string | null): string => (time === null ? '—' : new Date(time).toLocaleString());

function TitleCell({ row, drafts, onEdit }: { row: AuctionManifestRow; drafts: Drafts; onEdit: ManifestsTableProps['onEdit'] }) {
  const title = shownTitle(row, drafts);
  return (
    <span className="flex min-w-0 items-center gap-2">
      <span className="min-w-0 flex-1">
        <TextCell label="Auction title" value={title} rowName={row.manifest.lotNumber} changed={drafts.get(row.id)?.auctionTitle !== undefined} onCommit={(value) => onEdit(row.id, { auctionTitle: value })} />
      </span>
      <span className={`shrink-0 text-xs ${titleTooLong(title) ? 'font-semibold text-red-800' : 'text-slate-600'}`} title={T.titleLength(title.length)}>{title.length}</span>
    </span>
  );
}

function useColumns({ rows, selected, onSelect, drafts, onEdit, onMove }: ManifestsTableProps): TableColumn<AuctionManifestRow>[] {
  const { byId } = useCategories();
  const allSelected = rows.length > 0 && rows.every((row) => selected.has(row.id));
  return useMemo(() => [
    {
      id: 'select', label: 'Select', pin: 'start', card: 'action', headerAboveCards: true, width: 56, align: 'center',
      header: (
        <label className="flex min-h-11 min-w-11 cursor-pointer items-center justify-center gap-2">
          <input type="checkbox" className="size-5 accent-blue-700" checked={allSelected} onChange={(event) => onSelect(rows.map((row) => row.id), event.target.checked)} aria-label={T.selectAll} />
          <span className="sm:sr-only">Select all</span>
        </label>
      ),
      cell: (row) => <RowCheckbox checked={selected.has(row.id)} onToggle={() => onSelect([row.id], !selected.has(row.id))} label={`Select ${row.manifest.lotNumber}`} />,
    },
    { id: 'id', label: 'Id', width: 70, deskOnly: true, cell: (row) => text(String(row.id)) },
    {
      // The sale number, the handle and ↑ ↓ (44 px each), their gaps and the cell's padding: nothing cut off.
      id: 'order', label: T.saleOrder, width: 196, key: true, card: 'action',
      cell: (row, index) => (
        <span className="flex items-center gap-1">
          <span className="min-w-7 text-right font-mono text-sm tabular-nums" title={T.saleOrder}>{index + 1}</span>
          <DragHandle label={T.dragHandle(row.manifest.lotNumber)} />
          <button type="button" className={cellButtonClass} disabled={index === 0} aria-label={T.moveUp(row.manifest.lotNumber)} onClick={() => onMove(row, -1)}>↑</button>
          <button type="button" className={cellButtonClass} disabled={index === rows.length - 1} aria-label={T.moveDown(row.manifest.lotNumber)} onClick={() => onMove(row, 1)}>↓</button>
        </span>
      ),
    },
    {
      id: 'lotNumber', label: 'Lot #', width: 110, key: true, card: 'title',
      cell: (row) => (
        <span className="flex flex-col items-start leading-tight">
          <span className="whitespace-nowrap font-mono">{row.manifest.lotNumber}</span>
          {row.pending === 1 && <span className="rounded bg-amber-200 px-1.5 text-xs font-semibold text-amber-950">{T.pending}</span>}
        </span>
      ),
    },
    { id: 'name', label: 'Name', width: 180, grow: true, card: 'wide', deskOnly: true, cell: (row) => text(row.manifest.titleListing) },
    { id: 'units', label: 'Units', width: 70, align: 'right', deskOnly: true, cell: (row) => text(String(row.manifest.numberOfUnits)) },
    { id: 'retail', label: 'Retail', width: 90, align: 'right', deskOnly: true, cell: (row) => text(formatNumber(row.manifest.totalOriginalRetail)) },
    {
      id: 'status', label: 'Status', width: 130, deskOnly: true,
      cell: (row) => (isOnStore(row.manifest) && row.manifest.slug !== null
        ? <a className={LINK} href={publicListingPath(row.manifest.slug)} target="_blank" rel="noreferrer">{row.manifest.status}</a>
        : <span className="font-mono text-sm">{row.manifest.status}</span>),
    },
    { id: 'auctionTitle', label: 'Auction title', width: 190, key: true, card: 'wide', cell: (row) => <TitleCell row={row} drafts={drafts} onEdit={onEdit} /> },
    {
      id: 'startingPrice', label: 'Starting price', width: 110, key: true, align: 'right',
      cell: (row) => (
        <NumberCell label="Starting price" value={shownPrice(row, drafts)} rule={Money} rowName={row.manifest.lotNumber} changed={drafts.get(row.id)?.startingPrice !== undefined}
          onCommit={(value) => onEdit(row.id, { startingPrice: value })} onInvalid={(message) => notifier.error(message)} />
      ),
    },
    { id: 'endTime', label: 'End time', width: 150, deskOnly: true, cell: (row) => text(when(row.endTime)) },
    { id: 'category', label: 'Category', width: 130, deskOnly: true, cell: (row) => text(categoriesText(row.manifest.categories, byId)) },
    {
      id: 'edit', label: 'Edit', header: <span className="sr-only">Edit</span>, width: 64, key: true, card: 'action',
      cell: (row) => <Link to="/lotedit/$lotId" params={{ lotId: String(row.manifest.id) }} className={LINK} aria-label={`Edit ${row.manifest.lotNumber}`}>Edit</Link>,
    },
  ], [rows, selected, onSelect, drafts, onEdit, onMove, byId, allSelected]);
}

const rowProps = () => ({ 'data-testid': 'auction-row' });
const REORDER_WORDS = { hint: T.dragHint, pickedUp: T.pickedUp, movedOver: T.movedOver, dropped: T.dropped, cancelled: T.dragCancelled };

export function ManifestsTable(props: ManifestsTableProps) {
  const columns = useColumns(props);
  const { onPlace } = props;
  const reorder = useMemo<Reorder<AuctionManifestRow>>(() => ({ onMove: onPlace, words: REORDER_WORDS }), [onPlace]);
  return (
    <ResponsiveTable
      tableId="auction-manifests"
      label={T.tableTitle}
      rowLabel={(row) => row.manifest.lotNumber}
      rows={props.rows}
      columns={columns}
      rowKey={(row) => row.id}
      rowHeight={56}
      emptyText={T.tableEmpty}
      rowClassName={(row) => (row.pending === 1 ? 'bg-amber-50' : '')}
      rowProps={rowProps}
      reorder={reorder}
    />
  );
}
