// Exactly-once mutations (DESIGN §4): a mutating SEND runs in ONE transaction that also records
// (user, client-msg-id) with the replies it produced; a replay of the same pair — in order, or at the same time
// from another connection — changes nothing and gets the stored replies back. Knows no STOMP and delivers
// nothing itself: the router delivers after commit. Records are written nowhere else.
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { CLIENT_MSG_ID_MAX } from '../../src/protocol/auth';
import type { DestinationName } from '../../src/protocol/destinations';
import { TopicName } from '../../src/protocol/topics';
import { processedMessages, type Db, type Tx } from '../db';
import type { HandlerResult, Reply } from '../handlers/types';

/** Every destination that changes something: all but login and the get* queries, which are never queued. */
export const isMutation = (destination: DestinationName): boolean => destination !== 'login' && !destination.startsWith('get');

export const isValidClientMsgId = (id: string): boolean => id.length > 0 && id.length <= CLIENT_MSG_ID_MAX;

/** Who sent which outbox entry. The same client-msg-id from two users is two entries. */
export interface DedupKey {
  userId: number;
  clientMsgId: string;
}

export interface MutationOutcome {
  result: HandlerResult;
  /** True when the key was already recorded: `result` holds the stored replies and no pushes. */
  replayed: boolean;
}

/**
 * Runs `mutate` in one transaction. With a key, the record is claimed FIRST (INSERT … ON CONFLICT DO NOTHING):
 * on PostgreSQL a second transaction claiming the same key waits for the first, then finds its committed record
 * and replays it (or, if the first rolled back, claims it and runs); on PGlite transactions run one at a time.
 * A throw rolls everything back, record included, so a retry runs again.
 */
export async function runMutation(db: Db, key: DedupKey | undefined, mutate: (tx: Tx) => Promise<HandlerResult>): Promise<MutationOutcome> {
  return db.transaction(async (tx) => {
    if (!key) return { result: await mutate(tx), replayed: false };
    if (!(await claim(tx, key))) return { result: { replies: await storedReplies(tx, key) }, replayed: true };
    const result = await mutate(tx);
    await tx.update(processedMessages).set({ reply: stored(result.replies) }).where(recordOf(key));
    return { result, replayed: false };
  });
}

const recordOf = ({ userId, clientMsgId }: DedupKey) =>
  and(eq(processedMessages.userId, userId), eq(processedMessages.clientMsgId, clientMsgId));

async function claim(tx: Tx, { userId, clientMsgId }: DedupKey): Promise<boolean> {
  const claimed = await tx
    .insert(processedMessages)
    .values({ userId, clientMsgId, reply: stored([]) })
    .onConflictDoNothing()
    .returning({ userId: processedMessages.userId });
  return claimed.length > 0;
}

/**
 * Each reply's body is kept as the JSON text that was delivered: jsonb reorders object keys, and a replay
 * should be the very same message.
 */
const StoredReplies = z.array(z.object({ topic: z.enum(TopicName), body: z.string() }));
type StoredReplies = z.infer<typeof StoredReplies>;

const stored = (replies: readonly Reply[]): StoredReplies => replies.map(({ topic, body }) => ({ topic, body: JSON.stringify(body) }));

async function storedReplies(tx: Tx, key: DedupKey): Promise<Reply[]> {
  const [row] = await tx.select({ reply: processedMessages.reply }).from(processedMessages).where(recordOf(key));
  if (!row) throw new Error('dedup record conflicted but cannot be read'); // only a purge in between could do that
  return StoredReplies.parse(row.reply).map(({ topic, body }): Reply => ({ topic, body: JSON.parse(body) }));
}
