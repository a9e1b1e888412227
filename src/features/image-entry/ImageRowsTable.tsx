// Image entry's table (spec §2 Image entry) on the shared ResponsiveTable: UPC, URL (shortened; the full address
// in its title), the row's result, and its image once saved (the thumbnail, from the replica's images of the UPC).
import { useImages } from '../../domains/images';
import { ImageEntryMessages } from '../../protocol/messages';
import type { BatchEntries } from '../../sync/outbox/batch';
import { ResponsiveTable, type TableColumn } from '../../ui/table';
import type { ImageEntryRow } from './image-rows';
import { resultOf, type ImageSheet, type RowResult } from './image-sheet';
import { resultText, shortUrl, type ResultTone } from './row-result';

interface TableRow {
  readonly row: ImageEntryRow;
  readonly result: RowResult;
}

const TONES: Readonly<Record<ResultTone, string>> = {
  muted: 'text-slate-600',
  busy: 'text-blue-900',
  ok: 'text-green-800',
  error: 'text-red-800',
};

/** The image this row saved (or, when the reply went to another tab, the UPC's newest), at most 100 px (spec §9). */
function SavedThumbnail({ upc, imageId }: { upc: string; imageId: number | undefined }) {
  const images = useImages({ upc });
  const image = images.find((each) => each.id === imageId) ?? (imageId === undefined ? images.at(-1) : undefined);
  const src = image?.thumbnail ?? undefined;
  if (src === undefined) return null;
  return <img src={src} alt={ImageEntryMessages.thumbnail(upc)} title={image?.fileName} className="h-14 max-w-[100px] object-contain" />;
}

export interface ImageRowsTableProps {
  readonly sheet: ImageSheet;
  readonly entries: BatchEntries | undefined;
  readonly offline: boolean;
}

export function ImageRowsTable({ sheet, entries, offline }: ImageRowsTableProps) {
  const columns: Array<TableColumn<TableRow>> = [
    {
      id: 'upc', label: 'UPC', width: 160, pin: 'start', card: 'title',
      cell: ({ row }) => (
        <span className="flex items-center gap-1 font-mono">
          {row.upc}
          {row.upcProblem !== undefined && (
            <span className="rounded bg-amber-200 px-1.5 font-sans text-xs font-semibold text-amber-950" title={row.upcProblem}>
              ⚠ Check UPC
            </span>
          )}
        </span>
      ),
    },
    {
      id: 'url', label: 'URL', width: 200, grow: true, card: 'wide',
      cell: ({ row }) => (
        <span className="block truncate" title={row.url}>
          {shortUrl(row.url)}
        </span>
      ),
    },
    {
      id: 'result', label: 'Result', width: 250, card: 'wide',
      cell: ({ result }) => {
        const entry = result.kind === 'queued' ? entries?.bySeq.get(result.seq) : undefined;
        const { text, tone } = resultText(result, entry, offline);
        return (
          <span className={`line-clamp-2 text-sm ${TONES[tone]}`} title={text} data-testid="image-entry-result">
            {text}
          </span>
        );
      },
    },
    {
      id: 'image', label: 'Image', width: 110, key: true,
      cell: ({ row, result }) => (result.kind === 'saved' ? <SavedThumbnail upc={row.upc} imageId={result.imageId} /> : null),
    },
  ];
  const rows: TableRow[] = sheet.rows.map((row) => ({ row, result: resultOf(sheet, row.key) }));
  return (
    <ResponsiveTable
      tableId="image-entry"
      label={ImageEntryMessages.tableLabel}
      rows={rows}
      columns={columns}
      rowKey={({ row }) => row.key}
      rowLabel={({ row }) => row.upc}
      rowHeight={72}
      emptyText={ImageEntryMessages.empty}
    />
  );
}
