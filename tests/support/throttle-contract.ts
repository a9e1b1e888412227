// One contract for the login throttle's rules (server/auth/throttle.ts): who must wait after failed logins, and who
// must not. Run against the in-memory throttle (tests/unit/server/login-throttle.test.ts) and the shared one on the
// database (tests/integration/shared-login-throttle.test.ts), so one process gives the same answers with either.
import { describe, expect, it } from 'vitest';
import type { LoginThrottle, ThrottleLimits } from '../../server/auth/throttle';

export const THROTTLE_LIMITS: ThrottleLimits = { failuresPerAccount: 3, failuresPerAddress: 6, accountLockAddresses: 4 };
export const HOUR_MS = 60 * 60 * 1000;

/** A settable clock the throttles under test read: `now` is passed to the factory. */
export function testClock(start = 1_000_000) {
  let time = start;
  return { now: () => time, advance: (ms: number) => { time += ms; } };
}

export async function failTimes(throttle: LoginThrottle, address: string, username: string, times: number): Promise<void> {
  for (let i = 0; i < times; i++) await throttle.failed(address, username);
}

/** `make` builds a throttle with no counts yet, reading the clock it is given. */
export type MakeThrottle = (limits: ThrottleLimits, now: () => number) => Promise<LoginThrottle>;

export function throttleContract(name: string, make: MakeThrottle): void {
  async function throttleWithClock(limits: ThrottleLimits = THROTTLE_LIMITS) {
    const clock = testClock();
    return { throttle: await make(limits, clock.now), advance: clock.advance };
  }

  describe(`${name}: the login throttle's rules`, () => {
    it('locks one address out of one account after its free failures, and nobody else', async () => {
      const { throttle } = await throttleWithClock();
      await failTimes(throttle, '10.0.0.2', 'alice', 2);
      expect(await throttle.retryAfter('10.0.0.2', 'alice')).toBe(0);
      await throttle.failed('10.0.0.2', 'alice');
      expect(await throttle.retryAfter('10.0.0.2', 'alice')).toBe(30);
      expect(await throttle.retryAfter('10.0.0.1', 'alice')).toBe(0); // alice's own tablet
      expect(await throttle.retryAfter('10.0.0.2', 'bob')).toBe(0); // another account from the same address
    });

    it('doubles the wait with each further failure, up to 15 minutes, and forgets after an idle hour', async () => {
      const { throttle, advance } = await throttleWithClock({ ...THROTTLE_LIMITS, failuresPerAddress: 100 });
      await failTimes(throttle, '10.0.0.2', 'alice', 4);
      expect(await throttle.retryAfter('10.0.0.2', 'alice')).toBe(60);
      await failTimes(throttle, '10.0.0.2', 'alice', 10);
      expect(await throttle.retryAfter('10.0.0.2', 'alice')).toBe(15 * 60);
      advance(HOUR_MS + 1);
      expect(await throttle.retryAfter('10.0.0.2', 'alice')).toBe(0);
      await throttle.failed('10.0.0.2', 'alice');
      expect(await throttle.retryAfter('10.0.0.2', 'alice')).toBe(0); // counting starts again
    });

    it('locks an address that sprays usernames out of every account', async () => {
      const { throttle } = await throttleWithClock();
      for (let i = 0; i < 6; i++) await throttle.failed('10.0.0.2', `guess-${i}`);
      expect(await throttle.retryAfter('10.0.0.2', 'alice')).toBe(30);
      expect(await throttle.retryAfter('10.0.0.1', 'alice')).toBe(0);
    });

    it("does not give back an address's count for signing in to its own account", async () => {
      const { throttle } = await throttleWithClock();
      for (let i = 0; i < 5; i++) await throttle.failed('10.0.0.2', `guess-${i}`);
      await throttle.succeeded('10.0.0.2', 'mallory');
      await throttle.failed('10.0.0.2', 'guess-5');
      expect(await throttle.retryAfter('10.0.0.2', 'alice')).toBe(30);
    });

    it('clears the pair on success: a person who found the password starts afresh', async () => {
      const { throttle } = await throttleWithClock();
      await failTimes(throttle, '10.0.0.1', 'alice', 2);
      await throttle.succeeded('10.0.0.1', 'alice');
      await failTimes(throttle, '10.0.0.1', 'alice', 2);
      expect(await throttle.retryAfter('10.0.0.1', 'alice')).toBe(0);
    });

    it('counts usernames without regard to case or spaces', async () => {
      const { throttle } = await throttleWithClock();
      await failTimes(throttle, '10.0.0.2', ' Alice ', 3);
      expect(await throttle.retryAfter('10.0.0.2', 'alice')).toBe(30);
    });

    it('closes an account failed from many addresses to new addresses only, until those failures age out', async () => {
      const { throttle, advance } = await throttleWithClock();
      await throttle.succeeded('10.0.0.1', 'alice'); // her tablet
      for (let i = 10; i < 13; i++) await throttle.failed(`10.0.1.${i}`, 'alice');
      expect(await throttle.retryAfter('10.0.9.9', 'alice')).toBe(0); // three addresses: not yet
      advance(60_000);
      await throttle.failed('10.0.1.13', 'alice');
      expect(await throttle.retryAfter('10.0.9.9', 'alice')).toBe(HOUR_MS / 1000 - 60); // until the oldest failure is an hour old
      expect(await throttle.retryAfter('10.0.0.1', 'alice')).toBe(0); // an address alice signed in from
      expect(await throttle.retryAfter('10.0.9.9', 'bob')).toBe(0);
      advance(HOUR_MS - 60_000 + 1);
      expect(await throttle.retryAfter('10.0.9.9', 'alice')).toBe(0);
    });

    it('keeps only the last 16 addresses an account signed in from as its own', async () => {
      const { throttle, advance } = await throttleWithClock();
      for (let i = 0; i <= 16; i++) {
        await throttle.succeeded(`10.0.2.${i}`, 'alice');
        advance(1);
      }
      for (let i = 10; i < 14; i++) await throttle.failed(`10.0.1.${i}`, 'alice');
      expect(await throttle.retryAfter('10.0.2.1', 'alice')).toBe(0);
      expect(await throttle.retryAfter('10.0.2.16', 'alice')).toBe(0);
      expect(await throttle.retryAfter('10.0.2.0', 'alice')).toBeGreaterThan(0); // the oldest, pushed out
    });

    it('never closes an account for spread failures when accountLockAddresses is 0', async () => {
      const { throttle } = await throttleWithClock({ ...THROTTLE_LIMITS, accountLockAddresses: 0 });
      for (let i = 10; i < 60; i++) await throttle.failed(`10.0.1.${i}`, 'alice');
      expect(await throttle.retryAfter('10.0.9.9', 'alice')).toBe(0);
    });
  });
}
