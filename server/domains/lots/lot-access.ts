// Who sees and changes which lot (DESIGN §5 Ownership): a user their own lots, an admin every lot; and who hears
// of a change (the owner's sessions and the admins). Every lot handler narrows its queries with these conditions,
// so the rule lives here only. A refusal never tells a missing lot from another user's, so ids cannot be probed.
import { and, eq, inArray, type SQL } from 'drizzle-orm';
import { ErrorCode } from '../../../src/protocol/error-codes';
import { isAdmin } from '../../auth/tokens';
import { lots, users, type DbOrTx } from '../../db';
import type { LotRow } from './lot-presenter';
import { ServerMessages } from '../../../src/protocol/messages';
import { refuse, type HandlerResult, type HandlerUser, type Push, type Reply } from '../handler';

/**
 * The owner condition of a lot query: the user's own lots, or none for an admin who asks for everyone's.
 * `myLots` is the lots filter's flag, forced true for non-admins ('My Lots' is enabled for admins only).
 */
export const ownedBy = (user: HandlerUser, { myLots }: { myLots: boolean }): SQL | undefined =>
  myLots || !isAdmin(user) ? eq(lots.userId, user.id) : undefined;

/** Every lot the user may see and change. */
export const visibleLots = (user: HandlerUser): SQL | undefined => ownedBy(user, { myLots: false });

/** The lot with this id, if the user may see and change it. */
export const visibleLot = (user: HandlerUser, lotId: number): SQL | undefined => and(eq(lots.id, lotId), visibleLots(user));

/** The one refusal for a lot that is missing or not the user's. */
export const lotNotFound = (): HandlerResult => refuse(ErrorCode.BAD_REQUEST, ServerMessages.lotNotFoundOrNotOwned);

/**
 * All or nothing, before any write: the lots with these ids (each once, by id) locked until the transaction ends,
 * or undefined when any of them is missing or not the user's. The lock keeps a concurrent delete from slipping
 * between this check and the caller's writes; taking the rows in id order keeps two such callers from deadlocking.
 */
export async function lockVisibleLots(db: DbOrTx, user: HandlerUser, lotIds: readonly number[]): Promise<LotRow[] | undefined> {
  const wanted = [...new Set(lotIds)];
  const rows = await db
    .select()
    .from(lots)
    .where(and(inArray(lots.id, wanted), visibleLots(user)))
    .orderBy(lots.id)
    .for('update');
  return rows.length === wanted.length ? rows : undefined;
}

/**
 * The usernames of the owners of these accounts, whose sessions hear about their lots (the sender's own needs no
 * query). Every id has one: lots.user_id is a foreign key.
 */
async function ownerNames(db: DbOrTx, user: HandlerUser, userIds: readonly number[]): Promise<(userId: number) => string> {
  const names = new Map<number, string>([[user.id, user.username]]);
  const others = [...new Set(userIds)].filter((id) => id !== user.id);
  if (others.length > 0) {
    const rows = await db.select({ id: users.id, username: users.username }).from(users).where(inArray(users.id, others));
    for (const { id, username } of rows) names.set(id, username);
  }
  return (userId) => {
    const name = names.get(userId);
    if (name === undefined) throw new Error(`lot owner ${userId} does not exist`);
    return name;
  };
}

/** Whose sessions hear about a change to the lot: its owner's username. */
export async function ownerName(db: DbOrTx, user: HandlerUser, lot: { userId: number }): Promise<string> {
  return (await ownerNames(db, user, [lot.userId]))(lot.userId);
}

/**
 * A change to lots of one or several owners: `message(all)` to the sender, and to each owner's other sessions (and
 * the admins') `message(theirs)`, so no user hears of another user's lots. An admin's other sessions hear once per
 * owner concerned, each message complete for its lots.
 */
export async function replyAndPushPerOwner<Row extends { userId: number }>(
  db: DbOrTx,
  user: HandlerUser,
  rows: readonly Row[],
  message: (rows: readonly Row[]) => Reply,
): Promise<HandlerResult> {
  const byOwner = new Map<number, Row[]>();
  for (const row of rows) {
    const theirs = byOwner.get(row.userId);
    if (theirs) theirs.push(row);
    else byOwner.set(row.userId, [row]);
  }
  const nameOf = await ownerNames(db, user, [...byOwner.keys()]);
  const all = message(rows);
  const pushes = [...byOwner].map(([userId, theirs]): Push => {
    const { topic, body } = byOwner.size === 1 ? all : message(theirs);
    return { owner: nameOf(userId), topic, body };
  });
  return { replies: [all], pushes };
}
