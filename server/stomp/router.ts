// The STOMP application: destination → handler. It authenticates each SEND (its own bearer header, else the
// CONNECT one), validates the payload with the shared schema, runs the handler — a mutation exactly once, in one
// transaction (./exactly-once.ts) — and delivers its replies after commit, then hands its pushes to the push bus.
// It never answers a request with an ERROR frame: refusals are envelopes (DESIGN §5). Every message answering a
// SEND that carried client-msg-id repeats that header, so the outbox knows which entry it answers (DESIGN §4).
// Knows no domain: the handlers come in as a map (server/domains/index.ts).
import { AFTER_MSG_ID_HEADER, AUTHORIZATION_HEADER, bearer, CLIENT_MSG_ID_HEADER, CLIENT_MSG_ID_MAX, LoginResponseSchema, REQUEST_ID_HEADER } from '../../src/protocol/auth';
import { Destination, type DestinationName } from '../../src/protocol/destinations';
import { contract, isMutation, parsePayload, type PayloadOf } from '../../src/protocol/contract';
import { ErrorCode, type ErrorCodeValue } from '../../src/protocol/error-codes';
import { errorEnvelope } from '../../src/protocol/envelope';
import { ServerMessages } from '../../src/protocol/messages';
import { topicNameOf, USER_TOPIC_PREFIX, type TopicName } from '../../src/protocol/topics';
import { createTokenCheck } from '../auth/token-check';
import { bearerToken } from '../auth/tokens';
import type { DbOrTx } from '../db';
import { isRecorded } from '../db/dedup';
import { isStaged, type Handler, type HandlerMap, type HandlerResult, type HandlerUser, type PublicContext, type Reply, type Staged, type UserContext } from '../domains/handler';
import type { Services } from '../services';
import { isValidClientMsgId, runMutation } from './exactly-once';
import { createProtocolVersions, type ProtocolVersions } from './protocol-versions';
import type { StompApplication, StompSendFrame, StompSession } from './types';

export type Router = StompApplication;

/**
 * Runs a handler's transactional part: a mutation in one transaction, exactly once per key (`ran` is false when a
 * recorded answer was replayed instead); a query on services.db.
 */
type Transact = ((work: (db: DbOrTx) => Promise<HandlerResult>) => Promise<{ result: HandlerResult; ran: boolean }>) & {
  /** Whether this SEND's key already holds a committed answer (a replay): its stage need not run again. */
  recorded(): Promise<boolean>;
};

/** The work of a replay whose record vanished between the peek and the transaction: never expected. */
const recordedOnly = (): Promise<HandlerResult> => Promise.reject(new Error('the recorded answer of a replay is gone'));

/** A handler with its payload parsed, ready to run with its context; or the payload's refusal. */
type Prepared<C> = { ok: true; run(context: (db: DbOrTx) => C, transact: Transact, outside: DbOrTx): Promise<HandlerResult> } | { ok: false; message: string };

/** A served destination: its access, and its handler bound to the key's payload schema (no per-key cast needed). */
type Served =
  | { key: DestinationName; access: 'public'; prepare(body: string): Prepared<PublicContext> }
  | { key: DestinationName; access: 'user'; prepare(body: string): Prepared<UserContext> };

type Run<C, K extends DestinationName> = (payload: PayloadOf<K>) => Prepared<C> & { ok: true };

const handled = <C, K extends DestinationName>(handle: (context: C, payload: PayloadOf<K>) => Promise<HandlerResult>): Run<C, K> =>
  (payload) => ({ ok: true, run: async (context, transact) => (await transact((db) => handle(context(db), payload))).result });

/** Stage outside the transaction, commit inside it; what was staged is discarded unless a committed run used it. */
const staged = <C, K extends DestinationName>(stage: (context: C, payload: PayloadOf<K>) => Promise<Staged<C> | HandlerResult>): Run<C, K> =>
  (payload) => ({
    ok: true,
    async run(context, transact, outside) {
      // A replay gets its stored answer without staging again: a stage's work may reach outside the database (a
      // product in the online store), where a late replay must not undo what came after it.
      if (await transact.recorded()) return (await transact(recordedOnly)).result;
      const outcome = await stage(context(outside), payload);
      if (!isStaged(outcome)) return outcome;
      let used = false;
      let kept = false;
      try {
        const { result, ran } = await transact(async (db) => {
          const committed = await outcome.commit(context(db));
          used = committed.used;
          return committed.result;
        });
        kept = ran && used;
        return result;
      } finally {
        if (!kept) await outcome.discard();
      }
    },
  });

function serve<K extends DestinationName>(key: K, handler: Handler<K>): Served {
  const binder = <C>(run: Run<C, K>) => (body: string): Prepared<C> => {
    const payload = parsePayload(key, body);
    return payload.ok ? run(payload.value) : payload;
  };
  if (handler.access === 'public') return { key, access: 'public', prepare: binder(handled(handler.handle)) };
  return { key, access: 'user', prepare: binder('stage' in handler ? staged(handler.stage) : handled(handler.handle)) };
}

const KEYS = Object.keys(Destination) as DestinationName[];
const KEY_BY_PATH = new Map<string, DestinationName>(KEYS.map((key) => [Destination[key], key]));

function servedTable(handlers: HandlerMap): Map<DestinationName, Served> {
  const table = new Map<DestinationName, Served>();
  const add = <K extends DestinationName>(key: K) => {
    const handler: Handler<K> | undefined = handlers[key];
    if (handler) table.set(key, serve(key, handler));
  };
  for (const key of KEYS) add(key);
  return table;
}

/** `versions`: the protocol range spoken (a test may speak another one). */
export function createRouter(handlers: HandlerMap, services: Services, versions: ProtocolVersions = createProtocolVersions()): Router {
  const served = servedTable(handlers);
  const { logger, push } = services;

  // Per frame, against an in-memory map of token versions: no database round trip (server/auth/token-check.ts).
  const tokenCheck = createTokenCheck({ users: services.users, push, intervalMs: services.config.revocationIntervalSeconds * 1000, logger });

  /** The token's user with the account id, attached to the push bus; undefined when the token is invalid, expired or
   *  revoked, or the account is gone. `fresh` (CONNECT) re-reads the account. */
  async function authenticate(session: StompSession, headers: Readonly<Record<string, string>>, fresh = false): Promise<HandlerUser | undefined> {
    const token = bearerToken(headers) ?? bearerToken(session.connectHeaders);
    const user = await tokenCheck.admit(session, token ? await services.tokens.verify(token) : undefined, { fresh });
    return user && signInSession(session, user) ? user : undefined;
  }

  /** Lifts the session's anonymous limits (server/stomp/session.ts); false when the cap on a user's sessions refused it. */
  const signInSession = (session: StompSession, user: HandlerUser): boolean => session.signIn?.(user.username) ?? true;

  /** A token this socket's own login just issued signs the socket in, as that token in a later frame would. */
  async function signInByLoginReply(session: StompSession, replies: readonly Reply[]): Promise<void> {
    for (const { topic, body } of replies) {
      const reply = topic === 'loginResponse' ? LoginResponseSchema.safeParse(body) : undefined;
      if (reply?.success && 'jwt' in reply.data) await authenticate(session, { [AUTHORIZATION_HEADER]: bearer(reply.data.jwt) });
    }
  }
  const signedIn = authenticate;

  /** Sends to the sending session only, repeating the SEND's client-msg-id and request-id (a query's). */
  function answerer(session: StompSession, frame: StompSendFrame) {
    const clientMsgId = frame.headers[CLIENT_MSG_ID_HEADER];
    const requestId = frame.headers[REQUEST_ID_HEADER];
    const headers: Record<string, string> = clientMsgId === undefined ? {} : { [CLIENT_MSG_ID_HEADER]: clientMsgId };
    // Echoed as sent when small enough to be an id; a longer one is not repeated (the reply still goes).
    if (requestId !== undefined && requestId.length <= CLIENT_MSG_ID_MAX) headers[REQUEST_ID_HEADER] = requestId;
    const answer = (topic: TopicName, body: unknown) => session.deliver(`${USER_TOPIC_PREFIX}${topic}`, JSON.stringify(body), headers);
    const refuse = (topic: TopicName, code: ErrorCodeValue, message: string) => answer(topic, errorEnvelope(code, message));
    return { clientMsgId, answer, refuse };
  }

  /** The handler with its context made for the database handle it runs on; undefined when it needs a user and there is none. */
  function bind(route: Served, session: StompSession, frame: StompSendFrame, user: HandlerUser | undefined): Bound | undefined {
    const base = (db: DbOrTx): PublicContext => ({ services, db, sessionId: session.id, remoteAddress: session.remoteAddress });
    if (route.access === 'public') return onContext(route.prepare(frame.body), base);
    return user ? onContext(route.prepare(frame.body), (db) => ({ ...base(db), user })) : undefined;
  }

  /** A mutation runs in one transaction, exactly once per (user, client-msg-id) when the SEND names one. */
  function transaction(key: DestinationName, frame: StompSendFrame, clientMsgId: string | undefined, user: HandlerUser | undefined): Transact {
    const dedup = isMutation(key) && user && clientMsgId !== undefined ? { userId: user.id, clientMsgId, destination: frame.destination } : undefined;
    const transact = async (work: (db: DbOrTx) => Promise<HandlerResult>) => {
      if (!isMutation(key)) return { result: await work(services.db), ran: true };
      const { result, replayed } = await runMutation(services.db, dedup, work);
      if (replayed) logger.info({ destination: frame.destination, clientMsgId }, 'replayed a recorded mutation');
      return { result, ran: !replayed };
    };
    return Object.assign(transact, { recorded: async () => dedup !== undefined && (await isRecorded(services.db, dedup)) });
  }

  /**
   * A pipelined mutation (after-msg-id) whose predecessor has no record yet: refused, nothing run or recorded, so the
   * client sends it again after that one and the changes apply in queue order. This session's earlier frames have
   * all been handled (session-queue.ts), so a predecessor sent on it has committed by now or never will here.
   */
  async function tooEarly(key: DestinationName, frame: StompSendFrame, user: HandlerUser | undefined): Promise<{ code: ErrorCodeValue; message: string } | undefined> {
    const after = frame.headers[AFTER_MSG_ID_HEADER];
    if (after === undefined || !isMutation(key) || !user) return undefined;
    if (!isValidClientMsgId(after)) return { code: ErrorCode.BAD_REQUEST, message: ServerMessages.invalidKey(AFTER_MSG_ID_HEADER, CLIENT_MSG_ID_MAX) };
    const recorded = await isRecorded(services.db, { userId: user.id, clientMsgId: after });
    return recorded ? undefined : { code: ErrorCode.TOO_EARLY, message: ServerMessages.tooEarly(AFTER_MSG_ID_HEADER) };
  }

  return {
    // CONNECT and SUBSCRIBE may carry the token too: knowing the user early lets pushes reach a tablet that
    // has not sent anything yet. Neither is refused without one: an anonymous session must reach login. Before
    // sign-in only the spec's topics may be subscribed: the app subscribes to all of them before it signs in, and
    // an anonymous session is sent nothing but the answers to its own SENDs.
    // The protocol version first: a client the server cannot serve is refused before anything else (issue 32).
    async onConnect(session) {
      const connected = versions.admit(session);
      await authenticate(session, session.connectHeaders, true);
      return connected;
    },
    async onSubscribe(session, destination, headers) {
      const user = await authenticate(session, headers);
      const anonymous = !user && session.principal === undefined;
      if (anonymous && topicNameOf(destination) === undefined) throw new Error(ServerMessages.signInFirst(destination));
    },
    onClose(session) {
      push.detach(session);
    },
    async onSend(session, frame) {
      const { clientMsgId, answer, refuse } = answerer(session, frame);
      const key = KEY_BY_PATH.get(frame.destination);
      if (!key) return void refuse('errors', ErrorCode.NOT_FOUND, ServerMessages.unknownDestination(frame.destination));
      const route = served.get(key);
      if (!route) return void refuse('errors', ErrorCode.NOT_FOUND, ServerMessages.notYetServed(frame.destination));

      // An entry written in an older protocol version is read as today's payload; one the server cannot read waits.
      const read = versions.read(session, key, frame);
      if ('refusal' in read) return void refuse('incomingMessages', ErrorCode.UPGRADE_REQUIRED, read.refusal);
      const user = await signedIn(session, frame.headers);
      const handler = bind(route, session, read.body === frame.body ? frame : { ...frame, body: read.body }, user);
      if (!handler) return void refuse('errors', ErrorCode.UNAUTHORIZED, ServerMessages.unauthorized);
      // Login's client waits on loginResponse, where every refusal is `{message}` (the contract says so).
      if (!handler.ok && contract[key].reply.topic === 'loginResponse') return void answer('loginResponse', { message: handler.message });
      if (!handler.ok) return void refuse('incomingMessages', ErrorCode.BAD_REQUEST, handler.message);
      if (isMutation(key) && clientMsgId !== undefined && !isValidClientMsgId(clientMsgId)) {
        return void refuse('incomingMessages', ErrorCode.BAD_REQUEST, ServerMessages.invalidKey(CLIENT_MSG_ID_HEADER, CLIENT_MSG_ID_MAX));
      }

      let result: HandlerResult;
      try {
        const early = await tooEarly(key, frame, user);
        if (early !== undefined) return void refuse('incomingMessages', early.code, early.message);
        result = await handler.run(transaction(key, frame, clientMsgId, user), services.db);
      } catch (error) {
        logger.error({ err: error, destination: frame.destination, session: session.id }, 'handler failed');
        return void refuse('incomingMessages', ErrorCode.INTERNAL_SERVER_ERROR, ServerMessages.internalError);
      }
      if (!user) await signInByLoginReply(session, result.replies);
      // After commit: the sender's replies first, then the same change to the owner's other sessions and admins.
      for (const { topic, body } of result.replies) answer(topic, body);
      for (const { owner, topic, body } of result.pushes ?? []) {
        await push.publish({ owner, topic, body: JSON.stringify(body), exceptSessionId: session.id })
          .catch((error: unknown) => logger.error({ err: error, topic, owner }, 'push failed'));
      }
    },
  };
}

/** A prepared handler with its context bound: what is left is where it runs. */
type Bound = { ok: true; run(transact: Transact, outside: DbOrTx): Promise<HandlerResult> } | { ok: false; message: string };

function onContext<C>(prepared: Prepared<C>, context: (db: DbOrTx) => C): Bound {
  return prepared.ok ? { ok: true, run: (transact, outside) => prepared.run(context, transact, outside) } : prepared;
}
