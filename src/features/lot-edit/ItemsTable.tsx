// The box's items (spec §2 Lot edit): UPC (read-only), Qnty, Msrp, Your Cost, List Price, Vendor, Desc, Color,
// Size, Select, on the shared ResponsiveTable. Quantity and the three prices are numeric cells with the spec's
// validation; the texts are editable too. Changed cells are marked until Update Items sends them; rows the
// server has not confirmed say Pending (and, scanned offline, when the device knows nothing of the UPC, that it will
// be checked: issue 31); scans it refused (an unknown UPC) show as failed rows with Retry and
// Discard, so no scan disappears without a word.
import type { BoxItem } from '../../protocol/entities';
import { Count, Money } from '../../protocol/primitives';
import { notifier } from '../../sync/feedback/notifier';
import { notOnDevice, type FailedScan, type ItemEdits, type ItemRow, type ShownItem } from '../../domains/items';
import { NumberCell, ResponsiveTable, RetryDiscard, RowCheckbox, TextCell, type NumberRule, type TableColumn } from '../../ui/table';
import { ClientMessages } from '../../protocol/messages';


export type ItemLine = { readonly kind: 'item'; readonly item: ShownItem; readonly edits: ItemEdits | undefined } | { readonly kind: 'failed'; readonly scan: FailedScan };

export interface ItemsTableProps {
  readonly lines: readonly ItemLine[];
  readonly selected: ReadonlySet<number>;
  readonly onToggle: (id: number) => void;
  readonly onEdit: (item: ItemRow, edits: ItemEdits) => void;
  readonly onRetry: (seq: number) => void;
  readonly onDiscard: (seq: number) => void;
}

type NumberField = 'quantity' | 'retailPrice' | 'clientCost' | 'listingPrice';
/** Each editable number's wire rule: Qnty a count (whole, not negative), the prices money. */
const RULES = { quantity: Count, retailPrice: Money, clientCost: Money, listingPrice: Money } as const satisfies Record<NumberField, NumberRule>;
type TextField = 'vendor' | 'itemDescriptionManifest' | 'color' | 'size';

const shown = (item: ItemRow, edits: ItemEdits | undefined): BoxItem => ({ ...item, ...edits });

export function ItemsTable({ lines, selected, onToggle, onEdit, onRetry, onDiscard }: ItemsTableProps) {
  const numberColumn = (id: NumberField, header: string, width: number): TableColumn<ItemLine> => ({
    id,
    label: header,
    width,
    align: 'right',
    cell: (line) =>
      line.kind === 'item' && (
        <NumberCell
          label={header}
          value={shown(line.item, line.edits)[id]}
          rule={RULES[id]}
          rowName={line.item.upc}
          changed={line.edits?.[id] !== undefined}
          onCommit={(value) => onEdit(line.item, { ...line.edits, [id]: value })}
          onInvalid={notifier.error}
        />
      ),
  });
  const textColumn = (id: TextField, header: string, width: number, extra: Partial<TableColumn<ItemLine>> = {}): TableColumn<ItemLine> => ({
    id,
    label: header,
    width,
    ...extra,
    cell: (line) =>
      line.kind === 'item' && (
        <TextCell
          label={header}
          value={shown(line.item, line.edits)[id] ?? ''}
          rowName={line.item.upc}
          changed={line.edits?.[id] !== undefined}
          onCommit={(value) => onEdit(line.item, { ...line.edits, [id]: value })}
        />
      ),
  });
  const columns: Array<TableColumn<ItemLine>> = [
    {
      id: 'upc',
      label: 'UPC',
      width: 180,
      pin: 'start',
      card: 'title',
      cell: (line) =>
        line.kind === 'failed' ? (
          <span className="flex flex-col leading-tight">
            <span className="font-mono">{line.scan.upc}</span>
            <span className="text-xs font-semibold text-red-800">{`Failed: ${line.scan.error}`}</span>
          </span>
        ) : (
          <span className="flex flex-col leading-tight">
            <span className="font-mono">{line.item.upc}</span>
            {line.item.pending === 1 && <span className="w-fit rounded bg-amber-200 px-1.5 text-xs font-semibold text-amber-950">Pending</span>}
            {notOnDevice(line.item) && <span className="text-xs font-semibold text-sky-900">{ClientMessages.upcNotOnDevice}</span>}
          </span>
        ),
    },
    numberColumn('quantity', 'Qnty', 90),
    numberColumn('retailPrice', 'Msrp', 100),
    numberColumn('clientCost', 'Your Cost', 100),
    numberColumn('listingPrice', 'List Price', 100),
    textColumn('vendor', 'Vendor', 140),
    textColumn('itemDescriptionManifest', 'Desc', 180, { grow: true, card: 'wide' }),
    textColumn('color', 'Color', 100),
    textColumn('size', 'Size', 90),
    {
      id: 'select',
      label: 'Select',
      // Room for a failed scan's Retry and Discard side by side, neither cut off (issue 31).
      width: 164,
      pin: 'end',
      card: 'action',
      align: 'center',
      cell: (line) =>
        line.kind === 'failed' ? (
          <RetryDiscard onRetry={() => onRetry(line.scan.seq)} onDiscard={() => onDiscard(line.scan.seq)} />
        ) : (
          <RowCheckbox checked={selected.has(line.item.id)} onToggle={() => onToggle(line.item.id)} label={`Select ${line.item.upc}`} />
        ),
    },
  ];
  return (
    <ResponsiveTable
      tableId="items"
      label="Items"
      rowLabel={(line) => (line.kind === 'item' ? line.item.upc : line.scan.upc)}
      rows={lines}
      columns={columns}
      // By the id the row was first shown with: a row the server numbers stays the same row (its open editor too).
      rowKey={(line) => (line.kind === 'item' ? `item:${line.item.shownAs}` : `failed:${line.scan.seq}`)}
      emptyText={ClientMessages.noItemsInBox}
      maxHeight="60dvh"
    />
  );
}
