// The password-check pool (server/auth/passwords.ts): bounded concurrency, a bounded queue, and a share per address.
import { describe, expect, it } from 'vitest';
import { createScryptPool, type PoolResult } from '../../../server/auth/passwords';

/** A check that ends when the test says so, recording when it started. */
function gatedCheck(log: string[], name: string) {
  let finish = () => {};
  const ended = new Promise<void>((resolve) => { finish = resolve; });
  return { check: async () => { log.push(`start ${name}`); await ended; return name; }, finish: () => finish() };
}

const settled = () => new Promise((resolve) => setImmediate(resolve));

describe('createScryptPool', () => {
  it('runs `concurrency` checks at once, queues `queue` more in order, and refuses the rest at once', async () => {
    const pool = createScryptPool({ concurrency: 1, queue: 2, perSource: 10 });
    const log: string[] = [];
    const checks = ['a', 'b', 'c', 'd'].map((name) => gatedCheck(log, name));
    const results: Array<Promise<PoolResult<string>>> = checks.map((gated, i) => pool.run(`10.0.0.${i}`, gated.check));

    expect(await results[3]).toEqual({ busy: true }); // answered while a is still running
    await settled();
    expect(log).toEqual(['start a']);
    checks[0]?.finish();
    expect(await results[0]).toEqual({ busy: false, value: 'a' });
    await settled();
    expect(log).toEqual(['start a', 'start b']);
    checks[1]?.finish();
    checks[2]?.finish();
    expect(await Promise.all(results.slice(1, 3))).toEqual([{ busy: false, value: 'b' }, { busy: false, value: 'c' }]);
  });

  it('gives one address no more than its share of the slots, leaving room for others', async () => {
    const pool = createScryptPool({ concurrency: 1, queue: 4, perSource: 2 });
    const log: string[] = [];
    const flood = [1, 2, 3].map((i) => gatedCheck(log, `flood-${i}`));
    const floodResults = flood.map((gated) => pool.run('10.0.0.2', gated.check));
    const real = gatedCheck(log, 'real');
    const realResult = pool.run('10.0.0.1', real.check);

    expect(await floodResults[2]).toEqual({ busy: true });
    for (const gated of [...flood, real]) gated.finish();
    expect(await realResult).toEqual({ busy: false, value: 'real' });
    expect(log).toEqual(['start flood-1', 'start flood-2', 'start real']);
  });

  it('frees the slot of a check that throws', async () => {
    const pool = createScryptPool({ concurrency: 1, queue: 0, perSource: 1 });
    await expect(pool.run('10.0.0.1', () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await pool.run('10.0.0.1', async () => 'next')).toEqual({ busy: false, value: 'next' });
  });
});
