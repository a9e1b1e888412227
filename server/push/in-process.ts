// The push bus for one process: which user each live session belongs to, and delivery to the owner's and the
// admins' sessions (DESIGN §5). A session's user is the one its latest authenticated frame proved, for as long as
// that frame's token lasts: at its expiry the session is told (UNAUTHORIZED on its errors topic) and hears no more.
import { ErrorCode } from '../../src/protocol/error-codes';
import { errorEnvelope } from '../../src/protocol/envelope';
import { ServerMessages } from '../../src/protocol/messages';
import { Topic, USER_TOPIC_PREFIX } from '../../src/protocol/topics';
import { isAdmin, type VerifiedUser } from '../auth/tokens';
import type { PushBus, PushChange, PushSession } from './bus';

/** setTimeout's ceiling (about 24.8 days): a later expiry is left to the check before each delivery. */
const MAX_TIMER_MS = 2 ** 31 - 1;

interface Attached {
  user: VerifiedUser;
  /** Fires at the token's expiry. */
  expiry: NodeJS.Timeout | undefined;
}

const sameUser = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

export class InProcessPushBus implements PushBus {
  private readonly sessions = new Map<PushSession, Attached>();

  constructor(private readonly now: () => number = Date.now) {}

  async start(): Promise<void> {}

  attach(session: PushSession, user: VerifiedUser): void {
    const attached = this.sessions.get(session);
    // Every authenticated frame attaches again; the timer is remade only when the token changed.
    if (attached && attached.user.expiresAt === user.expiresAt) return void (attached.user = user);
    this.detach(session);
    if (user.expiresAt <= this.now()) return this.tell(session, ServerMessages.sessionExpired);
    this.sessions.set(session, { user, expiry: this.expiryTimer(session, user.expiresAt) });
  }

  detach(session: PushSession): void {
    clearTimeout(this.sessions.get(session)?.expiry);
    this.sessions.delete(session);
  }

  closeSessionsOf(username: string, keep: (user: VerifiedUser) => boolean = () => false): number {
    let closed = 0;
    for (const [session, { user }] of [...this.sessions]) {
      if (!sameUser(user.username, username) || keep(user)) continue;
      this.detach(session);
      this.tell(session, ServerMessages.sessionRevoked);
      session.close();
      closed += 1;
    }
    return closed;
  }

  usernames(): string[] {
    return [...new Set([...this.sessions.values()].map(({ user }) => user.username))];
  }

  async publish(change: PushChange): Promise<void> {
    this.deliver(change);
  }

  /** Delivers to this process's sessions now; returns how many subscriptions got the message. */
  deliver({ owner, topic, body, exceptSessionId }: PushChange): number {
    let delivered = 0;
    for (const [session, { user }] of [...this.sessions]) {
      if (session.id === exceptSessionId || (user.username !== owner && !isAdmin(user))) continue;
      // The timer may not have fired yet (a busy event loop): the token's own expiry decides.
      if (user.expiresAt <= this.now()) this.expire(session);
      else delivered += session.deliver(`${USER_TOPIC_PREFIX}${topic}`, body);
    }
    return delivered;
  }

  async close(): Promise<void> {
    for (const session of [...this.sessions.keys()]) this.detach(session);
  }

  private expiryTimer(session: PushSession, expiresAt: number): NodeJS.Timeout | undefined {
    const delay = Math.max(0, expiresAt - this.now());
    if (delay > MAX_TIMER_MS) return undefined;
    const timer = setTimeout(() => this.expire(session), delay);
    timer.unref(); // never the reason the process stays up
    return timer;
  }

  /** The token ran out: no more pushes, and the client learns it must sign in again. */
  private expire(session: PushSession): void {
    if (!this.sessions.has(session)) return;
    this.detach(session);
    this.tell(session, ServerMessages.sessionExpired);
  }

  private tell(session: PushSession, message: string): void {
    session.deliver(Topic.errors, JSON.stringify(errorEnvelope(ErrorCode.UNAUTHORIZED, message)));
  }
}
