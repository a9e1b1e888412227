// Exactly-once mutations over STOMP (DESIGN §4): a mutating SEND runs in ONE transaction that also records
// (user, client-msg-id) with its destination and the replies it produced (server/db/dedup.ts); a replay of the same
// pair — in order, or at the same time from another connection — changes nothing and gets the stored replies back.
// The same client-msg-id sent to another destination gets a BAD_REQUEST refusal instead, and runs nothing. Knows no
// STOMP framing and delivers nothing itself: the router delivers after commit.
import { z } from 'zod';
import { CLIENT_MSG_ID_HEADER } from '../../src/protocol/auth';
import { errorEnvelope } from '../../src/protocol/envelope';
import { ErrorCode } from '../../src/protocol/error-codes';
import { ServerMessages } from '../../src/protocol/messages';
import { TopicName } from '../../src/protocol/topics';
import type { Db, Tx } from '../db';
import { isValidDedupKey, runOnce, type DedupCodec, type DedupKey } from '../db/dedup';
import type { HandlerResult, Reply } from '../domains/handler';

export type { DedupKey } from '../db/dedup';

export const isValidClientMsgId = isValidDedupKey;

/** `replayed`: the key was already recorded; `result` holds the stored replies (or the reused key's refusal) and no pushes. */
export interface MutationOutcome {
  result: HandlerResult;
  replayed: boolean;
}

/**
 * Each reply's body is kept as the JSON text that was delivered: jsonb reorders object keys, and a replay
 * should be the very same message.
 */
const StoredReplies = z.array(z.object({ topic: z.enum(TopicName), body: z.string() }));

const REPLIES: DedupCodec<HandlerResult> = {
  store: ({ replies }) => replies.map(({ topic, body }) => ({ topic, body: JSON.stringify(body) })),
  restore: (stored) => ({ replies: StoredReplies.parse(stored).map(({ topic, body }): Reply => ({ topic, body: JSON.parse(body) })) }),
};

/** What a client-msg-id reused for another destination gets: a refusal, where the outbox waits for its replies. */
const REUSED: HandlerResult = {
  replies: [{ topic: 'incomingMessages', body: errorEnvelope(ErrorCode.BAD_REQUEST, ServerMessages.keyReused(CLIENT_MSG_ID_HEADER)) }],
};

/** Runs `mutate` in one transaction, exactly once per key when there is one (see runOnce). */
export async function runMutation(db: Db, key: DedupKey | undefined, mutate: (tx: Tx) => Promise<HandlerResult>): Promise<MutationOutcome> {
  const deduped = await runOnce(db, key, REPLIES, mutate);
  if (deduped.outcome === 'reused') return { result: REUSED, replayed: false };
  return { result: deduped.result, replayed: deduped.outcome === 'replayed' };
}
