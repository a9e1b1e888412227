// Exactly-once mutations over STOMP (DESIGN §4): a mutating SEND runs in ONE transaction that also records
// (user, client-msg-id) with the replies it produced (server/db/dedup.ts); a replay of the same pair — in order,
// or at the same time from another connection — changes nothing and gets the stored replies back. Knows no STOMP
// framing and delivers nothing itself: the router delivers after commit.
import { z } from 'zod';
import { TopicName } from '../../src/protocol/topics';
import type { Db, Tx } from '../db';
import { isValidDedupKey, runOnce, type DedupCodec, type DedupKey, type Deduped } from '../db/dedup';
import type { HandlerResult, Reply } from '../domains/handler';

export type { DedupKey } from '../db/dedup';

export const isValidClientMsgId = isValidDedupKey;

/** `replayed`: the key was already recorded; `result` holds the stored replies and no pushes. */
export type MutationOutcome = Deduped<HandlerResult>;

/**
 * Each reply's body is kept as the JSON text that was delivered: jsonb reorders object keys, and a replay
 * should be the very same message.
 */
const StoredReplies = z.array(z.object({ topic: z.enum(TopicName), body: z.string() }));

const REPLIES: DedupCodec<HandlerResult> = {
  store: ({ replies }) => replies.map(({ topic, body }) => ({ topic, body: JSON.stringify(body) })),
  restore: (stored) => ({ replies: StoredReplies.parse(stored).map(({ topic, body }): Reply => ({ topic, body: JSON.parse(body) })) }),
};

/** Runs `mutate` in one transaction, exactly once per key when there is one (see runOnce). */
export function runMutation(db: Db, key: DedupKey | undefined, mutate: (tx: Tx) => Promise<HandlerResult>): Promise<MutationOutcome> {
  return runOnce(db, key, REPLIES, mutate);
}
