// The push bus for one process: which user each live session belongs to, and delivery to the owner's and the
// admins' sessions (DESIGN §5). A session's user is the one its latest authenticated frame proved.
import { USER_TOPIC_PREFIX } from '../../src/protocol/topics';
import { isAdmin, type AuthUser } from '../auth/tokens';
import type { PushBus, PushChange, PushSession } from './bus';

export class InProcessPushBus implements PushBus {
  private readonly users = new Map<PushSession, AuthUser>();

  attach(session: PushSession, user: AuthUser): void {
    this.users.set(session, user);
  }

  detach(session: PushSession): void {
    this.users.delete(session);
  }

  async publish(change: PushChange): Promise<void> {
    this.deliver(change);
  }

  /** Delivers to this process's sessions now; returns how many subscriptions got the message. */
  deliver({ owner, topic, body, exceptSessionId }: PushChange): number {
    let delivered = 0;
    for (const [session, user] of this.users) {
      if (session.id === exceptSessionId) continue;
      if (user.username === owner || isAdmin(user)) delivered += session.deliver(`${USER_TOPIC_PREFIX}${topic}`, body);
    }
    return delivered;
  }

  async close(): Promise<void> {
    this.users.clear();
  }
}
