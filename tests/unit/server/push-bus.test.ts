// The in-process push bus: a change reaches the owner's other devices and every admin, never other users or the sender.
import { describe, expect, it } from 'vitest';
import { InProcessPushBus, type PushSession } from '../../../server/push';

function fakeSession(id: string): PushSession & { received: string[] } {
  const received: string[] = [];
  return {
    id,
    received,
    deliver(destination, body) {
      received.push(`${destination} ${body}`);
      return 1;
    },
  };
}

describe('InProcessPushBus', () => {
  it("delivers to the owner's other sessions and to admins, not to the sender or other users", async () => {
    const bus = new InProcessPushBus();
    const aliceTablet = fakeSession('a1');
    const alicePhone = fakeSession('a2');
    const bob = fakeSession('b');
    const admin = fakeSession('adm');
    bus.attach(aliceTablet, { username: 'alice', roles: ['ROLE_USER'] });
    bus.attach(alicePhone, { username: 'alice', roles: ['ROLE_USER'] });
    bus.attach(bob, { username: 'bob', roles: ['ROLE_USER'] });
    bus.attach(admin, { username: 'admin', roles: ['ROLE_USER', 'ROLE_ADMIN'] });

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
    bus.attach(phone, { username: 'alice', roles: ['ROLE_USER'] });
    bus.detach(phone);
    expect(bus.deliver({ owner: 'alice', topic: 'lots', body: '[]' })).toBe(0);

    bus.attach(phone, { username: 'alice', roles: ['ROLE_USER'] });
    bus.attach(phone, { username: 'bob', roles: ['ROLE_USER'] });
    expect(bus.deliver({ owner: 'alice', topic: 'lots', body: '[]' })).toBe(0);
    expect(bus.deliver({ owner: 'bob', topic: 'lots', body: '[]' })).toBe(1);
  });
});
