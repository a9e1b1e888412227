// The data-entry table (spec §2 Data entry): UPC, Brand, Msrp, Style, Color, Size, Desc, Images and Select, on
// the shared ResponsiveTable. Every cell but Images and Select is editable; changed cells are marked (colour and
// words), rows sent but not confirmed say Pending, new rows say New, a UPC that cannot be right says Check UPC.
import type { UpcEntry } from '../../protocol/entities';
import { Money } from '../../protocol/primitives';
import { notifier } from '../../sync/feedback/notifier';
import { buttonClass } from '../../ui/button';
import { NumberCell, ResponsiveTable, RowCheckbox, TextCell, type TableColumn } from '../../ui/table';
import type { EditableField } from './sheet';
import type { SheetRow } from './use-sheet';

export interface UpcTableProps {
  readonly rows: readonly SheetRow[];
  readonly selected: ReadonlySet<string>;
  readonly onToggle: (key: string) => void;
  readonly onEdit: <F extends EditableField>(row: SheetRow, field: F, value: UpcEntry[F]) => void;
  readonly onImages: (row: SheetRow) => void;
}

type TextField = Exclude<EditableField, 'retailPrice'>;

const rowName = (row: SheetRow): string => row.entry.upc || 'new row';

function textColumn(id: TextField, header: string, width: number, onEdit: UpcTableProps['onEdit'], extra: Partial<TableColumn<SheetRow>> = {}): TableColumn<SheetRow> {
  return {
    id,
    label: header,
    width,
    ...extra,
    cell: (row) => (
      <TextCell label={header} value={row.entry[id] ?? ''} rowName={rowName(row)} changed={row.changed.has(id)} onCommit={(value) => onEdit(row, id, value)} />
    ),
  };
}

/** The row's UPC looks wrong: the badge says so, its words are its name and title, and a tap shows them. */
function UpcProblemBadge({ problem }: { problem: string }) {
  return (
    <button
      type="button"
      className="min-h-11 shrink-0 rounded bg-amber-200 px-1.5 text-xs font-semibold text-amber-950"
      title={problem}
      aria-label={problem}
      onClick={() => notifier.warning(problem)}
    >
      ⚠ Check UPC
    </button>
  );
}

function UpcCell({ row, onEdit }: { row: SheetRow; onEdit: UpcTableProps['onEdit'] }) {
  return (
    <div className="flex items-center gap-1">
      <div className="min-w-0 flex-1">
        <TextCell label="UPC" value={row.entry.upc} rowName={row.entry.upc} changed={row.changed.has('upc')} onCommit={(value) => onEdit(row, 'upc', value)} />
      </div>
      {row.stored === undefined && <span className="rounded bg-blue-100 px-1.5 text-xs font-semibold text-blue-900">New</span>}
      {row.upcProblem !== undefined && <UpcProblemBadge problem={row.upcProblem} />}
      {row.pending && (
        <span className="rounded bg-amber-200 px-1.5 text-xs font-semibold text-amber-950" title="Not yet confirmed by the server">
          Pending
        </span>
      )}
    </div>
  );
}

export function UpcTable({ rows, selected, onToggle, onEdit, onImages }: UpcTableProps) {
  const columns: Array<TableColumn<SheetRow>> = [
    { id: 'upc', label: 'UPC', width: 220, pin: 'start', card: 'title', cell: (row) => <UpcCell row={row} onEdit={onEdit} /> },
    textColumn('vendorName', 'Brand', 160, onEdit),
    {
      id: 'retailPrice',
      label: 'Msrp',
      width: 110,
      align: 'right',
      cell: (row) => (
        <NumberCell
          label="Msrp"
          value={row.entry.retailPrice ?? null}
          rule={Money}
          rowName={rowName(row)}
          changed={row.changed.has('retailPrice')}
          onCommit={(value) => onEdit(row, 'retailPrice', value)}
          onInvalid={notifier.error}
        />
      ),
    },
    textColumn('vendorStyleNumber', 'Style', 140, onEdit),
    textColumn('color', 'Color', 120, onEdit),
    textColumn('size', 'Size', 100, onEdit),
    textColumn('itemDescription', 'Desc', 200, onEdit, { grow: true, card: 'wide' }),
    {
      id: 'images',
      label: 'Images',
      width: 110,
      key: true,
      card: 'action',
      cell: (row) => (
        <button type="button" className={`${buttonClass.secondary} px-3`} disabled={row.entry.upc === ''} onClick={() => onImages(row)} aria-label={`Images of ${rowName(row)}`}>
          Images
        </button>
      ),
    },
    {
      id: 'select',
      label: 'Select',
      width: 80,
      pin: 'end',
      card: 'action',
      align: 'center',
      cell: (row) => (
        <RowCheckbox checked={selected.has(row.key)} onToggle={() => onToggle(row.key)} label={`Select ${rowName(row)}`} />
      ),
    },
  ];
  return (
    <ResponsiveTable
      tableId="upcs"
      label="UPCs"
      rows={rows}
      columns={columns}
      rowKey={(row) => row.key}
      rowLabel={rowName}
      emptyText="No UPCs to show. Search, add a row or pick an Excel file."
    />
  );
}
