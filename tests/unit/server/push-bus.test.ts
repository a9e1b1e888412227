// The in-process push bus: a change reaches the owner's other devices and every admin, never other users or the sender;
// a session whose token has expired hears nothing more and is told why; a user's sessions can be closed at once.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorEnvelope } from '../../../src/protocol/envelope';
import { ErrorCode } from '../../../src/protocol/error-codes';
import { ServerMessages } from '../../../src/protocol/messages';
import type { VerifiedUser } from '../../../server/auth/tokens';
import { InProcessPushBus, type PushSession } from '../../../server/push';

const HOUR = 3_600_000;

function fakeSession(id: string): PushSession & { received: string[]; closed: boolean } {
  const received: string[] = [];
  return {
    id,
    received,
    closed: false,
    deliver(destination, body) {
      received.push(`${destination} ${body}`);
      return 1;
    },
    close() {
      this.closed = true;
    },
  };
}

const user = (username: string, { admin = false, expiresAt = Date.now() + HOUR, tokenVersion = 0 } = {}): VerifiedUser => ({
  username,
  roles: admin ? ['ROLE_USER', 'ROLE_ADMIN'] : ['ROLE_USER'],
  tokenVersion,
  issuedAt: expiresAt - HOUR,
  expiresAt,
});

/** What the client reads on its errors topic: UNAUTHORIZED, so it signs in again. */
const told = (message: string) => `/user/topics/errors ${JSON.stringify(errorEnvelope(ErrorCode.UNAUTHORIZED, message))}`;

afterEach(() => {
  vi.useRealTimers();
});

describe('InProcessPushBus', () => {
  it("delivers to the owner's other sessions and to admins, not to the sender or other users", async () => {
    const bus = new InProcessPushBus();
    const aliceTablet = fakeSession('a1');
    const alicePhone = fakeSession('a2');
    const bob = fakeSession('b');
    const admin = fakeSession('adm');
    bus.attach(aliceTablet, user('alice'));
    bus.attach(alicePhone, user('alice'));
    bus.attach(bob, user('bob'));
    bus.attach(admin, user('admin', { admin: true }));

    expect(bus.deliver({ owner: 'alice', topic: 'lots', body: '[]', exceptSessionId: 'a1' })).toBe(2);
    expect(aliceTablet.received).toEqual([]);
    expect(alicePhone.received).toEqual(['/user/topics/lots []']);
    expect(admin.received).toEqual(['/user/topics/lots []']);
    expect(bob.received).toEqual([]);

    await bus.publish({ owner: 'bob', topic: 'incomingMessages', body: '{}' });
    expect(bob.received).toEqual(['/user/topics/incomingMessages {}']);
    expect(admin.received).toHaveLength(2);
    expect(alicePhone.received).toHaveLength(1);
  });

  it('forgets a closed session, and a re-attached session belongs to its latest user', () => {
    const bus = new InProcessPushBus();
    const phone = fakeSession('p');
    bus.attach(phone, user('alice'));
    bus.detach(phone);
    expect(bus.deliver({ owner: 'alice', topic: 'lots', body: '[]' })).toBe(0);

    bus.attach(phone, user('alice'));
    bus.attach(phone, user('bob'));
    expect(bus.deliver({ owner: 'alice', topic: 'lots', body: '[]' })).toBe(0);
    expect(bus.deliver({ owner: 'bob', topic: 'lots', body: '[]' })).toBe(1);
  });

  it('stops delivering to a session when its token expires and tells it once, UNAUTHORIZED on errors', () => {
    vi.useFakeTimers();
    const bus = new InProcessPushBus();
    const admin = fakeSession('adm');
    bus.attach(admin, user('admin', { admin: true, expiresAt: Date.now() + 60_000 }));
    expect(bus.deliver({ owner: 'alice', topic: 'lots', body: '[]' })).toBe(1);

    vi.advanceTimersByTime(60_000);
    expect(bus.deliver({ owner: 'alice', topic: 'lots', body: '[]' })).toBe(0);
    expect(admin.received).toEqual(['/user/topics/lots []', told(ServerMessages.sessionExpired)]);
    expect(admin.closed).toBe(false);
  });

  it('checks the expiry before delivering even when the expiry timer has not run yet', () => {
    let now = 1_000_000;
    const bus = new InProcessPushBus(() => now);
    const phone = fakeSession('p');
    bus.attach(phone, user('alice', { expiresAt: now + 1000 }));
    now += 1000;
    expect(bus.deliver({ owner: 'alice', topic: 'lots', body: '[]' })).toBe(0);
    expect(phone.received).toEqual([told(ServerMessages.sessionExpired)]);
    bus.attach(phone, user('alice', { expiresAt: now + HOUR }));
    expect(bus.deliver({ owner: 'alice', topic: 'lots', body: '[]' })).toBe(1);
  });

  it("closes a user's sessions (any case of the name), telling each, except those it is asked to keep", () => {
    const bus = new InProcessPushBus();
    const [old, renewed, bob] = [fakeSession('old'), fakeSession('new'), fakeSession('b')];
    bus.attach(old, user('Alice', { tokenVersion: 0 }));
    bus.attach(renewed, user('alice', { tokenVersion: 1 }));
    bus.attach(bob, user('bob'));
    expect(bus.usernames().sort()).toEqual(['Alice', 'alice', 'bob']);

    expect(bus.closeSessionsOf('ALICE', (kept) => kept.tokenVersion === 1)).toBe(1);
    expect([old.closed, renewed.closed, bob.closed]).toEqual([true, false, false]);
    expect(old.received).toEqual([told(ServerMessages.sessionRevoked)]);
    expect(bus.deliver({ owner: 'alice', topic: 'lots', body: '[]' })).toBe(1);

    expect(bus.closeSessionsOf('alice')).toBe(1);
    expect(bus.usernames()).toEqual(['bob']);
  });
});
