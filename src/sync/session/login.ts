// Signing in over the live channel (spec §2 Login, §5): SEND /app/login, read the reply on loginResponse,
// accept only a token that passes the validity check, and keep the pending/error state the Login card shows.
import { LoginResponseSchema, type LoginRequest } from '../../protocol/auth';
import { Destination } from '../../protocol/destinations';
import { ClientMessages } from '../../protocol/messages';
import { Topic } from '../../protocol/topics';
import type { Connection } from '../transport/connection';
import type { Session } from './session';
import { createStore, type Readable } from '../store';
import { isTokenValid } from './token';

export const INVALID_CREDENTIALS = 'Invalid credentials'; // spec §5/§8: a reply with no token and no message
export const INVALID_TOKEN = 'Invalid credentials or token'; // spec §5/§8: a token that fails the check

/**
 * How long a sent login waits for its reply. A socket that died without a close (Wi-Fi gone and back) takes the
 * heart-beats' ~20 s to be noticed; a login sent into it would wait that long in silence. Past this the person is
 * told and the connection is opened afresh, so the next try goes out on a live socket. Well above a slow scrypt.
 */
export const LOGIN_ANSWER_MS = 15_000;

export type LoginOutcome = { readonly token: string } | { readonly error: string };

/** What a loginResponse body means for the user (pure; spec §5). */
export function interpretLoginResponse(body: unknown, nowMs: number): LoginOutcome {
  const reply = LoginResponseSchema.safeParse(body);
  if (!reply.success) return { error: INVALID_CREDENTIALS };
  if ('jwt' in reply.data) {
    return isTokenValid(reply.data.jwt, nowMs) ? { token: reply.data.jwt } : { error: INVALID_TOKEN };
  }
  return { error: reply.data.message || INVALID_CREDENTIALS };
}

export interface LoginState {
  /** A request went out and its reply has not come back (the Login button waits). */
  readonly pending: boolean;
  /** The red alert text; '' when there is nothing to say. */
  readonly error: string;
}

export interface Login extends Readable<LoginState> {
  /** Sends the credentials; false when nothing could be sent (not connected). */
  readonly submit: (request: LoginRequest) => boolean;
  /** Listens on loginResponse and forgets a pending request when the connection drops; returns stop. */
  readonly start: () => () => void;
}

const IDLE: LoginState = { pending: false, error: '' };

export function createLogin(connection: Connection, session: Session, now: () => number = Date.now): Login {
  const store = createStore<LoginState>(IDLE);
  let noAnswer: ReturnType<typeof setTimeout> | undefined;
  /** The credentials of the sign-in waiting for its answer, kept only until it comes (to send again, below). */
  let waiting: LoginRequest | undefined;
  /** Whether `waiting` went out on a connection that has since dropped. */
  let lost = false;
  const settle = (state: LoginState): void => {
    clearTimeout(noAnswer);
    noAnswer = undefined;
    waiting = undefined;
    lost = false;
    store.set(state);
  };

  const onReply = (body: unknown): void => {
    const outcome = interpretLoginResponse(body, now());
    if ('token' in outcome && session.login(outcome.token)) {
      settle(IDLE);
      return;
    }
    settle({ pending: false, error: 'error' in outcome ? outcome.error : INVALID_TOKEN });
  };

  return {
    get: store.get,
    subscribe: store.subscribe,
    submit(request) {
      const sent = connection.publish(Destination.login, request);
      settle({ pending: sent, error: '' });
      if (sent) {
        waiting = request;
        noAnswer = setTimeout(() => {
          settle({ pending: false, error: ClientMessages.loginNoAnswer });
          void connection.restart();
        }, LOGIN_ANSWER_MS);
      }
      return sent;
    },
    start() {
      const stopReplies = connection.subscribe(Topic.loginResponse, onReply);
      // A reply cannot arrive on a new connection for a request sent on the old one: the person pressed Login once,
      // so it goes again as soon as the connection is back (within the same wait for an answer), never forgotten
      // in silence.
      const stopWatching = connection.watch(() => {
        if (waiting === undefined) return;
        if (connection.getSnapshot().state === 'loading') lost = true;
        else if (lost) {
          lost = false;
          if (!connection.publish(Destination.login, waiting)) lost = true;
        }
      });
      return () => {
        clearTimeout(noAnswer);
        stopReplies();
        stopWatching();
      };
    },
  };
}
