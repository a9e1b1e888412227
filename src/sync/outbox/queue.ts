// The replayer's reads and marks on the queue: which entries go next, which are in flight, and the clean-up when a
// replayer takes over from one that is gone. outbox.ts owns the entries' life; this is only where sending stands.
import { writeTransaction, type Replica } from '../replica/replica';
import { isActive, type OutboxEntry } from './entry';

/** The first `limit` entries of the user still to send or confirm, in queue order (in-flight ones are resent: the
 *  server dedups). */
export async function nextActiveEntries(db: Replica, user: string, limit: number): Promise<OutboxEntry[]> {
  // Within one index key, IndexedDB orders by primary key: each state's entries come lowest seq first.
  const states = await Promise.all(['in-flight', 'pending'].map((state) => db.outbox.where('[user+state]').equals([user, state]).limit(limit).toArray()));
  return states.flat().sort((a, b) => a.seq - b.seq).slice(0, limit);
}

/**
 * Marks the entries in flight, in one transaction, as far as the first that is gone or no longer active (discarded
 * since it was read): that one and those after it must not be sent. Returns how many were marked.
 */
export function markInFlight(db: Replica, seqs: readonly number[]): Promise<number> {
  return writeTransaction(db, async (db) => {
    const entries = await db.outbox.bulkGet([...seqs]);
    const cut = entries.findIndex((entry) => entry === undefined || !isActive(entry));
    const marked = entries.slice(0, cut === -1 ? entries.length : cut).flatMap((entry) => (entry === undefined ? [] : [{ ...entry, state: 'in-flight' as const, attempts: entry.attempts + 1 }]));
    await db.outbox.bulkPut(marked);
    return marked.length;
  });
}

/** On taking the replay lock: whatever was in flight belonged to a replayer that is gone; it goes again. */
export function resetInFlight(db: Replica): Promise<number> {
  return db.outbox.where('state').equals('in-flight').modify({ state: 'pending' });
}

/** Confirmed entries left by an older version (they are deleted when confirmed now). */
export function purgeDone(db: Replica): Promise<number> {
  return db.outbox.where('state').equals('done').delete();
}
