// What the outbox panel and the status badge read (DESIGN §4): the user's waiting changes in queue order and the
// ones the server refused. Read-only: the queue itself is outbox.ts.
import type { OutboxEntry } from './entry';
import type { Replica } from '../replica/replica';

export interface FailedEntry {
  readonly seq: number;
  readonly destination: string;
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
  readonly createdAt: number;
  readonly sending: boolean;
  /** The last transient failure (a 5xx) while it waits for its retry; '' when none. */
  readonly lastError: string;
}

export const QUEUED_LISTED = 50; // the panel lists this many waiting changes, then says how many more

/** The first waiting changes of the user, in queue order. */
export async function queuedEntries(db: Replica, user: string, limit: number = QUEUED_LISTED): Promise<QueuedEntry[]> {
  const active = await Promise.all(['in-flight', 'pending'].map((state) => db.outbox.where('[user+state]').equals([user, state]).limit(limit).toArray()));
  return active
    .flat()
    .sort((a, b) => a.seq - b.seq)
    .slice(0, limit)
    .map(({ seq, destination, createdAt, state, lastError }) => ({ seq, destination, createdAt, sending: state === 'in-flight', lastError }));
}

export async function outboxSummary(db: Replica, user: string): Promise<OutboxSummary> {
  const of = (state: OutboxEntry['state']) => db.outbox.where('[user+state]').equals([user, state]);
  const [pending, inFlight, dead] = await Promise.all([of('pending').count(), of('in-flight').count(), of('dead').toArray()]);
  return {
    queued: pending + inFlight,
    failed: dead.map(({ seq, destination, lastError, createdAt }) => ({ seq, destination, lastError, createdAt })),
  };
}
