// The STOMP application: destination → handler. It authenticates each SEND (its own bearer header, else the
// CONNECT one), validates the payload with the shared schema, runs the handler and delivers its replies.
// It never answers a request with an ERROR frame: refusals are envelopes (DESIGN §5).
import { Destination, type DestinationName } from '../../src/protocol/destinations';
import { contract, parsePayload } from '../../src/protocol/contract';
import { ErrorCode, type ErrorCodeValue } from '../../src/protocol/error-codes';
import { errorEnvelope } from '../../src/protocol/envelope';
import { Topic, USER_TOPIC_PREFIX } from '../../src/protocol/topics';
import { bearerToken, type AuthUser } from '../auth/tokens';
import type { Handler, HandlerMap, HandlerResult } from '../handlers/types';
import type { Services } from '../services';
import type { StompApplication, StompSession } from './types';
import { UserSessions } from './user-sessions';

const KEY_BY_PATH = new Map<string, DestinationName>(
  (Object.entries(Destination) as Array<[DestinationName, string]>).map(([key, path]) => [path, key]),
);

export interface Router extends StompApplication {
  readonly userSessions: UserSessions;
}

export function createRouter(handlers: HandlerMap, services: Services): Router {
  const userSessions = new UserSessions();
  const { logger } = services;

  const refuse = (session: StompSession, code: ErrorCodeValue, message: string) =>
    session.deliver(Topic.errors, JSON.stringify(errorEnvelope(code, message)));

  function refuseRequest(session: StompSession, key: DestinationName, message: string) {
    // Login's client waits on loginResponse, where every refusal is `{message}` (the contract says so).
    if (contract[key].reply.topic === 'loginResponse') return session.deliver(Topic.loginResponse, JSON.stringify({ message }));
    return session.deliver(Topic.incomingMessages, JSON.stringify(errorEnvelope(ErrorCode.BAD_REQUEST, message)));
  }

  async function authenticate(session: StompSession, headers: Readonly<Record<string, string>>): Promise<AuthUser | undefined> {
    const token = bearerToken(headers) ?? bearerToken(session.connectHeaders);
    const user = token ? await services.tokens.verify(token) : undefined;
    if (user) userSessions.track(session, user);
    return user;
  }

  function deliver(session: StompSession, result: HandlerResult): void {
    for (const { topic, body } of result.replies) session.deliver(`${USER_TOPIC_PREFIX}${topic}`, JSON.stringify(body));
    for (const { owner, topic, body } of result.pushes ?? []) userSessions.push(owner, topic, JSON.stringify(body), session);
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
      const key = KEY_BY_PATH.get(frame.destination);
      if (!key) return void refuse(session, ErrorCode.NOT_FOUND, `Unknown destination: ${frame.destination}`);
      // Each key's handler takes that key's payload; the map type cannot say so per key, hence the widening.
      const handler = handlers[key] as Handler<DestinationName> | undefined;
      if (!handler) return void refuse(session, ErrorCode.NOT_FOUND, `Destination not yet served: ${frame.destination}`);

      const user = await authenticate(session, frame.headers);
      if (handler.access !== 'public' && !user) {
        return void refuse(session, ErrorCode.UNAUTHORIZED, 'Unauthorized: sign in again.');
      }
      const payload = parsePayload(key, frame.body);
      if (!payload.ok) return void refuseRequest(session, key, payload.message);
      try {
        deliver(session, await handler.handle({ user, services, sessionId: session.id }, payload.value));
      } catch (error) {
        logger.error({ err: error, destination: frame.destination, session: session.id }, 'handler failed');
        const envelope = errorEnvelope(ErrorCode.INTERNAL_SERVER_ERROR, 'Internal server error. Please try again.');
        session.deliver(Topic.incomingMessages, JSON.stringify(envelope));
      }
    },
  };
}
