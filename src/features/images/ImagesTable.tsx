// The image manager's table (spec §2 Image manager): preview, the file (with an upload's state while it waits in the
// outbox), link and select, on the shared ResponsiveTable (a table on a desk or tablet, cards on a phone). A stored
// image links to its full file with the cache-busting query (spec §9), in a new tab; an upload the server refused
// offers the outbox's Retry and Discard right here.
import type { PendingUpload } from '../../domains/images';
import { ImageManagerMessages } from '../../protocol/messages';
import { ResponsiveTable, RetryDiscard, RowCheckbox, type TableColumn } from '../../ui/table';
import { fullSrc, previewSrc, rowKey, rowName, thumbnailSrc, uploadStateText, versionedUrl, type ManagerRow } from './image-rows';
import { ImagePreview, PendingPreview } from './ImagePreview';

export interface ImagesTableProps {
  readonly rows: readonly ManagerRow[];
  readonly selected: ReadonlySet<number>;
  readonly onToggle: (id: number) => void;
  /** The time the links' version query names (spec §9), fixed while the manager is open. */
  readonly version: number;
  readonly onRetry: (seq: number) => void;
  readonly onDiscard: (seq: number) => void;
}

/** Room for a 100 px thumbnail and the cell's padding. */
const ROW_HEIGHT_PX = 112;

const stateTone = ({ state }: PendingUpload): string =>
  state === 'dead' ? 'bg-red-100 text-red-900' : state === 'in-flight' ? 'bg-sky-200 text-sky-950' : 'bg-amber-200 text-amber-950';

function UploadState({ upload, onRetry, onDiscard }: { upload: PendingUpload } & Pick<ImagesTableProps, 'onRetry' | 'onDiscard'>) {
  return (
    <span className="flex flex-col items-start gap-1">
      <span data-testid="upload-state" className={`rounded px-1.5 text-xs font-semibold break-words ${stateTone(upload)}`}>
        {uploadStateText(upload)}
      </span>
      {upload.state === 'dead' && (
        <RetryDiscard onRetry={() => onRetry(upload.seq)} onDiscard={() => onDiscard(upload.seq)} />
      )}
    </span>
  );
}

export function ImagesTable({ rows, selected, onToggle, version, onRetry, onDiscard }: ImagesTableProps) {
  const columns: Array<TableColumn<ManagerRow>> = [
    {
      id: 'preview',
      label: 'Preview',
      width: 124,
      pin: 'start',
      card: 'title',
      cell: (row) =>
        row.kind === 'pending' ? (
          <PendingPreview upload={row.upload} />
        ) : (
          <ImagePreview name={row.image.fileName} thumbnail={thumbnailSrc(row.image)} preview={previewSrc(row.image)} full={fullSrc(row.image)} />
        ),
    },
    {
      id: 'file',
      label: 'File',
      width: 220,
      grow: true,
      card: 'wide',
      cell: (row) => (
        <span className="flex min-w-0 flex-col items-start gap-1">
          <span className="max-w-full truncate" title={rowName(row)}>{rowName(row)}</span>
          {row.kind === 'pending' && <UploadState upload={row.upload} onRetry={onRetry} onDiscard={onDiscard} />}
        </span>
      ),
    },
    {
      id: 'link',
      label: 'Link',
      width: 90,
      key: true,
      card: 'action',
      cell: (row) => {
        const full = row.kind === 'stored' ? fullSrc(row.image) : undefined;
        if (full === undefined) return null;
        return (
          <a className="inline-flex min-h-11 items-center px-2 font-medium text-blue-800 underline" href={versionedUrl(full, version)} target="_blank" rel="noopener" aria-label={ImageManagerMessages.link(rowName(row))}>
            {ImageManagerMessages.open}
          </a>
        );
      },
    },
    {
      id: 'select',
      label: 'Select',
      width: 80,
      pin: 'end',
      card: 'action',
      align: 'center',
      cell: (row) =>
        row.kind === 'stored' && (
          <RowCheckbox checked={selected.has(row.image.id)} onToggle={() => onToggle(row.image.id)} label={ImageManagerMessages.select(row.image.fileName)} />
        ),
    },
  ];
  return (
    <ResponsiveTable
      tableId="images"
      label="Images"
      rowLabel={rowName}
      rows={rows}
      columns={columns}
      rowKey={rowKey}
      rowHeight={ROW_HEIGHT_PX}
      emptyText={ImageManagerMessages.empty}
      maxHeight="60dvh"
      rowProps={(row) => ({ 'data-testid': row.kind === 'stored' ? 'image-row' : 'upload-row' })}
    />
  );
}
