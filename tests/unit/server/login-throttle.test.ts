// The login throttle (server/auth/throttle.ts): who must wait after failed logins, and who must not.
import { describe, expect, it } from 'vitest';
import { createLoginThrottle, type ThrottleLimits } from '../../../server/auth/throttle';

const LIMITS: ThrottleLimits = { failuresPerAccount: 3, failuresPerAddress: 6, accountLockAddresses: 4 };
const HOUR_MS = 60 * 60 * 1000;

function throttleWithClock(limits: ThrottleLimits = LIMITS) {
  let time = 1_000_000;
  const throttle = createLoginThrottle(limits, () => time);
  return { throttle, advance: (ms: number) => { time += ms; } };
}

const failTimes = (throttle: ReturnType<typeof createLoginThrottle>, address: string, username: string, times: number) => {
  for (let i = 0; i < times; i++) throttle.failed(address, username);
};

describe('createLoginThrottle', () => {
  it('locks one address out of one account after its free failures, and nobody else', () => {
    const { throttle } = throttleWithClock();
    failTimes(throttle, '10.0.0.2', 'alice', 2);
    expect(throttle.retryAfter('10.0.0.2', 'alice')).toBe(0);
    throttle.failed('10.0.0.2', 'alice');
    expect(throttle.retryAfter('10.0.0.2', 'alice')).toBe(30);
    expect(throttle.retryAfter('10.0.0.1', 'alice')).toBe(0); // alice's own tablet
    expect(throttle.retryAfter('10.0.0.2', 'bob')).toBe(0); // another account from the same address
  });

  it('doubles the wait with each further failure, up to 15 minutes, and forgets after an idle hour', () => {
    const { throttle, advance } = throttleWithClock({ ...LIMITS, failuresPerAddress: 100 });
    failTimes(throttle, '10.0.0.2', 'alice', 4);
    expect(throttle.retryAfter('10.0.0.2', 'alice')).toBe(60);
    failTimes(throttle, '10.0.0.2', 'alice', 10);
    expect(throttle.retryAfter('10.0.0.2', 'alice')).toBe(15 * 60);
    advance(HOUR_MS + 1);
    expect(throttle.retryAfter('10.0.0.2', 'alice')).toBe(0);
    throttle.failed('10.0.0.2', 'alice');
    expect(throttle.retryAfter('10.0.0.2', 'alice')).toBe(0); // counting starts again
  });

  it('locks an address that sprays usernames out of every account', () => {
    const { throttle } = throttleWithClock();
    for (let i = 0; i < 6; i++) throttle.failed('10.0.0.2', `guess-${i}`);
    expect(throttle.retryAfter('10.0.0.2', 'alice')).toBe(30);
    expect(throttle.retryAfter('10.0.0.1', 'alice')).toBe(0);
  });

  it("does not give back an address's count for signing in to its own account", () => {
    const { throttle } = throttleWithClock();
    for (let i = 0; i < 5; i++) throttle.failed('10.0.0.2', `guess-${i}`);
    throttle.succeeded('10.0.0.2', 'mallory');
    throttle.failed('10.0.0.2', 'guess-5');
    expect(throttle.retryAfter('10.0.0.2', 'alice')).toBe(30);
  });

  it('clears the pair on success: a person who found the password starts afresh', () => {
    const { throttle } = throttleWithClock();
    failTimes(throttle, '10.0.0.1', 'alice', 2);
    throttle.succeeded('10.0.0.1', 'alice');
    failTimes(throttle, '10.0.0.1', 'alice', 2);
    expect(throttle.retryAfter('10.0.0.1', 'alice')).toBe(0);
  });

  it('counts usernames without regard to case or spaces', () => {
    const { throttle } = throttleWithClock();
    failTimes(throttle, '10.0.0.2', ' Alice ', 3);
    expect(throttle.retryAfter('10.0.0.2', 'alice')).toBe(30);
  });

  it('closes an account failed from many addresses to new addresses only, until those failures age out', () => {
    const { throttle, advance } = throttleWithClock();
    throttle.succeeded('10.0.0.1', 'alice'); // her tablet
    for (let i = 10; i < 13; i++) throttle.failed(`10.0.1.${i}`, 'alice');
    expect(throttle.retryAfter('10.0.9.9', 'alice')).toBe(0); // three addresses: not yet
    advance(60_000);
    throttle.failed('10.0.1.13', 'alice');
    expect(throttle.retryAfter('10.0.9.9', 'alice')).toBe(HOUR_MS / 1000 - 60); // until the oldest failure is an hour old
    expect(throttle.retryAfter('10.0.0.1', 'alice')).toBe(0); // an address alice signed in from
    expect(throttle.retryAfter('10.0.9.9', 'bob')).toBe(0);
    advance(HOUR_MS - 60_000 + 1);
    expect(throttle.retryAfter('10.0.9.9', 'alice')).toBe(0);
  });

  it('never closes an account for spread failures when accountLockAddresses is 0', () => {
    const { throttle } = throttleWithClock({ ...LIMITS, accountLockAddresses: 0 });
    for (let i = 10; i < 60; i++) throttle.failed(`10.0.1.${i}`, 'alice');
    expect(throttle.retryAfter('10.0.9.9', 'alice')).toBe(0);
  });
});
