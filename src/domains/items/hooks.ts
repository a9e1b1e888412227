// React bindings for a box's items: live queries over the replica for the items and the scans the server refused,
// so the box editor follows every reply, push and pending intent, online or offline; and the look-up a scan needs
// before it is queued.
import { useLiveQuery } from 'dexie-react-hooks';
import { useSyncExternalStore } from 'react';
import { AddUpcRequestSchema, type BulkAddResponse, type UpcEntry } from '../../protocol/entities';
import { Destination } from '../../protocol/destinations';
import { useSession } from '../../sync/hooks';
import { resolvedId } from '../../sync/outbox/optimistic';
import { readMeta, TEMP_IDS } from '../../sync/replica/meta';
import type { ReplicaTables } from '../../sync/replica/replica';
import { sync } from '../../sync/runtime';
import { touchUpcs, upcsTable } from '../upcs';
import { bulkResult } from './ingest';
import { itemsTable, type ItemRow } from './tables';


/** Server rows by id, then the ones made on this device (negative ids) in the order they were made. */
export const byId = (a: { id: number }, b: { id: number }): number =>
  a.id < 0 || b.id < 0 ? (a.id < 0 && b.id < 0 ? b.id - a.id : a.id < 0 ? 1 : -1) : a.id - b.id;

/**
 * A box's item as a screen shows it: `shownAs` is the id it first had on this device (the temporary one, for a row
 * scanned here), so the screen keys its row by it and the row (a cell being edited in it) survives the server numbering
 * it. Read in the same query as the items: the key never lags a render behind the id.
 */
export type ShownItem = ItemRow & { readonly shownAs: number };

const NO_SHOWN: readonly ShownItem[] = [];

/** The box's items; a box made offline's under its temporary id, and still after the server numbered it. */
export function useItems(boxId: number | undefined): readonly ShownItem[] {
  return useLiveQuery(() => (boxId === undefined ? NO_SHOWN : readShownItems(sync().replica, boxId)), [boxId], NO_SHOWN);
}

/** useItems' read: the items, each with the id it was first shown with. Both reads start at once (a live query
 *  watches reads made in its own call). */
export function readShownItems(db: ReplicaTables, boxId: number): Promise<ShownItem[]> {
  return Promise.all([readItems(db, boxId), readMeta(db, TEMP_IDS)]).then(([items, renumbered]) => {
    const temporaryOf = new Map((renumbered ?? []).map(([temporary, real]) => [real, temporary]));
    return items.map((item) => ({ ...item, shownAs: temporaryOf.get(item.id) ?? item.id }));
  });
}

/** useItems' read; chained, not awaited: the live query watches only reads made in Dexie's promises (resolvedId). */
export function readItems(db: ReplicaTables, boxId: number): Promise<ItemRow[]> {
  return resolvedId(db, boxId)
    .then((box) => db.rows(itemsTable).where('boxId').equals(box).toArray())
    .then((items) => items.filter((item) => item.removed !== 1).sort(byId));
}

/** A scan the server refused (an unknown UPC): the row shows it failed, with Retry and Discard. */
export interface FailedScan {
  readonly seq: number;
  readonly upc: string;
  readonly error: string;
}

const NO_FAILED: readonly FailedScan[] = [];

export function useFailedScans(boxId: number | undefined): readonly FailedScan[] {
  const user = useSession().username;
  return useLiveQuery(
    async () => {
      if (boxId === undefined) return NO_FAILED;
      const dead = await sync().replica.outbox.where('[user+state]').equals([user, 'dead']).toArray();
      return dead.flatMap((entry) => {
        if (entry.kind !== 'send' || entry.destination !== Destination.addUPCToBox) return [];
        const body = AddUpcRequestSchema.safeParse(entry.body);
        return body.success && body.data.boxId === boxId ? [{ seq: entry.seq, upc: body.data.upc, error: entry.lastError }] : [];
      });
    },
    [boxId, user],
    NO_FAILED,
  );
}

/** What a scan needs to know first: the box's row with that UPC, and the catalogue entry this device has. */
export async function scanContext(boxId: number, upc: string): Promise<{ existing: ItemRow | undefined; known: UpcEntry | undefined }> {
  const { replica } = sync();
  const box = await resolvedId(replica, boxId); // a box made offline the server has numbered since the screen rendered
  const [existing, known] = await Promise.all([
    replica.rows(itemsTable).where('boxId').equals(box).filter((item) => item.upc === upc && item.removed !== 1).first(),
    replica.rows(upcsTable).where('upc').equals(upc).first(),
  ]);
  // Scanned: kept longest of the catalogue entries the device holds for scanning offline.
  if (known !== undefined) await touchUpcs(replica, [known.id]);
  return { existing, known };
}

/** The last spreadsheet add's answer (XLS Data Entry marks each row added or not found). */
export function useBulkResult(): BulkAddResponse | undefined {
  return useSyncExternalStore(bulkResult.subscribe, bulkResult.get);
}
