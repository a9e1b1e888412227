// The shape every handler module follows: handlers keyed by the spec's destination names, each a visible chain
// auth → parse (by the router, with the shared schema) → ownership → one transaction → replies.
// Handlers return their replies instead of sending them, so the router can deliver them after commit.
import type { DestinationName } from '../../src/protocol/destinations';
import type { PayloadOf } from '../../src/protocol/contract';
import type { TopicName } from '../../src/protocol/topics';
import type { AuthUser } from '../auth/tokens';
import type { DbOrTx } from '../db';
import type { Services } from '../services';

/** A message for the sending session: an envelope on incomingMessages, or a raw body on a dedicated topic. */
export interface Reply {
  topic: TopicName;
  body: unknown;
}

/** A message for other sessions: the owner's other devices and the admins (DESIGN §5). */
export interface Push {
  /** The owner's username. */
  owner: string;
  topic: TopicName;
  body: unknown;
}

export interface HandlerResult {
  replies: Reply[];
  pushes?: Push[];
}

/** The signed-in user: the token's claims plus the account's id (lots.user_id and the dedup record use it). */
export interface HandlerUser extends AuthUser {
  id: number;
}

export interface HandlerContext {
  /** Undefined only for public handlers (login). */
  user: HandlerUser | undefined;
  services: Services;
  /**
   * Where the handler reads and writes: for a mutation, the one transaction that also holds its dedup record
   * (DESIGN §4); for a query, services.db. Use it for every statement: on PGlite, services.db waits for the
   * open transaction to end, so a mutation that used it would wait for itself.
   */
  db: DbOrTx;
  sessionId: string;
}

export interface Handler<K extends DestinationName> {
  /** 'public' handlers run without a token; everything else needs a valid one. */
  access: 'public' | 'user';
  /**
   * A refusal must come before any write (or be thrown, which rolls back): a mutation's transaction commits
   * whatever the result, so that a replay gets the same refusal.
   */
  handle(context: HandlerContext, payload: PayloadOf<K>): Promise<HandlerResult>;
}

export type HandlerMap = { [K in DestinationName]?: Handler<K> };

/** The authenticated user, for handlers whose access is 'user' (the router guarantees it). */
export function requireUser(context: HandlerContext): HandlerUser {
  if (!context.user) throw new Error('handler with user access ran without a user');
  return context.user;
}
