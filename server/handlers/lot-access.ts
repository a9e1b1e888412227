// Who sees and changes which lot (DESIGN §5 Ownership): a user their own lots, an admin every lot. Every lot
// handler narrows its queries with these conditions, so the rule lives here only. A refusal never tells a
// missing lot from another user's, so ids cannot be probed.
import { and, eq, type SQL } from 'drizzle-orm';
import { ErrorCode, LOT_NOT_FOUND_OR_NOT_OWNED } from '../../src/protocol/error-codes';
import { isAdmin } from '../auth/tokens';
import { lots, users, type DbOrTx } from '../db';
import { only, reply } from './replies';
import type { HandlerResult, HandlerUser } from './types';

/**
 * The owner condition of a lot query: the user's own lots, or none for an admin who asks for everyone's.
 * `myLots` is the lots filter's flag, forced true for non-admins ('My Lots' is enabled for admins only).
 */
export const ownedBy = (user: HandlerUser, { myLots }: { myLots: boolean }): SQL | undefined =>
  myLots || !isAdmin(user) ? eq(lots.userId, user.id) : undefined;

/** The lot with this id, if the user may see and change it. */
export const visibleLot = (user: HandlerUser, lotId: number): SQL | undefined =>
  and(eq(lots.id, lotId), ownedBy(user, { myLots: false }));

/** The one refusal for a lot that is missing or not the user's. */
export const lotNotFound = (): HandlerResult => only(reply.error(ErrorCode.BAD_REQUEST, LOT_NOT_FOUND_OR_NOT_OWNED));

/** Whose sessions hear about a change to the lot: its owner's username (the sender's own, usually: no query). */
export async function ownerName(db: DbOrTx, user: HandlerUser, lot: { userId: number }): Promise<string> {
  if (lot.userId === user.id) return user.username;
  const [owner] = await db.select({ username: users.username }).from(users).where(eq(users.id, lot.userId));
  if (!owner) throw new Error(`lot owner ${lot.userId} does not exist`); // lots.user_id is a foreign key
  return owner.username;
}
