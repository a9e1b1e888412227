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
 * Reorders one event's sale: its rows are locked and read in sale order, `reorder` rearranges their ids, and the
 * sale is numbered 1..N in the new order (orders made by earlier versions, removals or concurrent adds may have gaps
 * or repeats). Two reorders at once apply one after the other. Returns the ids whose sort order changed.
 */
async function reorderSale(db: DbOrTx, eventId: number, reorder: (order: number[]) => void): Promise<number[]> {
  const sale: Pick<AuctionRow, 'id' | 'sortOrder'>[] = await db
    .select({ id: auctionEventManifests.id, sortOrder: auctionEventManifests.sortOrder })
    .from(auctionEventManifests)
    .where(eq(auctionEventManifests.auctionEventId, eventId))
    .orderBy(asc(auctionEventManifests.sortOrder), asc(auctionEventManifests.id))
    .for('update');
  const order = sale.map((row) => row.id);
  reorder(order);
  const changed = sale.flatMap((row) => {
    const place = order.indexOf(row.id) + 1;
    return place === row.sortOrder ? [] : [{ id: row.id, sortOrder: place }];
  });
  for (const { id, sortOrder } of changed) await db.update(auctionEventManifests).set({ sortOrder }).where(eq(auctionEventManifests.id, id));
  return changed.map((row) => row.id);
}

/** Moves `id` to `place` (1-based, clamped to the sale) within `order`. */
function placeIn(order: number[], id: number, place: number): void {
  const from = order.indexOf(id);
  if (from < 0) return;
  order.splice(from, 1);
  order.splice(Math.min(Math.max(place, 1), order.length + 1) - 1, 0, id);
}

/**
 * Moves a row one place (-1 up, +1 down) in its event's sale, renumbering the sale 1..N on the way. Returns the ids
 * whose sort order changed; undefined when there is no such row.
 */
export async function moveRow(db: DbOrTx, id: number, step: -1 | 1): Promise<number[] | undefined> {
  const [moving] = await db.select().from(auctionEventManifests).where(eq(auctionEventManifests.id, id));
  if (moving === undefined) return undefined;
  return reorderSale(db, moving.auctionEventId, (order) => {
    const from = order.indexOf(id);
    if (from >= 0) placeIn(order, id, from + 1 + step);
  });
}

/** A row's new place in its event's sale (1 = first). */
export interface Placement {
  readonly id: number;
  readonly place: number;
  readonly eventId: number;
}

/**
 * Places rows in their events' sales, in the order given (a drag, or a whole order sent at once), each event
 * numbered 1..N after. Returns the ids whose sort order changed.
 */
export async function placeRows(db: DbOrTx, placements: readonly Placement[]): Promise<number[]> {
  const events = [...new Set(placements.map((placement) => placement.eventId))].sort((a, b) => a - b);
  const changed: number[] = [];
  for (const eventId of events) {
    const mine = placements.filter((placement) => placement.eventId === eventId);
    changed.push(...(await reorderSale(db, eventId, (order) => mine.forEach(({ id, place }) => placeIn(order, id, place)))));
  }
  return changed;
}

/** After removals: each event's sale numbered 1..N again. Returns the ids whose sort order changed. */
export async function renumberSales(db: DbOrTx, eventIds: readonly number[]): Promise<number[]> {
  const changed: number[] = [];
  for (const eventId of [...new Set(eventIds)].sort((a, b) => a - b)) changed.push(...(await reorderSale(db, eventId, () => undefined)));
  return changed;
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
