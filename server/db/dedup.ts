// The dedup record (DESIGN §4): a mutation named by its sender — a STOMP SEND's client-msg-id, an HTTP request's
// Idempotency-Key — runs in ONE transaction that also records (user, key) with the destination it was sent to and
// the answer it produced; the same pair again, in order or at the same time, changes nothing and gets the stored
// answer back. The same key sent to another destination is a client bug (or a probe): it is refused, never
// answered with another request's reply, and runs nothing. Knows no transport:
// each caller says how its answer is stored (a codec) and delivers it itself, after commit. Records are written
// nowhere else.
import { and, eq } from 'drizzle-orm';
import { CLIENT_MSG_ID_MAX } from '../../src/protocol/auth';
import { processedMessages } from './schema';
import type { Db, Tx } from './types';

/** Who sent which request. The same key from two users is two requests. */
export interface DedupKey {
  userId: number;
  /** The client's key, with a transport prefix where two transports could otherwise collide. */
  clientMsgId: string;
  /** What the key is used for (a SEND's destination, an HTTP `METHOD /path`): a replay must name the same. */
  destination: string;
}

/** How a caller's answer is kept in `processed_messages.reply` (jsonb) and read back. */
export interface DedupCodec<T> {
  store(result: T): unknown;
  /** Validates what was stored; throws on a record it cannot read. */
  restore(stored: unknown): T;
}

/**
 * ran: `result` is what `run` produced, recorded. replayed: the key was already recorded for this destination;
 * `result` is the stored answer and nothing ran. reused: the key was recorded for `recordedFor`, another
 * destination; nothing ran and nothing was recorded.
 */
export type Deduped<T> =
  | { outcome: 'ran'; result: T }
  | { outcome: 'replayed'; result: T }
  | { outcome: 'reused'; recordedFor: string };

/** Records made before the destination was kept say '' and replay for any (the column's default). */
const ANY_DESTINATION = '';

/** Both transports take keys of 1 to CLIENT_MSG_ID_MAX characters; the record stays small. */
export const isValidDedupKey = (key: string): boolean => key.length > 0 && key.length <= CLIENT_MSG_ID_MAX;

/**
 * Runs `run` in one transaction. With a key, the record is claimed FIRST (INSERT … ON CONFLICT DO NOTHING): on
 * PostgreSQL a second transaction claiming the same key waits for the first, then finds its committed record and
 * replays it (or, if the first rolled back, claims it and runs); on PGlite transactions run one at a time.
 * A throw rolls everything back, record included, so a retry runs again.
 */
export async function runOnce<T>(db: Db, key: DedupKey | undefined, codec: DedupCodec<T>, run: (tx: Tx) => Promise<T>): Promise<Deduped<T>> {
  return db.transaction(async (tx) => {
    if (!key) return { outcome: 'ran', result: await run(tx) };
    if (!(await claim(tx, key))) {
      const stored = await storedRecord(tx, key);
      if (stored.destination !== ANY_DESTINATION && stored.destination !== key.destination) return { outcome: 'reused', recordedFor: stored.destination };
      return { outcome: 'replayed', result: codec.restore(stored.reply) };
    }
    const result = await run(tx);
    await tx.update(processedMessages).set({ reply: codec.store(result) }).where(recordOf(key));
    return { outcome: 'ran', result };
  });
}

/** Whether the key is already recorded (committed): a caller may then skip slow work whose answer is stored. */
export async function isRecorded(db: Db, key: Pick<DedupKey, 'userId' | 'clientMsgId'>): Promise<boolean> {
  const rows = await db.select({ userId: processedMessages.userId }).from(processedMessages).where(recordOf(key)).limit(1);
  return rows.length > 0;
}

const recordOf = ({ userId, clientMsgId }: Pick<DedupKey, 'userId' | 'clientMsgId'>) =>
  and(eq(processedMessages.userId, userId), eq(processedMessages.clientMsgId, clientMsgId));

/** Nobody reads a claimed record before its transaction commits, and by then the answer replaced this. */
const CLAIMED: readonly never[] = [];

async function claim(tx: Tx, { userId, clientMsgId, destination }: DedupKey): Promise<boolean> {
  const claimed = await tx
    .insert(processedMessages)
    .values({ userId, clientMsgId, destination, reply: CLAIMED })
    .onConflictDoNothing()
    .returning({ userId: processedMessages.userId });
  return claimed.length > 0;
}

async function storedRecord(tx: Tx, key: DedupKey): Promise<{ destination: string; reply: unknown }> {
  const [row] = await tx
    .select({ destination: processedMessages.destination, reply: processedMessages.reply })
    .from(processedMessages)
    .where(recordOf(key));
  if (!row) throw new Error('dedup record conflicted but cannot be read'); // only a purge in between could do that
  return row;
}
