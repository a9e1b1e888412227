// /app/setPricesForLot (spec §7; DESIGN §5 "Prices"): every item of the lot priced by the request's multipliers, and
// the lot's listing total with the per-unit part. Refused before any write when a price or total would leave range.
import { eq, inArray } from 'drizzle-orm';
import { ErrorCode } from '../../../src/protocol/error-codes';
import type { PriceRequest } from '../../../src/protocol/entities';
import { MONEY_MAX } from '../../../src/protocol/limits';
import { ListingMessages, ServerMessages } from '../../../src/protocol/messages';
import { boxes, items, lots } from '../../db';
import { refuse, reply, replyAndPush, type HandlerResult, type UserContext } from '../handler';
import { lockVisibleLots, lotNotFound, ownerName, presentOneLot, recomputeLotTotals } from '../lots';
import { priceLot } from './pricing';

/** Item ids by the price they get: one UPDATE per distinct price rather than one per item. */
function idsByPrice(ids: readonly number[], prices: readonly number[]): Map<number, number[]> {
  const groups = new Map<number, number[]>();
  ids.forEach((id, index) => {
    const price = prices[index] ?? 0;
    groups.set(price, [...(groups.get(price) ?? []), id]);
  });
  return groups;
}

export async function setPricesForLot(context: UserContext, request: PriceRequest): Promise<HandlerResult> {
  const { db, user } = context;
  const [lot] = (await lockVisibleLots(db, user, [request.manifestId])) ?? [];
  if (lot === undefined) return lotNotFound();
  const rows = await db
    .select({ id: items.id, quantity: items.quantity, retailPrice: items.retailPrice, clientCost: items.clientCost })
    .from(items)
    .innerJoin(boxes, eq(items.boxId, boxes.id))
    .where(eq(boxes.lotId, lot.id));
  const { prices, listingTotal } = priceLot(rows, request);
  if (listingTotal > MONEY_MAX || prices.some((price) => price > MONEY_MAX)) return refuse(ErrorCode.BAD_REQUEST, ServerMessages.totalsOutOfRange);

  for (const [price, ids] of idsByPrice(rows.map((row) => row.id), prices)) {
    await db.update(items).set({ listingPrice: price }).where(inArray(items.id, ids));
  }
  await recomputeLotTotals(db, lot.id);
  const notes = request.specialNotes.trim() === '' ? {} : { specialNotes: request.specialNotes };
  const [priced] = await db.update(lots).set({ totalListingPrice: listingTotal, ...notes }).where(eq(lots.id, lot.id)).returning();
  if (priced === undefined) throw new Error(`locked lot ${lot.id} vanished while it was priced`);
  return replyAndPush(reply.ok('UPDATED_LOT', await presentOneLot(db, priced), ListingMessages.priced(priced.lotNumber)), await ownerName(db, user, priced));
}
