// The STOMP application: destination → handler. It authenticates each SEND (its own bearer header, else the
// CONNECT one), validates the payload with the shared schema, runs the handler — a mutation exactly once, in one
// transaction (./exactly-once.ts) — and delivers its replies after commit, then its pushes.
// It never answers a request with an ERROR frame: refusals are envelopes (DESIGN §5). Every message answering a
// SEND that carried client-msg-id repeats that header, so the outbox knows which entry it answers (DESIGN §4).
import { CLIENT_MSG_ID_HEADER, CLIENT_MSG_ID_MAX, REQUEST_ID_HEADER } from '../../src/protocol/auth';
import { Destination, type DestinationName } from '../../src/protocol/destinations';
import { contract, isMutation, parsePayload } from '../../src/protocol/contract';
import { ErrorCode, type ErrorCodeValue } from '../../src/protocol/error-codes';
import { errorEnvelope } from '../../src/protocol/envelope';
import { USER_TOPIC_PREFIX, type TopicName } from '../../src/protocol/topics';
import { bearerToken, type AuthUser } from '../auth/tokens';
import { withAccount } from '../auth/users';
import type { Handler, HandlerMap, HandlerResult, HandlerUser } from '../handlers/types';
import type { Tx } from '../db';
import { invalidKeyMessage } from '../db/dedup';
import type { Services } from '../services';
import { isValidClientMsgId, runMutation } from './exactly-once';
import type { StompApplication, StompSendFrame, StompSession } from './types';
import { UserSessions } from './user-sessions';
import { ServerMessages } from '../../src/protocol/messages';

const KEY_BY_PATH = new Map<string, DestinationName>(
  (Object.entries(Destination) as Array<[DestinationName, string]>).map(([key, path]) => [path, key]),
);

export interface Router extends StompApplication {
  readonly userSessions: UserSessions;
}

export function createRouter(handlers: HandlerMap, services: Services): Router {
  const userSessions = new UserSessions();
  const { logger } = services;

  async function authenticate(session: StompSession, headers: Readonly<Record<string, string>>): Promise<AuthUser | undefined> {
    const token = bearerToken(headers) ?? bearerToken(session.connectHeaders);
    const user = token ? await services.tokens.verify(token) : undefined;
    if (user) userSessions.track(session, user);
    return user;
  }

  /** The token's user with the account id; undefined when the token is invalid or the account is gone. */
  async function signedIn(session: StompSession, headers: Readonly<Record<string, string>>): Promise<HandlerUser | undefined> {
    return withAccount(services.users, await authenticate(session, headers));
  }

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

  /** One transaction; exactly once per (user, client-msg-id) when the SEND names its outbox entry. */
  async function mutate(frame: StompSendFrame, clientMsgId: string | undefined, user: HandlerUser | undefined, run: (tx: Tx) => Promise<HandlerResult>) {
    const dedup = user && clientMsgId !== undefined ? { userId: user.id, clientMsgId } : undefined;
    const { result, replayed } = await runMutation(services.db, dedup, run);
    if (replayed) logger.info({ destination: frame.destination, clientMsgId }, 'replayed a recorded mutation');
    return result;
  }

  return {
    userSessions,
    // CONNECT and SUBSCRIBE may carry the token too: knowing the user early lets pushes reach a tablet that
    // has not sent anything yet. Neither is refused without one: an anonymous session must reach login.
    async onConnect(session) {
      await authenticate(session, session.connectHeaders);
    },
    async onSubscribe(session, _destination, headers) {
      await authenticate(session, headers);
    },
    onClose(session) {
      userSessions.forget(session);
    },
    async onSend(session, frame) {
      const { clientMsgId, answer, refuse } = answerer(session, frame);
      const key = KEY_BY_PATH.get(frame.destination);
      if (!key) return void refuse('errors', ErrorCode.NOT_FOUND, `Unknown destination: ${frame.destination}`);
      // Each key's handler takes that key's payload; the map type cannot say so per key, hence the widening.
      const handler = handlers[key] as Handler<DestinationName> | undefined;
      if (!handler) return void refuse('errors', ErrorCode.NOT_FOUND, `Destination not yet served: ${frame.destination}`);

      const user = await signedIn(session, frame.headers);
      if (handler.access !== 'public' && !user) return void refuse('errors', ErrorCode.UNAUTHORIZED, ServerMessages.unauthorized);
      const payload = parsePayload(key, frame.body);
      // Login's client waits on loginResponse, where every refusal is `{message}` (the contract says so).
      if (!payload.ok && contract[key].reply.topic === 'loginResponse') return void answer('loginResponse', { message: payload.message });
      if (!payload.ok) return void refuse('incomingMessages', ErrorCode.BAD_REQUEST, payload.message);
      const mutation = isMutation(key);
      if (mutation && clientMsgId !== undefined && !isValidClientMsgId(clientMsgId)) {
        return void refuse('incomingMessages', ErrorCode.BAD_REQUEST, invalidKeyMessage(CLIENT_MSG_ID_HEADER));
      }

      let result: HandlerResult;
      try {
        const context = { user, services, sessionId: session.id };
        result = mutation
          ? await mutate(frame, clientMsgId, user, (tx) => handler.handle({ ...context, db: tx }, payload.value))
          : await handler.handle({ ...context, db: services.db }, payload.value);
      } catch (error) {
        logger.error({ err: error, destination: frame.destination, session: session.id }, 'handler failed');
        return void refuse('incomingMessages', ErrorCode.INTERNAL_SERVER_ERROR, 'Internal server error. Please try again.');
      }
      // After commit: the sender's replies first, then the same change to the owner's other sessions and admins.
      for (const { topic, body } of result.replies) answer(topic, body);
      for (const { owner, topic, body } of result.pushes ?? []) userSessions.push(owner, topic, JSON.stringify(body), session);
    },
  };
}
