// Cancelling a run of queued changes (Image entry's Cancel, spec §2): the entries not yet sent are dropped in one
// go and never reach the server, even after a reconnect; the one on its way finishes; settled ones are left alone.
// The real server (router, handlers, database) answers on an in-memory wire.
import 'fake-indexeddb/auto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createLot } from '../../../src/domains/lots';
import { Destination } from '../../../src/protocol/destinations';
import { batchEntries } from '../../../src/sync/outbox/batch';
import { markInFlight } from '../../../src/sync/outbox/outbox';
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
    for (const title of ['One', 'Two', 'Three']) seqs.push((await h.sync.enqueue(createLot.build({ title }))).seq);
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
    expect(await markInFlight(h.db, seq)).toBe(0);
  });
});

const start = () => startHarness(server);
