// UserSessions: a change reaches the owner's other devices and every admin, never other users or the sender.
import { describe, expect, it } from 'vitest';
import { UserSessions } from '../../../server/stomp/user-sessions';
import type { StompSession } from '../../../server/stomp/types';

function fakeSession(id: string): StompSession & { received: string[] } {
  const received: string[] = [];
  return {
    id,
    connectHeaders: {},
    remoteAddress: undefined,
    received,
    deliver(destination, body) {
      received.push(`${destination} ${body}`);
      return 1;
    },
    isSubscribed: () => true,
    close: () => undefined,
  };
}

describe('UserSessions.push', () => {
  it("delivers to the owner's other sessions and to admins, not to the sender or other users", () => {
    const sessions = new UserSessions();
    const aliceTablet = fakeSession('a1');
    const alicePhone = fakeSession('a2');
    const bob = fakeSession('b');
    const admin = fakeSession('adm');
    sessions.track(aliceTablet, { username: 'alice', roles: ['ROLE_USER'] });
    sessions.track(alicePhone, { username: 'alice', roles: ['ROLE_USER'] });
    sessions.track(bob, { username: 'bob', roles: ['ROLE_USER'] });
    sessions.track(admin, { username: 'admin', roles: ['ROLE_USER', 'ROLE_ADMIN'] });

    expect(sessions.push('alice', 'lots', '[]', aliceTablet)).toBe(2);
    expect(aliceTablet.received).toEqual([]);
    expect(alicePhone.received).toEqual(['/user/topics/lots []']);
    expect(admin.received).toEqual(['/user/topics/lots []']);
    expect(bob.received).toEqual([]);
  });

  it('forgets a closed session', () => {
    const sessions = new UserSessions();
    const phone = fakeSession('p');
    sessions.track(phone, { username: 'alice', roles: ['ROLE_USER'] });
    sessions.forget(phone);
    expect(sessions.push('alice', 'lots', '[]')).toBe(0);
  });
});
