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
import type { Replica, ReplicaTables } from '../../sync/replica/replica';
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

/** The box's items, each with the id it was first shown with (a box made offline's under its temporary id). Both reads start at once (a live query
 *  watches reads made in its own call). */
export function readShownItems(db: ReplicaTables, boxId: number): Promise<ShownItem[]> {
  return Promise.all([readItems(db, boxId), readMeta(db, TEMP_IDS)]).then(([items, renumbered]) => {
    const temporaryOf = new Map((renumbered ?? []).map(([temporary, real]) => [real, temporary]));
    return items.map((item) => ({ ...item, shownAs: temporaryOf.get(item.id) ?? item.id }));
  });
}

/** The items' read; chained, not awaited: the live query watches only reads made in Dexie's promises (resolvedId). */
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

/** The box's scans the server refused, from the dead entries of the outbox. */
async function readFailedScans(db: Replica, user: string, boxId: number): Promise<FailedScan[]> {
  const dead = await db.outbox.where('[user+state]').equals([user, 'dead']).toArray();
  return dead.flatMap((entry) => {
    if (entry.kind !== 'send' || entry.destination !== Destination.addUPCToBox) return [];
    const body = AddUpcRequestSchema.safeParse(entry.body);
    return body.success && body.data.boxId === boxId ? [{ seq: entry.seq, upc: body.data.upc, error: entry.lastError }] : [];
  });
}

/** A box as its editor shows it: its items, and its scans the server refused. */
export interface BoxContents {
  readonly items: readonly ShownItem[];
  readonly failed: readonly FailedScan[];
}

const NO_CONTENTS: BoxContents = { items: NO_SHOWN, failed: [] };

/**
 * The box's items and refused scans, read together: a refusal marks its entry failed and takes its pending row away in
 * one transaction, so one read shows both changes in one render (two reads showed the row twice for a moment).
 */
export function useBoxContents(boxId: number | undefined): BoxContents {
  const user = useSession().username;
  return useLiveQuery(
    () => (boxId === undefined ? NO_CONTENTS : Promise.all([readShownItems(sync().replica, boxId), readFailedScans(sync().replica, user, boxId)]).then(([items, failed]) => ({ items, failed }))),
    [boxId, user],
    NO_CONTENTS,
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
