// The totals recalculator (DESIGN §5 "Totals"): a lot's units, retail total and listing total, recomputed from its
// items whenever items change (pallets and cartons are typed by hand; a hand edit of a total stands until the next
// item change). Every handler that changes items goes through changeItems, on the mutation's transaction; the
// demo seed uses recomputeTotalsOfLots. Never checks ownership (the caller has, and holds the lot's lock).
import { eq, inArray, sql } from 'drizzle-orm';
import { COUNT_MAX, MONEY_MAX } from '../../../src/protocol/primitives';
import { ServerMessages } from '../../../src/protocol/messages';
import { boxes, items, lots, type DbOrTx } from '../../db';
import type { LotRow } from './lot-presenter';

class TotalsOutOfRange extends Error {}

// A lot's totals from its items, an unknown (null) price counting as 0; exact (numeric) sums in the database.
const UNITS = sql`coalesce(sum(${items.quantity}), 0)`;
const RETAIL = sql`coalesce(sum(${items.quantity} * coalesce(${items.retailPrice}, 0)), 0)`;
const LISTING = sql`coalesce(sum(${items.quantity} * coalesce(${items.listingPrice}, 0)), 0)`;

/**
 * Sets the lot's totals from its items: units Σ quantity, retail Σ quantity × retailPrice, listing Σ quantity ×
 * listingPrice, an unknown (null) price counting as 0. Sums are exact (numeric) in the database. Throws
 * TotalsOutOfRange past the wire's bounds; changeItems turns that into a refusal.
 */
export async function recomputeLotTotals(db: DbOrTx, lotId: number): Promise<LotRow> {
  const [totals] = await db
    .select({ units: sql`${UNITS}`.mapWith(Number), retail: sql`${RETAIL}`.mapWith(Number), listing: sql`${LISTING}`.mapWith(Number) })
    .from(items)
    .innerJoin(boxes, eq(items.boxId, boxes.id))
    .where(eq(boxes.lotId, lotId));
  if (!totals) throw new Error('an aggregate query returned no row');
  if (totals.units > COUNT_MAX || totals.retail > MONEY_MAX || totals.listing > MONEY_MAX) throw new TotalsOutOfRange();
  const [lot] = await db
    .update(lots)
    .set({ numberOfUnits: totals.units, totalOriginalRetail: totals.retail, totalListingPrice: totals.listing })
    .where(eq(lots.id, lotId))
    .returning();
  if (!lot) throw new Error(`lot ${lotId} vanished while its totals were recomputed`);
  return lot;
}

/**
 * The same totals for many lots in one statement (the demo seed's thousands of lots). No range check: only for
 * rows the caller made itself.
 */
export async function recomputeTotalsOfLots(db: DbOrTx, lotIds: readonly number[]): Promise<void> {
  if (lotIds.length === 0) return;
  const sums = db
    .select({ lotId: sql<number>`${lots.id}`.as('lot_id'), units: sql<number>`${UNITS}`.as('units'), retail: sql<number>`${RETAIL}`.as('retail'), listing: sql<number>`${LISTING}`.as('listing') })
    .from(lots)
    .leftJoin(boxes, eq(boxes.lotId, lots.id))
    .leftJoin(items, eq(items.boxId, boxes.id))
    .where(inArray(lots.id, [...lotIds]))
    .groupBy(lots.id)
    .as('sums');
  await db
    .update(lots)
    .set({ numberOfUnits: sql`${sums.units}`, totalOriginalRetail: sql`${sums.retail}`, totalListingPrice: sql`${sums.listing}` })
    .from(sums)
    .where(eq(lots.id, sums.lotId));
}

/** An item change that went through (what `write` returned, and the lot with its new totals), or its refusal. */
export type ItemChange<T> = { ok: true; value: T; lot: LotRow } | { ok: false; message: string };

/**
 * Runs `write` (the item statements) and the recompute in a savepoint: when the new totals would be out of range,
 * the savepoint is rolled back, so the refusal leaves nothing written while the mutation's own transaction (with
 * its dedup record) still commits.
 */
export async function changeItems<T>(db: DbOrTx, lotId: number, write: (db: DbOrTx) => Promise<T>): Promise<ItemChange<T>> {
  try {
    return await db.transaction(async (savepoint): Promise<ItemChange<T>> => {
      const value = await write(savepoint);
      return { ok: true, value, lot: await recomputeLotTotals(savepoint, lotId) };
    });
  } catch (error) {
    if (error instanceof TotalsOutOfRange) return { ok: false, message: ServerMessages.totalsOutOfRange };
    throw error;
  }
}
