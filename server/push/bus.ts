// The push bus (DESIGN §5): a changed lot, box or catalogue entry reaches its owner's other sessions and every admin's
// session, wherever they are connected. The router publishes a handler's pushes here after commit and never delivers
// them to sessions itself, so the transport between processes can change without touching handlers or the router.
//
// Today's implementation is in-process (./in-process.ts): one server, its own sessions. Across processes
// (DATABASE_URL, several servers behind a load balancer) a PostgreSQL one would take its place: `publish` runs
// `select pg_notify('lotdesk_push', json)` (a body over NOTIFY's 8000-byte limit goes in a table row and the
// notification names it), and each process LISTENs on one dedicated connection and hands every notification to an
// InProcessPushBus of its own sessions, whose `deliver` skips `exceptSessionId` (session ids are UUIDs, unique across
// processes). attach/detach stay local. It would be built in createServices from the config; nothing else changes.
//
// Revocation (DESIGN §5): the bus knows which user each session belongs to, so it is where a user's sessions are
// closed (closeSessionsOf: a removed account, a changed password or role) and where a session whose token has
// expired stops hearing anything (checked before every delivery, and at the expiry itself): such a session is told
// once, UNAUTHORIZED on its errors topic, as the client expects of a token that no longer works. Across processes
// each process closes its own sessions: the token check (server/auth/token-check.ts) calls closeSessionsOf here
// when it learns of the change.
import type { TopicName } from '../../src/protocol/topics';
import type { VerifiedUser } from '../auth/tokens';

/** A live session the bus can deliver to (a STOMP session is one). */
export interface PushSession {
  readonly id: string;
  /** MESSAGE to this session's subscriptions of `destination`; returns how many matched. */
  deliver(destination: string, body: string): number;
  /** Ends the connection (the client reconnects and must sign in again). */
  close(): void;
}

export interface PushChange {
  /** Whose change it is: that user's sessions hear of it, and every admin's. */
  owner: string;
  topic: TopicName;
  /** The message body as JSON text, exactly as delivered. */
  body: string;
  /** The sending session, which has its reply already. */
  exceptSessionId?: string;
}

export interface PushBus {
  /** This process's session belongs to `user` from now on (the latest authenticated frame says so), until its
   *  token expires. */
  attach(session: PushSession, user: VerifiedUser): void;
  /** The session has closed. */
  detach(session: PushSession): void;
  /** Tells each of this process's sessions of `username` (any case) that its sign-in no longer holds, and closes it,
   *  except those `keep` accepts (e.g. a token of the current version). Returns how many were closed. */
  closeSessionsOf(username: string, keep?: (user: VerifiedUser) => boolean): number;
  /** The users with a session in this process (each once). */
  usernames(): string[];
  /** Sends the change to every session of its owner and of any admin, except the sender's and those whose token
   *  has expired. Never throws for a session that is gone. */
  publish(change: PushChange): Promise<void>;
  /** Stops delivering (a cross-process bus closes its connection here). */
  close(): Promise<void>;
}
