// Reads and orderings of an auction's rows, shared by the handlers. Auction events are shared by all staff.
import { asc, eq, inArray, max, type SQL } from 'drizzle-orm';
import type { AuctionEventManifest } from '../../../src/protocol/entities';
import { auctionEventManifests, auctionEvents, lots, type DbOrTx } from '../../db';
import { presentLots } from '../lots';
import { presentAuctionRow, type AuctionEventRow, type AuctionRow } from './presenters';

export async function eventById(db: DbOrTx, id: number): Promise<AuctionEventRow | undefined> {
  const [row] = await db.select().from(auctionEvents).where(eq(auctionEvents.id, id));
  return row;
}

/** The rows matching `where`, in sale order, each with its lot (and the lot's auction entries) and its event. */
export async function presentRows(db: DbOrTx, where: SQL | undefined): Promise<AuctionEventManifest[]> {
  const joined = await db
    .select({ row: auctionEventManifests, lot: lots, event: auctionEvents })
    .from(auctionEventManifests)
    .innerJoin(lots, eq(auctionEventManifests.manifestId, lots.id))
    .innerJoin(auctionEvents, eq(auctionEventManifests.auctionEventId, auctionEvents.id))
    .where(where)
    .orderBy(asc(auctionEventManifests.auctionEventId), asc(auctionEventManifests.sortOrder), asc(auctionEventManifests.id));
  const presented = await presentLots(db, joined.map(({ lot }) => lot));
  return joined.flatMap(({ row, event }, index) => {
    const lot = presented[index];
    return lot === undefined ? [] : [presentAuctionRow(row, lot, event)];
  });
}

export const rowsWithIds = (ids: readonly number[]): SQL | undefined => inArray(auctionEventManifests.id, [...ids]);

/** The next sort order at the end of an event's sale. */
export async function nextSortOrder(db: DbOrTx, eventId: number): Promise<number> {
  const [last] = await db.select({ value: max(auctionEventManifests.sortOrder) }).from(auctionEventManifests).where(eq(auctionEventManifests.auctionEventId, eventId));
  return (last?.value ?? 0) + 1;
}

/**
 * Moves a row one place (-1 up, +1 down) in its event's sale, renumbering the sale 1..N on the way (orders made by
 * earlier versions or concurrent adds may repeat a number). The event's rows are locked for the move, so two moves at
 * once apply one after the other. Returns the ids whose sort order changed; undefined when there is no such row.
 */
export async function moveRow(db: DbOrTx, id: number, step: -1 | 1): Promise<number[] | undefined> {
  const [moving] = await db.select().from(auctionEventManifests).where(eq(auctionEventManifests.id, id));
  if (moving === undefined) return undefined;
  const sale: Pick<AuctionRow, 'id' | 'sortOrder'>[] = await db
    .select({ id: auctionEventManifests.id, sortOrder: auctionEventManifests.sortOrder })
    .from(auctionEventManifests)
    .where(eq(auctionEventManifests.auctionEventId, moving.auctionEventId))
    .orderBy(asc(auctionEventManifests.sortOrder), asc(auctionEventManifests.id))
    .for('update');
  const order = sale.map((row) => row.id);
  const from = order.indexOf(id);
  const to = from + step;
  if (from >= 0 && to >= 0 && to < order.length) [order[from], order[to]] = [order[to] ?? id, id];
  const changed = sale.flatMap((row) => {
    const place = order.indexOf(row.id) + 1;
    return place === row.sortOrder ? [] : [{ id: row.id, sortOrder: place }];
  });
  for (const { id: rowId, sortOrder } of changed) await db.update(auctionEventManifests).set({ sortOrder }).where(eq(auctionEventManifests.id, rowId));
  return changed.map((row) => row.id);
}

/** What listing an auction row needs: its lot, title, starting price and times (the event's when the row has none). */
export interface AuctionListing {
  manifestId: number;
  auctionTitle: string;
  startingPrice: number;
  start: string | null;
  end: string | null;
}

export async function auctionListingOf(db: DbOrTx, rowId: number): Promise<AuctionListing | undefined> {
  const [found] = await db
    .select({ row: auctionEventManifests, event: auctionEvents })
    .from(auctionEventManifests)
    .innerJoin(auctionEvents, eq(auctionEventManifests.auctionEventId, auctionEvents.id))
    .where(eq(auctionEventManifests.id, rowId));
  if (found === undefined) return undefined;
  const { row, event } = found;
  return {
    manifestId: row.manifestId,
    auctionTitle: row.auctionTitle,
    startingPrice: row.startingPrice,
    start: (row.startTime ?? event.startTime)?.toISOString() ?? null,
    end: (row.endTime ?? event.endTime)?.toISOString() ?? null,
  };
}
