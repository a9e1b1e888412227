// Which user each live session belongs to, so a change can be pushed to the owner's other devices and to
// admins (DESIGN §5). A session's user is the one its latest authenticated frame proved.
import { USER_TOPIC_PREFIX, type TopicName } from '../../src/protocol/topics';
import { isAdmin, type AuthUser } from '../auth/tokens';
import type { StompSession } from './types';

export class UserSessions {
  private readonly users = new Map<StompSession, AuthUser>();

  track(session: StompSession, user: AuthUser): void {
    this.users.set(session, user);
  }

  forget(session: StompSession): void {
    this.users.delete(session);
  }

  /** Deliver to every session of `owner` and of any admin, except `except` (the sender already has its reply). */
  push(owner: string, topic: TopicName, body: string, except?: StompSession): number {
    let delivered = 0;
    for (const [session, user] of this.users) {
      if (session === except) continue;
      if (user.username === owner || isAdmin(user)) {
        delivered += session.deliver(`${USER_TOPIC_PREFIX}${topic}`, body);
      }
    }
    return delivered;
  }
}
