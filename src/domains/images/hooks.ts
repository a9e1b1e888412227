// React bindings for images: an owner's images as the replica holds them, kept fresh while shown; and the uploads still
// waiting in the outbox for that owner, shown at once from their files on this device (spec §4 offline; issue 14:
// "see the thumbnails at once").
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useMemo } from 'react';
import { ApiPath } from '../../protocol/http';
import { useKeptQuery, useSession } from '../../sync/hooks';
import { blobOf, type UploadEntry } from '../../sync/outbox/entry';
import { sync } from '../../sync/runtime';
import type { UploadTarget } from './intents';
import { imagesTable, ownerKey, type ImageOwner, type ImageRow } from './tables';

const NO_IMAGES: readonly ImageRow[] = [];

/** The owner's images, in the order they were added; removed ones (a delete waiting to be sent) hidden. */
export function useImages(owner: ImageOwner | undefined): readonly ImageRow[] {
  const key = owner === undefined ? undefined : ownerKey(owner);
  const rows = useLiveQuery(
    async () => (key === undefined ? NO_IMAGES : (await sync().replica.rows(imagesTable).where('owner').equals(key).toArray()).filter((row) => row.removed !== 1).sort((a, b) => a.id - b.id)),
    [key],
    NO_IMAGES,
  );
  return rows;
}

/** Asks the server for the owner's images while the screen shows them (and again on every reconnect). */
export function useImagesQuery(owner: ImageOwner | undefined): void {
  useKeptQuery('getImagesForLotById', owner !== undefined && 'lotId' in owner && owner.lotId > 0 ? owner.lotId : undefined);
  useKeptQuery('getImagesForUPC', owner !== undefined && 'upc' in owner && owner.upc !== '' ? owner.upc : undefined);
}

/**
 * Keeps many lots' images fresh while a screen shows them (an auction's lots: its catalogue export lists their image
 * URLs, offline too, from the replica). One kept query per lot, sent again on every reconnect.
 */
export function useLotsImagesQuery(lotIds: readonly number[]): void {
  const key = [...new Set(lotIds.filter((id) => id > 0))].sort((a, b) => a - b).join(',');
  useEffect(() => {
    if (key === '') return undefined;
    const releases = key.split(',').map((id) => sync().queries.keep('getImagesForLotById', Number(id)));
    return () => releases.forEach((release) => release());
  }, [key]);
}

/** Each lot's full-size image links as the replica holds them, in the order they were added (removed ones left out). */
export async function readLotImageLinks(lotIds: readonly number[]): Promise<ReadonlyMap<number, readonly string[]>> {
  const rows = await sync().replica.rows(imagesTable).where('owner').anyOf(lotIds.map((lotId) => ownerKey({ lotId }))).toArray();
  const links = new Map<number, string[]>();
  for (const row of rows.filter((each) => each.removed !== 1).sort((a, b) => a.id - b.id)) {
    const link = row.full ?? row.large;
    const lotId = Number(row.owner.slice('lot:'.length));
    if (link !== null) links.set(lotId, [...(links.get(lotId) ?? []), link]);
  }
  return links;
}

/** An upload not yet confirmed: its file, shown from this device until the server's image replaces it. */
export interface PendingUpload {
  readonly seq: number;
  readonly fileName: string;
  readonly blob: Blob;
  /** 'dead' when the server refused it (lastError says why); otherwise waiting or on its way. */
  readonly state: UploadEntry['state'];
  readonly lastError: string;
}

const NO_UPLOADS: readonly PendingUpload[] = [];
const UNSETTLED: ReadonlyArray<UploadEntry['state']> = ['pending', 'in-flight', 'dead'];

const isFor = (entry: UploadEntry, target: UploadTarget): boolean => {
  const body = entry.body as Readonly<Record<string, unknown>>;
  return 'lotNumber' in target ? body.SKU === target.lotNumber : body.UPC === target.upc;
};

/** The signed-in user's uploads for the target still in the outbox (waiting, sending or refused), oldest first. */
export function usePendingUploads(target: UploadTarget | undefined): readonly PendingUpload[] {
  const { username } = useSession();
  const lotNumber = target !== undefined && 'lotNumber' in target ? target.lotNumber : undefined;
  const upc = target !== undefined && 'upc' in target ? target.upc : undefined;
  return useLiveQuery(
    async () => {
      const wanted: UploadTarget | undefined = lotNumber !== undefined ? { lotNumber } : upc !== undefined ? { upc } : undefined;
      if (wanted === undefined || username === undefined) return NO_UPLOADS;
      const { replica } = sync();
      const entries = await replica.outbox.where('[user+state]').anyOf(UNSETTLED.map((state) => [username, state])).toArray();
      const uploads = entries.filter((entry): entry is UploadEntry =>
        entry.kind === 'upload' && entry.destination === ApiPath.uploadFile && entry.blobRef !== undefined && isFor(entry, wanted));
      const found = await Promise.all(uploads.map(async (entry) => ({ entry, file: entry.blobRef === undefined ? undefined : await replica.outboxFiles.get(entry.blobRef) })));
      return found.flatMap(({ entry, file }) =>
        file === undefined ? [] : [{ seq: entry.seq, fileName: file.name, blob: blobOf(file), state: entry.state, lastError: entry.lastError }]);
    },
    [lotNumber, upc, username],
    NO_UPLOADS,
  );
}

/** An object URL for a Blob while the component shows it (revoked after). */
export function useObjectUrl(blob: Blob | undefined): string | undefined {
  const url = useMemo(() => (blob === undefined ? undefined : URL.createObjectURL(blob)), [blob]);
  useEffect(() => () => {
    if (url !== undefined) URL.revokeObjectURL(url);
  }, [url]);
  return url;
}
