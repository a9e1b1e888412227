// Who reaches which box (DESIGN §5 Ownership): a box and its items belong to the box's lot's owner, so the lot rule of
// the lots domain decides. A box of a lot the user may not see is answered exactly as a box that does not exist
// (NOT_FOUND, spec §8's wording): the refusal never tells them apart, so box ids cannot be probed.
import { eq } from 'drizzle-orm';
import { ErrorCode } from '../../../src/protocol/error-codes';
import { boxes, lots, type DbOrTx } from '../../db';
import type { BoxRow } from './box-presenter';
import { ServerMessages } from '../../../src/protocol/messages';
import { refuse, type HandlerResult, type HandlerUser } from '../handler';
import { lockVisibleLots, visibleLot, type LotRow } from '../lots';

export type BoxAccess = { ok: true; box: BoxRow; lot: LotRow } | { ok: false; refusal: HandlerResult };

/** The one refusal for a box that is missing or not the user's. */
const noSuchBox = (message: string): BoxAccess => ({ ok: false, refusal: refuse(ErrorCode.NOT_FOUND, message) });

/** For a query: the box and its lot, if the user may see them. */
export async function findVisibleBox(db: DbOrTx, user: HandlerUser, boxId: number): Promise<BoxAccess> {
  const [box] = await db.select().from(boxes).where(eq(boxes.id, boxId));
  const [lot] = box ? await db.select().from(lots).where(visibleLot(user, box.lotId)) : [];
  return box && lot ? { ok: true, box, lot } : noSuchBox(ServerMessages.boxNotFound);
}

/**
 * For a change, before any write: the box and its lot, the lot locked until the transaction ends. Every change to a
 * lot's boxes or items takes that lock first, so they run one at a time per lot and each recompute of the totals
 * sees the items the one before it left.
 */
export async function lockVisibleBox(db: DbOrTx, user: HandlerUser, boxId: number, missingMessage: string = ServerMessages.boxNotFound): Promise<BoxAccess> {
  const [found] = await db.select({ lotId: boxes.lotId }).from(boxes).where(eq(boxes.id, boxId));
  const [lot] = found ? ((await lockVisibleLots(db, user, [found.lotId])) ?? []) : [];
  if (!lot) return noSuchBox(missingMessage);
  // Read again under the lock: a deleteBox that committed meanwhile has taken it (a box never changes lots).
  const [box] = await db.select().from(boxes).where(eq(boxes.id, boxId));
  return box ? { ok: true, box, lot } : noSuchBox(missingMessage);
}
