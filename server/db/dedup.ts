// The dedup record (DESIGN §4): a mutation named by its sender — a STOMP SEND's client-msg-id, an HTTP request's
// Idempotency-Key — runs in ONE transaction that also records (user, key) with the answer it produced; the same
// pair again, in order or at the same time, changes nothing and gets the stored answer back. Knows no transport:
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
}

/** How a caller's answer is kept in `processed_messages.reply` (jsonb) and read back. */
export interface DedupCodec<T> {
  store(result: T): unknown;
  /** Validates what was stored; throws on a record it cannot read. */
  restore(stored: unknown): T;
}

export interface Deduped<T> {
  result: T;
  /** True when the key was already recorded: `result` is the stored answer and nothing ran. */
  replayed: boolean;
}

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
    if (!key) return { result: await run(tx), replayed: false };
    if (!(await claim(tx, key))) return { result: codec.restore(await storedAnswer(tx, key)), replayed: true };
    const result = await run(tx);
    await tx.update(processedMessages).set({ reply: codec.store(result) }).where(recordOf(key));
    return { result, replayed: false };
  });
}

const recordOf = ({ userId, clientMsgId }: DedupKey) =>
  and(eq(processedMessages.userId, userId), eq(processedMessages.clientMsgId, clientMsgId));

/** Nobody reads a claimed record before its transaction commits, and by then the answer replaced this. */
const CLAIMED: readonly never[] = [];

async function claim(tx: Tx, { userId, clientMsgId }: DedupKey): Promise<boolean> {
  const claimed = await tx
    .insert(processedMessages)
    .values({ userId, clientMsgId, reply: CLAIMED })
    .onConflictDoNothing()
    .returning({ userId: processedMessages.userId });
  return claimed.length > 0;
}

async function storedAnswer(tx: Tx, key: DedupKey): Promise<unknown> {
  const [row] = await tx.select({ reply: processedMessages.reply }).from(processedMessages).where(recordOf(key));
  if (!row) throw new Error('dedup record conflicted but cannot be read'); // only a purge in between could do that
  return row.reply;
}
