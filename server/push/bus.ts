// The push bus (DESIGN §5): a changed lot, box or catalogue entry reaches its owner's other sessions and every admin's
// session, wherever they are connected. The router publishes a handler's pushes here after commit and never delivers
// them to sessions itself, so the transport between processes can change without touching handlers or the router.
//
// Two implementations: in-process (./in-process.ts: one server, its own sessions; the embedded database) and, on
// PostgreSQL, ./postgres.ts: each process delivers to its own sessions and tells the others through LISTEN/NOTIFY
// (the notification names a row of push_messages; the receiver reads it and applies the same rule to its sessions).
// createServices chooses by the database; nothing else knows which one runs.
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
  /** Ready to carry pushes (a cross-process bus listens first); awaited before the server takes connections. */
  start(): Promise<void>;
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
   *  has expired: this process's sessions have it when the promise resolves, other processes' soon after. Never
   *  throws for a session that is gone. */
  publish(change: PushChange): Promise<void>;
  /** Stops delivering (a cross-process bus closes its connection here). */
  close(): Promise<void>;
}
