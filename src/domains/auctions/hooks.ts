// React bindings for auctions: live queries over the replica (the events, an event's rows in sale order), so the
// screens follow every reply, push and pending change; and the kept queries that keep them fresh while shown.
import { useLiveQuery } from 'dexie-react-hooks';
import { useKeptQuery } from '../../sync/hooks';
import { resolvedId } from '../../sync/outbox/optimistic';
import type { ReplicaTables } from '../../sync/replica/replica';
import { sync } from '../../sync/runtime';
import { lotsTable } from '../lots';
import { bySaleOrder } from './intents';
import { auctionEventsTable, auctionManifestsTable, type AuctionEventRow, type AuctionManifestRow } from './tables';

const NO_EVENTS: readonly AuctionEventRow[] = [];
const NO_ROWS: readonly AuctionManifestRow[] = [];

/** Newest first: events made on this device (not yet numbered) first, then the server's by id, descending. */
export function compareAuctionEvents(a: { id: number }, b: { id: number }): number {
  if (a.id < 0 || b.id < 0) return a.id < 0 && b.id < 0 ? a.id - b.id : a.id < 0 ? -1 : 1;
  return b.id - a.id;
}

export function readAuctionEvents(db: Pick<ReplicaTables, 'rows'>): Promise<AuctionEventRow[]> {
  return db.rows(auctionEventsTable).toArray().then((events) => events.sort(compareAuctionEvents));
}

export function useAuctionEvents(): readonly AuctionEventRow[] {
  return useLiveQuery(() => readAuctionEvents(sync().replica), [], NO_EVENTS);
}

/** Keeps the events fresh while a screen shows them (all of them: auctions are shared). */
export function useAuctionEventsQuery(): void {
  useKeptQuery('getAllAuctionEvents', {});
}

/**
 * An event's rows in sale order, removed ones hidden; an event made offline's under its temporary id, and after. Each
 * row shows its lot as this device holds it now (listed, re-categorised, retitled since the rows came; a change of
 * ours waiting included); a lot of another user's, which the device does not hold, as the rows' reply had it.
 */
export function readAuctionRows(db: Pick<ReplicaTables, 'rows' | 'meta'>, eventId: number): Promise<AuctionManifestRow[]> {
  // Chained, not awaited: the live query watches only reads made in Dexie's promises.
  return resolvedId(db, eventId)
    .then((event) => db.rows(auctionManifestsTable).where('auctionEvent.id').equals(event).toArray())
    .then((rows) => db.rows(lotsTable).bulkGet(rows.map((row) => row.manifest.id)).then((lots) =>
      rows.flatMap((row, index) => {
        if (row.removed === 1) return [];
        const lot = lots[index];
        // A row with a change of ours waiting (its listing shown at once) shows its own copy until that settles.
        return [lot === undefined || lot.removed === 1 || row.pending === 1 ? row : { ...row, manifest: lot }];
      })))
    .then((rows) => rows.sort(bySaleOrder));
}

export function useAuctionRows(eventId: number | undefined): readonly AuctionManifestRow[] {
  return useLiveQuery(() => (eventId === undefined ? Promise.resolve(NO_ROWS) : readAuctionRows(sync().replica, eventId)), [eventId], NO_ROWS);
}

/** Keeps the event's rows fresh while shown (a stored event only). */
export function useAuctionRowsQuery(eventId: number | undefined): void {
  useKeptQuery('getAuctionEventManifestsByEventId', eventId !== undefined && eventId > 0 ? eventId : undefined);
}
