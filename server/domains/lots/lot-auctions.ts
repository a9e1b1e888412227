// A lot's places in auction events (spec §3 Lot: auctionEventManifests; the lots page's Auction column shows the
// first as 'auctionTitle:id'). Every lot a reply carries is presented with them, read in one query per reply, so a
// change to a lot never blanks its Auction column on a device.
import { asc, eq, inArray } from 'drizzle-orm';
import type { Lot, LotAuctionEntry } from '../../../src/protocol/lots';
import { auctionEvents, auctionEventManifests, type DbOrTx } from '../../db';
import { presentLot, type AuctionEntriesByLot, type LotRow } from './lot-presenter';

/** The wire's bound on a lot's entries (LotSchema): a lot in more auctions shows its first ones. */
const ENTRIES_PER_LOT = 100;

export async function auctionEntriesOf(db: DbOrTx, lotIds: readonly number[]): Promise<AuctionEntriesByLot> {
  const ids = [...new Set(lotIds)];
  const byLot = new Map<number, LotAuctionEntry[]>();
  if (ids.length === 0) return byLot;
  const rows = await db
    .select({ id: auctionEventManifests.id, manifestId: auctionEventManifests.manifestId, auctionTitle: auctionEventManifests.auctionTitle, event: auctionEvents })
    .from(auctionEventManifests)
    .innerJoin(auctionEvents, eq(auctionEventManifests.auctionEventId, auctionEvents.id))
    .where(inArray(auctionEventManifests.manifestId, ids))
    .orderBy(asc(auctionEventManifests.auctionEventId), asc(auctionEventManifests.id));
  for (const row of rows) {
    const entries = byLot.get(row.manifestId) ?? [];
    if (entries.length >= ENTRIES_PER_LOT) continue;
    entries.push({
      id: row.id,
      auctionEvent: {
        id: row.event.id,
        title: row.event.title,
        startTime: row.event.startTime?.toISOString() ?? null,
        endTime: row.event.endTime?.toISOString() ?? null,
        createdAt: row.event.createdAt.toISOString(),
      },
      auctionTitle: row.auctionTitle,
    });
    byLot.set(row.manifestId, entries);
  }
  return byLot;
}

/** The lots as the wire shows them, each with its auction entries. */
export async function presentLots(db: DbOrTx, rows: readonly LotRow[]): Promise<Lot[]> {
  const auctions = await auctionEntriesOf(db, rows.map((row) => row.id));
  return rows.map((row) => presentLot(row, auctions));
}

export async function presentOneLot(db: DbOrTx, row: LotRow): Promise<Lot> {
  return presentLot(row, await auctionEntriesOf(db, [row.id]));
}
