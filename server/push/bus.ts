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
import type { TopicName } from '../../src/protocol/topics';
import type { AuthUser } from '../auth/tokens';

/** A live session the bus can deliver to (a STOMP session is one). */
export interface PushSession {
  readonly id: string;
  /** MESSAGE to this session's subscriptions of `destination`; returns how many matched. */
  deliver(destination: string, body: string): number;
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
  /** This process's session belongs to `user` from now on (the latest authenticated frame says so). */
  attach(session: PushSession, user: AuthUser): void;
  /** The session has closed. */
  detach(session: PushSession): void;
  /** Sends the change to every session of its owner and of any admin, except the sender's. Never throws for a
   *  session that is gone. */
  publish(change: PushChange): Promise<void>;
  /** Stops delivering (a cross-process bus closes its connection here). */
  close(): Promise<void>;
}
