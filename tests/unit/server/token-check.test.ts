// The per-frame token check: a token is honoured while its account exists with the token version it carries, known
// from an in-memory map, so frames cost no database reads; the map learns of changes at once from this process, on
// CONNECT, and within the interval from anywhere else, closing the sessions it no longer honours.
import { describe, expect, it } from 'vitest';
import { createTokenCheck } from '../../../server/auth/token-check';
import type { VerifiedUser } from '../../../server/auth/tokens';
import type { Account } from '../../../server/auth/users';
import { InProcessPushBus, type PushSession } from '../../../server/push';

const INTERVAL = 10_000;

/** The users table as the check sees it, counting the reads. */
function fakeAccounts(rows: Account[]) {
  const listeners: Array<(username: string) => void> = [];
  const store = {
    rows,
    reads: 0,
    async accounts(keys: readonly string[]) {
      store.reads += 1;
      return store.rows.filter((row) => keys.includes(row.username.toLowerCase()));
    },
    onChange(listener: (username: string) => void) {
      listeners.push(listener);
      return () => undefined;
    },
    /** This process changed the user (the repository's onChange). */
    changed: (username: string) => listeners.forEach((listener) => listener(username)),
  };
  return store;
}

function fakeSession(id: string): PushSession & { closed: boolean } {
  return {
    id,
    closed: false,
    deliver: () => 1,
    close() {
      this.closed = true;
    },
  };
}

const START = 1_000_000;
/** A token issued a minute before the test's clock starts, unless `issuedAt` says otherwise. */
const token = (username: string, tokenVersion = 0, { issuedAt = START - 60_000, accountId }: { issuedAt?: number; accountId?: number } = {}): VerifiedUser =>
  ({ username, roles: ['ROLE_USER'], tokenVersion, accountId, issuedAt, expiresAt: Date.now() + 3_600_000 });

function setUp(rows: Account[] = [{ id: 7, username: 'Alice', tokenVersion: 0 }]) {
  const clock = { now: START };
  const users = fakeAccounts(rows);
  const push = new InProcessPushBus();
  const check = createTokenCheck({ users, push, intervalMs: INTERVAL, logger: { warn: () => undefined, error: () => undefined }, now: () => clock.now });
  return { clock, users, push, check };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the token check', () => {
  it('admits a current token with the account id and attaches the session; a hundred frames cost one read', async () => {
    const { users, push, check } = setUp();
    const session = fakeSession('s');
    for (let frame = 0; frame < 100; frame += 1) expect(await check.admit(session, token('alice'))).toMatchObject({ username: 'alice', id: 7 });
    expect(users.reads).toBe(1);
    expect(push.usernames()).toEqual(['alice']);
  });

  it('refuses a token of an older version, of an account that is gone, and no token, attaching nothing', async () => {
    const { users, push, check } = setUp();
    users.rows[0] = { id: 7, username: 'Alice', tokenVersion: 2 };
    const session = fakeSession('s');
    expect(await check.admit(session, token('alice', 1))).toBeUndefined();
    expect(await check.admit(session, token('nobody'))).toBeUndefined();
    expect(await check.admit(session, undefined)).toBeUndefined();
    expect(push.usernames()).toEqual([]);
    expect(await check.admit(session, token('alice', 2))).toMatchObject({ id: 7 });
  });

  it('reads again on CONNECT (fresh) and once an entry is older than the interval', async () => {
    const { clock, users, check } = setUp();
    const session = fakeSession('s');
    await check.admit(session, token('alice'));
    await check.admit(session, token('alice'), { fresh: true });
    expect(users.reads).toBe(2);
    clock.now += INTERVAL - 1;
    await check.admit(session, token('alice'));
    expect(users.reads).toBe(2);
    clock.now += 1;
    await check.admit(session, token('alice'));
    expect(users.reads).toBe(3);
  });

  it('reads again for a refused token issued after the entry was read (a login after a change made elsewhere)', async () => {
    const { clock, users, check } = setUp();
    const session = fakeSession('s');
    await check.admit(session, token('alice'));
    users.rows[0] = { id: 7, username: 'Alice', tokenVersion: 1 }; // another process: password changed
    clock.now += 5_000;
    expect(await check.admit(session, token('alice', 1, { issuedAt: clock.now }))).toMatchObject({ id: 7 });
    expect(users.reads).toBe(2);
    // An old token that is refused causes no read: it was issued before what the map knows.
    expect(await check.admit(session, token('alice', 0))).toBeUndefined();
    expect(users.reads).toBe(2);
  });

  it('refuses a token naming another account id: a new account under a removed one\'s name', async () => {
    const { check } = setUp([{ id: 12, username: 'alice', tokenVersion: 0 }]);
    expect(await check.admit(fakeSession('s'), token('alice', 0, { accountId: 7 }))).toBeUndefined();
    expect(await check.admit(fakeSession('s'), token('alice', 0, { accountId: 12 }))).toMatchObject({ id: 12 });
  });

  it('never throws when the database cannot be read: what the map knows decides, nothing known is refused', async () => {
    const { clock, users, check } = setUp();
    await check.admit(fakeSession('s'), token('alice'));
    users.accounts = () => Promise.reject(new Error('connection refused'));
    clock.now += INTERVAL;
    expect(await check.admit(fakeSession('s'), token('alice'), { fresh: true })).toMatchObject({ id: 7 });
    expect(await check.admit(fakeSession('s'), token('bob'))).toBeUndefined();
  });

  it("closes the user's sessions at once when this process changes the account", async () => {
    const { users, check } = setUp();
    const [tablet, phone] = [fakeSession('t'), fakeSession('p')];
    await check.admit(tablet, token('alice'));
    await check.admit(phone, token('alice'));
    users.rows[0] = { id: 7, username: 'Alice', tokenVersion: 1 };
    users.changed('Alice');
    await settle();
    expect([tablet.closed, phone.closed]).toEqual([true, true]);
    expect(await check.admit(tablet, token('alice'))).toBeUndefined();
  });

  it("re-checks every signed-in user in one read, closing only the sessions whose tokens it no longer honours", async () => {
    const { users, check } = setUp([{ id: 7, username: 'alice', tokenVersion: 0 }, { id: 8, username: 'bob', tokenVersion: 0 }, { id: 9, username: 'carol', tokenVersion: 0 }]);
    const [alice, bob, carol] = [fakeSession('a'), fakeSession('b'), fakeSession('c')];
    await check.admit(alice, token('alice'));
    await check.admit(bob, token('bob'));
    await check.admit(carol, token('carol'));
    const before = users.reads;
    // Another process: bob's password changed, carol removed.
    users.rows = [{ id: 7, username: 'alice', tokenVersion: 0 }, { id: 8, username: 'bob', tokenVersion: 1 }];

    await check.recheck();
    expect(users.reads).toBe(before + 1);
    expect([alice.closed, bob.closed, carol.closed]).toEqual([false, true, true]);
  });
});
