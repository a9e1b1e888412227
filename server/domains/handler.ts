// The shape every domain's handlers follow, and the reply builders they use: handlers keyed by the spec's destination
// names, each a visible chain access → parse (by the router, with the shared schema) → ownership → one transaction →
// replies. Handlers return their replies and pushes instead of sending them, so the router delivers after commit.
// Knows no domain: server/domains/<noun>/ import from here, never the other way round.
import type { DestinationName } from '../../src/protocol/destinations';
import type { PayloadOf } from '../../src/protocol/contract';
import { errorEnvelope, okEnvelope } from '../../src/protocol/envelope';
import type { ErrorCodeValue } from '../../src/protocol/error-codes';
import { MessageType, type MessageTypeName } from '../../src/protocol/message-types';
import type { TopicName } from '../../src/protocol/topics';
import type { AuthUser } from '../auth/tokens';
import type { DbOrTx } from '../db';
import type { Services } from '../services';

/** A message for the sending session: an envelope on incomingMessages, or a raw body on a dedicated topic. */
export interface Reply {
  topic: TopicName;
  body: unknown;
}

/** A message for other sessions: the owner's other devices and the admins (DESIGN §5), through the push bus. */
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

/** What every handler receives. */
export interface PublicContext {
  services: Services;
  /**
   * Where the handler reads and writes: for a mutation, the one transaction that also holds its dedup record
   * (DESIGN §4); for a query, services.db. Use it for every statement: on PGlite, services.db waits for the
   * open transaction to end, so a mutation that used it would wait for itself.
   */
  db: DbOrTx;
  sessionId: string;
  /** The peer's address as the socket saw it (never a header a client could set): login throttles by it. */
  remoteAddress: string | undefined;
}

/** What a handler with `access: 'user'` receives: the router has proved the user before it runs. */
export interface UserContext extends PublicContext {
  user: HandlerUser;
}

type Handle<C, K extends DestinationName> = (context: C, payload: PayloadOf<K>) => Promise<HandlerResult>;

/**
 * What a staged handler's slow part left ready (files stored, an address fetched): the transactional rest. Slow work
 * must not hold a transaction: on PGlite that would stall every other request for its length.
 */
export interface Staged<C> {
  /** Runs in the mutation's transaction, exactly once per key; `used`: the rows written now name what was staged. */
  commit(context: C): Promise<{ result: HandlerResult; used: boolean }>;
  /** Undoes what was staged (deletes its files) when it ends up unused: refused, replayed, rolled back. */
  discard(): Promise<void>;
}

/** The slow part, run first, outside any transaction (context.db is services.db): a refusal, or what to commit. */
type Stage<C, K extends DestinationName> = (context: C, payload: PayloadOf<K>) => Promise<Staged<C> | HandlerResult>;

/** A refusal from a stage (it staged nothing), told apart from what it staged. */
export const isStaged = <C>(outcome: Staged<C> | HandlerResult): outcome is Staged<C> => 'commit' in outcome;

/**
 * One destination's handler. 'public' handlers (login) run without a token and get no user; 'user' handlers run only
 * for a valid token of an existing account. A refusal must come before any write (or be thrown, which rolls back): a
 * mutation's transaction commits whatever the result, so that a replay gets the same refusal. A staged handler
 * (`stage` instead of `handle`) does its slow work before its transaction; a replay is answered from its record without staging (a replay racing its first run stages, then discards).
 */
export type Handler<K extends DestinationName> =
  | { access: 'public'; handle: Handle<PublicContext, K> }
  | { access: 'user'; handle: Handle<UserContext, K> }
  | { access: 'user'; stage: Stage<UserContext, K> };

export type HandlerMap = { [K in DestinationName]?: Handler<K> };

/**
 * A domain's handlers, each typed by its key's payload, keeping the exact keys (so `lotHandlers.createManifest` is
 * there by its type, not maybe-undefined).
 */
export const defineHandlers = <const M extends HandlerMap>(handlers: M): M => handlers;

/** The registry: every domain's handlers in one map. A destination served twice is a mistake, caught at start. */
export function registerDomains(...maps: readonly HandlerMap[]): HandlerMap {
  const seen = new Set<string>();
  for (const key of maps.flatMap((map) => Object.keys(map))) {
    if (seen.has(key)) throw new Error(`destination ${key} is served by two domains`);
    seen.add(key);
  }
  return maps.reduce<HandlerMap>((all, map) => ({ ...all, ...map }), {});
}

// ------------------------------------------------------------------------------------------------ reply builders

export const reply = {
  ok(messageType: MessageTypeName, data?: unknown, message?: string): Reply {
    return { topic: 'incomingMessages', body: okEnvelope(MessageType[messageType], data, message) };
  },
  error(code: ErrorCodeValue, message: string, messageType: MessageTypeName = 'ERROR'): Reply {
    return { topic: 'incomingMessages', body: errorEnvelope(code, message, MessageType[messageType]) };
  },
  on(topic: TopicName, body: unknown): Reply {
    return { topic, body };
  },
};

export const only = (...replies: Reply[]): HandlerResult => ({ replies });

/** A refusal: one error envelope to the sender, nothing pushed. */
export const refuse = (code: ErrorCodeValue, message: string): HandlerResult => only(reply.error(code, message));

/** A changed entity: the reply to the sender, and the same message to the owner's other sessions and the admins. */
export const replyAndPush = (message: Reply, owner: string): HandlerResult => ({
  replies: [message],
  pushes: [{ owner, topic: message.topic, body: message.body }],
});

/** A further message for the owner's other sessions and the admins only, beside what the result already sends. */
export const andPush = (result: HandlerResult, owner: string, message: Reply): HandlerResult => ({
  ...result,
  pushes: [...(result.pushes ?? []), { owner, topic: message.topic, body: message.body }],
});
