// A lot the server will not give (spec §2 Lot edit, §8; issue 13): /lotedit/{id} of a missing lot or another user's
// asks only getLotById while the replica has no row of it; the refusal is kept by lot id with the server's words, for
// the screen to show once (no toast as well), and the screen then asks nothing more of it. The lot arriving after all
// forgets the refusal.
import 'fake-indexeddb/auto';
import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import { lotsTable, refusedLots } from '../../../src/domains/lots';
import { lotEditQueries, lotEditQueryList } from '../../../src/features/lot-edit/lot-edit-queries';
import { ServerMessages } from '../../../src/protocol/messages';
import type { Lot } from '../../../src/protocol/lots';
import { claimReplica } from '../../../src/sync/replica/owner';
import { startClientServer, type ClientServer } from './support/server';
import { createHarness } from './support/sync-harness';

let server: ClientServer;
beforeAll(async () => void (server = await startClientServer()), 60_000);
afterAll(() => server?.stop());

describe('lotEditQueries by what the replica knows of the lot', () => {
  it('asks the lot alone while no row is stored, everything once stored, nothing once refused', () => {
    expect(lotEditQueryList(lotEditQueries(7, undefined, 'unknown'))).toEqual([['getLotById', 7]]);
    expect(lotEditQueryList(lotEditQueries(7, 11, 'stored'))).toEqual([['getLotById', 7], ['getBoxesByLotId', 7], ['getItemsByBoxId', 11]]);
    expect(lotEditQueryList(lotEditQueries(7, 11, 'refused'))).toEqual([]);
  });
});

describe('a refused getLotById', () => {
  it('is kept with the server message and shown by no toast; the lot coming later forgets it', async () => {
    const h = await createHarness(server);
    onTestFinished(h.unlink);
    onTestFinished(() => h.wire.idle());
    onTestFinished(refusedLots.reset);
    await claimReplica(h.db, h.user);
    h.connection.open();

    for (const [destination, body] of lotEditQueryList(lotEditQueries(999_999, undefined, 'unknown'))) h.sync.queries.keep(destination, body);
    await vi.waitFor(() => expect(refusedLots.get().get(999_999)).toBe(ServerMessages.lotNotFoundOrNotOwned));
    expect(h.notifier.error).not.toHaveBeenCalled();

    const before = await server.ask<Lot>(h.token, 'createManifest', 'Before');
    h.sync.queries.keep('getLotById', before.id + 1); // the next lot, not made yet
    await vi.waitFor(() => expect(refusedLots.get().has(before.id + 1)).toBe(true));
    const later = await server.ask<Lot>(h.token, 'createManifest', 'Made later');
    expect(later.id).toBe(before.id + 1);
    h.sync.queries.invalidate('getLotById');
    // The lot reaches the replica twice (the push of its creation, then the invalidated getLotById): only the answer
    // to getLotById forgets the refusal, so wait for that, not for the row.
    await vi.waitFor(() => expect(refusedLots.get().has(later.id)).toBe(false));
    expect(await h.db.rows(lotsTable).get(later.id)).toBeDefined();
  });
});
