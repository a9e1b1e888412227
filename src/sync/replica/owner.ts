// Whose data the replica holds (DESIGN §4: entries belong to the user who made them). When a different user signs
// in on the device, the cache tables and the per-user facts are emptied — the next user must not see the last one's
// lots — while the outbox stays: its entries keep their user and wait for that user's next sign-in. Then the new
// owner's own queued intents are laid over the (empty) cache again.
import { activeEntries, refreshRows } from '../outbox/optimistic';
import { OWNER, perUserMetaKeys, readMeta, writeMeta } from './meta';
import { writeTransaction, type Replica, type ReplicaTables } from './replica';

/**
 * Inside a read-write transaction over every table: makes `user` the replica's owner. True when another user's data
 * had to go. Every write of ingest and of intents runs it first, so a reply can never land in the previous user's
 * cache, whatever order sign-in and replies come in.
 */
export async function ensureOwner(db: ReplicaTables, user: string): Promise<boolean> {
  const owner = await readMeta(db, OWNER);
  if (owner === user) return false;
  await Promise.all(db.definitions.map(({ name }) => db.rowsNamed(name).clear()));
  await db.meta.bulkDelete(perUserMetaKeys());
  await writeMeta(db, OWNER, user);
  await refreshRows(db, user, (await activeEntries(db, user)).map((entry) => entry.change));
  return owner !== undefined;
}

/** Makes `user` the owner now (on sign-in), in its own transaction. */
export function claimReplica(db: Replica, user: string): Promise<boolean> {
  return writeTransaction(db, (tables) => ensureOwner(tables, user));
}

/**
 * Runs `work` in one read-write transaction over every table as the signed-in user's write (ingest): the user
 * becomes the owner first. Nothing is written while nobody is signed in (`user` undefined).
 */
export async function writeAsOwner(db: Replica, user: string | undefined, work: (tables: ReplicaTables, user: string) => Promise<void>): Promise<void> {
  if (user === undefined) return;
  await writeTransaction(db, async (tables) => {
    await ensureOwner(tables, user);
    await work(tables, user);
  });
}
