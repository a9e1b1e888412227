// A batch of outbox entries a screen started together (Save of many UPCs; later the listing queues): how far it
// has gone. DESIGN §4: "the progress dialog reads the outbox". A confirmed entry is deleted from the outbox, so
// an entry no longer there is done; a dead one was refused (its message is in the outbox panel).
import type { Replica } from '../replica/replica';
import type { OutboxState } from './entry';

export interface BatchProgress {
  readonly total: number;
  /** Confirmed by the server. */
  readonly done: number;
  /** Refused by the server. */
  readonly failed: number;
  /** The refused entries' seqs. */
  readonly dead: readonly number[];
}

export const NO_BATCH: BatchProgress = { total: 0, done: 0, failed: 0, dead: [] };

/** True when no entry of the batch waits any more. */
export const batchSettled = ({ total, done, failed }: BatchProgress): boolean => done + failed >= total;

export async function batchProgress(db: Replica, seqs: readonly number[]): Promise<BatchProgress> {
  const { bySeq } = await batchEntries(db, seqs);
  const dead = seqs.filter((seq) => bySeq.get(seq)?.state === 'dead');
  const done = seqs.filter((seq) => bySeq.get(seq)?.state === 'gone').length;
  return { total: seqs.length, done, failed: dead.length, dead };
}

/** One entry of a batch as a screen shows it per row: waiting, on its way, refused (with why), or 'gone' (confirmed,
 * or discarded: the screen that discarded it knows which). */
export interface BatchEntry {
  readonly state: Exclude<OutboxState, 'done'> | 'gone';
  /** The server's refusal, or the last transient failure of an entry still waiting. */
  readonly lastError: string;
}

/** Each entry's state, by seq, for exactly these seqs (a caller checks `seqs` is the batch it asked about). */
export interface BatchEntries {
  readonly seqs: readonly number[];
  readonly bySeq: ReadonlyMap<number, BatchEntry>;
}

export async function batchEntries(db: Replica, seqs: readonly number[]): Promise<BatchEntries> {
  const entries = await db.outbox.bulkGet([...seqs]);
  const bySeq = new Map<number, BatchEntry>(seqs.map((seq, index) => {
    const entry = entries[index];
    return [seq, entry === undefined || entry.state === 'done' ? { state: 'gone', lastError: '' } : { state: entry.state, lastError: entry.lastError }];
  }));
  return { seqs, bySeq };
}
