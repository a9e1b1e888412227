// Cancelling a run of queued changes (Image entry's Cancel, spec §2): the entries not yet sent are dropped in one
// go and never reach the server, even after a reconnect; the one on its way finishes; settled ones are left alone.
// The real server (router, handlers, database) answers on an in-memory wire.
import 'fake-indexeddb/auto';
import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import { createLot } from '../../../src/domains/lots';
import { Destination } from '../../../src/protocol/destinations';
import { batchEntries } from '../../../src/sync/outbox/batch';
import { discardEntry, enqueue } from '../../../src/sync/outbox/outbox';
import { markInFlight } from '../../../src/sync/outbox/queue';
import { createInProcessLocks } from '../../../src/sync/outbox/locks';
import { createReplayer } from '../../../src/sync/outbox/replayer';
import type { Replica } from '../../../src/sync/replica/replica';
import { outboxSummary } from '../../../src/sync/outbox/summary';
import { startClientServer, type ClientServer } from './support/server';
import { outboxSends, startHarness } from './support/sync-harness';

let server: ClientServer;
beforeAll(async () => void (server = await startClientServer()), 60_000);
afterAll(() => server?.stop());

describe('outbox: discardUnsent (a Cancel)', () => {
  it('drops the waiting entries of the run, lets the one in flight finish, and sends nothing of the rest after a reconnect', async () => {
    const h = await start();
    const seqs: number[] = [];
    // A run's entries go one at a time (Image entry's rows), so all but the first wait to be sent.
    for (const title of ['One', 'Two', 'Three']) seqs.push((await h.sync.enqueue({ ...createLot.build({ title }), alone: true })).seq);
    h.wire.holding = true;
    h.connection.open();
    await vi.waitFor(() => expect(outboxSends(h)).toHaveLength(1));

    const dropped = await h.sync.discardUnsent(seqs);
    expect(dropped).toEqual(seqs.slice(1));
    const [first] = seqs;
    expect((await batchEntries(h.db, seqs)).bySeq.get(first ?? 0)?.state).toBe('in-flight');
    h.wire.holding = false;
    h.wire.release();
    await vi.waitFor(async () => expect((await outboxSummary(h.db, h.user)).queued).toBe(0));

    h.connection.close();
    h.connection.open();
    await h.wire.idle();
    expect(h.wire.applied.filter(({ destination }) => destination === Destination.createManifest).map(({ body }) => body)).toEqual(['One']);
    expect([...(await batchEntries(h.db, seqs)).bySeq.values()].map(({ state }) => state)).toEqual(['gone', 'gone', 'gone']);
  });

  it('drops only what waits (an unknown seq is skipped); an entry gone meanwhile cannot be marked in flight, so the replayer skips it', async () => {
    const h = await start();
    const { seq } = await h.sync.enqueue(createLot.build({ title: 'Gone' }));
    expect(await h.sync.discardUnsent([seq, 999_999])).toEqual([seq]);
    expect(await markInFlight(h.db, [seq])).toBe(0);
  });
  it('an entry discarded after the replayer read it as next, before it marked it in flight, is never sent', async () => {
    const h = await start();
    h.unlink(); // the harness's own replayer stops; this one sees the Cancel land in its window
    const doomed = await enqueue(h.db, h.user, createLot.build({ title: 'Cancelled' }));
    await enqueue(h.db, h.user, createLot.build({ title: 'Kept' }));
    const { session } = h.sync;
    const replayer = createReplayer({
      db: discardRightAfterRead(h.db, doomed.seq), transport: h.connection, locks: createInProcessLocks(), backoffMs: () => 5,
      session: { user: () => h.user, token: session.currentToken, subscribe: session.subscribe },
    });
    onTestFinished(replayer.start());
    h.connection.open();
    await vi.waitFor(async () => expect((await outboxSummary(h.db, h.user)).queued).toBe(0));
    expect(outboxSends(h).map(({ body }) => body)).toEqual(['Kept']);
  });
});

const start = () => startHarness(server);

/**
 * The replica as the replayer sees it, with a Cancel landing in the one place it could slip through: after the
 * replayer read the entry as the next to send, before it marked it in flight.
 */
function discardRightAfterRead(db: Replica, seq: number): Replica {
  let armed = true;
  const where = (index: string) => {
    const clause = db.outbox.where(index);
    if (index !== '[user+state]') return clause;
    return {
      equals: (key: [string, string]) => ({
        limit: (count: number) => ({
          async toArray() {
            const entries = await clause.equals(key).limit(count).toArray();
            if (armed && entries.some((entry) => entry.seq === seq)) {
              armed = false;
              await discardEntry(db, seq);
            }
            return entries;
          },
        }),
      }),
    };
  };
  const outbox = new Proxy(db.outbox, { get: (table, name) => (name === 'where' ? where : bound(table, name)) });
  return new Proxy(db, { get: (replica, name) => (name === 'outbox' ? outbox : bound(replica, name)) });
}

/** A property of the real object, its methods bound to it (Dexie's read their own fields). */
function bound(target: object, name: string | symbol): unknown {
  const value: unknown = Reflect.get(target, name, target);
  return typeof value === 'function' ? value.bind(target) : value;
}
