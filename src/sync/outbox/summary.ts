// What the outbox panel and the status badge read (DESIGN §4): the user's waiting changes in queue order and the
// ones the server refused. Read-only: the queue itself is outbox.ts.
import type { OutboxEntry } from './entry';
import type { Replica } from '../replica/replica';
import { undescribed, type DescribeEntry } from './describe';

export interface FailedEntry {
  readonly seq: number;
  readonly destination: string;
  /** The change in words ("Create lot 'Pallet 7'"), as its domain describes it. */
  readonly description: string;
  readonly lastError: string;
  readonly createdAt: number;
}

export interface OutboxSummary {
  /** Entries waiting to be sent or confirmed. */
  readonly queued: number;
  /** Entries the server rejected, with its message. */
  readonly failed: readonly FailedEntry[];
}

export const EMPTY_SUMMARY: OutboxSummary = { queued: 0, failed: [] };

/** A change waiting for the server, as the outbox panel lists it. */
export interface QueuedEntry {
  readonly seq: number;
  readonly destination: string;
  /** The change in words ("Add 2 × 012345678905 to box A1"), as its domain describes it. */
  readonly description: string;
  readonly createdAt: number;
  readonly sending: boolean;
  /** The last transient failure (a 5xx) while it waits for its retry; '' when none. */
  readonly lastError: string;
}

export const QUEUED_LISTED = 50; // the panel lists this many waiting changes, then says how many more

/** The first waiting changes of the user, in queue order, each described (the runtime's `describe`). */
export async function queuedEntries(db: Replica, user: string, describe: DescribeEntry = undescribed, limit: number = QUEUED_LISTED): Promise<QueuedEntry[]> {
  const active = await Promise.all(['in-flight', 'pending'].map((state) => db.outbox.where('[user+state]').equals([user, state]).limit(limit).toArray()));
  const first = active.flat().sort((a, b) => a.seq - b.seq).slice(0, limit);
  return Promise.all(first.map(async (entry) => {
    const { seq, destination, createdAt, state, lastError } = entry;
    return { seq, destination, description: await describe(entry, db), createdAt, sending: state === 'in-flight', lastError };
  }));
}

/** How many changes wait and which were refused, each refused one described (the runtime's `describe`). */
export async function outboxSummary(db: Replica, user: string, describe: DescribeEntry = undescribed): Promise<OutboxSummary> {
  const of = (state: OutboxEntry['state']) => db.outbox.where('[user+state]').equals([user, state]);
  const [pending, inFlight, dead] = await Promise.all([of('pending').count(), of('in-flight').count(), of('dead').toArray()]);
  const failed = await Promise.all(dead.map(async (entry) => {
    const { seq, destination, lastError, createdAt } = entry;
    return { seq, destination, description: await describe(entry, db), lastError, createdAt };
  }));
  return { queued: pending + inFlight, failed };
}
