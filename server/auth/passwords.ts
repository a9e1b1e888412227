// Password hashing with scrypt (node:crypto), and the pool that bounds how many checks run and wait at once.
// Owns the stored format; never logs or returns a password.
import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';

// DESIGN §5: N=2^17, r=8, p=1. scrypt needs 128·N·r bytes (128 MiB), above Node's 32 MiB default maxmem.
const PARAMS = { N: 2 ** 17, r: 8, p: 1 } as const;
const KEY_BYTES = 32;
const SALT_BYTES = 16;

function scrypt(password: string, salt: Buffer, params: { N: number; r: number; p: number }): Promise<Buffer> {
  const options: ScryptOptions = { ...params, maxmem: 256 * params.N * params.r };
  return new Promise((resolve, reject) =>
    scryptCb(password.normalize('NFKC'), salt, KEY_BYTES, options, (error, key) => (error ? reject(error) : resolve(key))),
  );
}

/** `scrypt$N$r$p$salt$hash`, so the parameters can be raised later without breaking stored hashes. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await scrypt(password, salt, PARAMS);
  return ['scrypt', PARAMS.N, PARAMS.r, PARAMS.p, salt.toString('base64'), key.toString('base64')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const actual = await scrypt(password, Buffer.from(salt, 'base64'), { N: Number(n), r: Number(r), p: Number(p) });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

let dummyHash: Promise<string> | undefined;
/** Spend the same time on an unknown username as on a wrong password, so timing does not reveal which users exist. */
export async function burnPasswordCheck(password: string): Promise<false> {
  dummyHash ??= hashPassword(randomBytes(12).toString('hex'));
  await verifyPassword(password, await dummyHash);
  return false;
}

export function generatePassword(): string {
  return randomBytes(15).toString('base64url');
}

export interface ScryptLimits {
  /** Checks running at once: each holds 128 MiB and a libuv thread (4 by default, shared with file I/O). */
  concurrency: number;
  /** Checks waiting for a running one to end; beyond it, an attempt is refused at once. */
  queue: number;
  /** Checks (running or waiting) one source address may hold, so one address cannot take every slot. */
  perSource: number;
}

export type PoolResult<T> = { busy: true } | { busy: false; value: T };

/**
 * Password checks under bounded concurrency and a bounded queue: a flood of logins costs at most `concurrency`
 * scrypts at a time and `queue` waiters, and everything beyond is answered at once instead of waiting its turn.
 */
export interface ScryptPool {
  /** Runs `check` when a slot is free (first come, first served); `{busy: true}` at once when none may be held. */
  run<T>(source: string, check: () => Promise<T>): Promise<PoolResult<T>>;
}

export function createScryptPool(limits: ScryptLimits): ScryptPool {
  let running = 0;
  const waiting: Array<() => void> = [];
  const heldBy = new Map<string, number>();

  /** A running check hands its slot straight to the first waiter, so a newcomer cannot overtake the queue. */
  const release = (source: string) => {
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
    const held = (heldBy.get(source) ?? 1) - 1;
    if (held > 0) heldBy.set(source, held);
    else heldBy.delete(source);
  };

  return {
    async run(source, check) {
      const held = heldBy.get(source) ?? 0;
      if (running + waiting.length >= limits.concurrency + limits.queue || held >= limits.perSource) return { busy: true };
      heldBy.set(source, held + 1);
      if (running < limits.concurrency) running += 1;
      else await new Promise<void>((resolve) => waiting.push(resolve));
      try {
        return { busy: false, value: await check() };
      } finally {
        release(source);
      }
    },
  };
}
