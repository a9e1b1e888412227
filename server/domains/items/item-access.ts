// Who reaches which items (DESIGN §5 Ownership): an item is its box's lot's owner's, so the lot rule of the lots
// domain decides. An item in a box of a lot the user may not see is answered exactly as an item that does not exist
// (NOT_FOUND "Item {id} not found."): the refusal never tells them apart, so item ids cannot be probed.
import { and, eq, inArray, or } from 'drizzle-orm';
import { ErrorCode } from '../../../src/protocol/error-codes';
import { ServerMessages } from '../../../src/protocol/messages';
import { boxes, items, lots } from '../../db';
import { lockVisibleBox, type BoxRow } from '../boxes';
import { refuse, type HandlerResult, type UserContext } from '../handler';
import { visibleLot, type LotRow } from '../lots';
import type { ItemRow } from './item-presenter';

export type Located = { ok: true; box: BoxRow; lot: LotRow; rows: ItemRow[] } | { ok: false; refusal: HandlerResult };

/** The one refusal for an item that is missing or not the user's. */
const noSuchItem = (id: number): Located => ({ ok: false, refusal: refuse(ErrorCode.NOT_FOUND, ServerMessages.itemNotFound(id)) });

/** Of these ids, the items the user may see (in a box of a visible lot), each with its box. */
async function visibleItems(context: UserContext, ids: readonly number[]): Promise<Map<number, number>> {
  const { db, user } = context;
  const found = await db
    .select({ id: items.id, boxId: items.boxId, lotId: boxes.lotId })
    .from(items)
    .innerJoin(boxes, eq(boxes.id, items.boxId))
    .where(inArray(items.id, [...ids]));
  const lotIds = [...new Set(found.map((row) => row.lotId))];
  const seen = lotIds.length === 0 ? [] : await db.select({ id: lots.id }).from(lots).where(or(...lotIds.map((lotId) => visibleLot(user, lotId))));
  const visible = new Set(seen.map((lot) => lot.id));
  return new Map(found.filter((row) => visible.has(row.lotId)).map((row) => [row.id, row.boxId]));
}

/**
 * Before any write: the rows with these ids, all in one box the user may change, that box's lot locked. An id that
 * is missing or not the user's is NOT_FOUND, rows of several boxes BAD_REQUEST.
 */
export async function locateItems(context: UserContext, ids: readonly number[]): Promise<Located> {
  const { db } = context;
  const wanted = [...new Set(ids)];
  const found = await visibleItems(context, wanted);
  const missing = wanted.find((id) => !found.has(id));
  if (missing !== undefined) return noSuchItem(missing);
  const [boxId, ...others] = new Set(found.values());
  if (boxId === undefined) throw new Error('no rows for a non-empty list of ids');
  if (others.length > 0) return { ok: false, refusal: refuse(ErrorCode.BAD_REQUEST, ServerMessages.notOneBox) };
  const access = await lockVisibleBox(db, context.user, boxId);
  // The box went, or its lot, between the read and the lock: its items are gone with it.
  if (!access.ok) return noSuchItem(wanted[0] ?? boxId);
  // Read again under the lock: a deleteItems that committed meanwhile has taken some.
  const rows = await db.select().from(items).where(and(eq(items.boxId, boxId), inArray(items.id, wanted)));
  const gone = wanted.find((id) => !rows.some((row) => row.id === id));
  if (gone !== undefined) return noSuchItem(gone);
  return { ok: true, box: access.box, lot: access.lot, rows };
}
