// Nothing invalid is queued, and what the server refuses is undone once (issue 13, spec §8), on the real server:
// a value the wire contract refuses is refused before it is queued, in the words the server would use; a change the
// server refuses as BAD_REQUEST (one queued by an older version of the app, before the check) rolls its optimistic
// row back, is not sent again, and shows once as failed in the outbox panel with the server's plain sentence.
import 'fake-indexeddb/auto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { addUpc, addUpcs } from '../../../src/domains/items';
import { lotsTable, updateManifest } from '../../../src/domains/lots';
import { Destination } from '../../../src/protocol/destinations';
import type { Lot } from '../../../src/protocol/lots';
import { queueIntent } from '../../../src/sync/intent';
import { patches } from '../../../src/sync/outbox/outbox';
import { outboxSummary } from '../../../src/sync/outbox/summary';
import { startClientServer, type ClientServer } from './support/server';
import { outboxSends, startHarness, type Harness } from './support/sync-harness';

let server: ClientServer;
beforeAll(async () => void (server = await startClientServer()), 60_000);
afterAll(() => server?.stop());

/** A lot of the harness's user, on the server and in the replica. */
async function storedLot(h: Harness, title: string): Promise<Lot> {
  const made = await server.ask<Lot>(h.token, 'createManifest', title);
  h.connection.open();
  h.sync.queries.keep('getLotById', made.id);
  await vi.waitFor(async () => expect(await h.db.rows(lotsTable).get(made.id)).toBeDefined());
  const stored = await h.db.rows(lotsTable).get(made.id);
  if (stored === undefined) throw new Error('the lot did not arrive');
  return stored;
}

describe('a value the contract refuses', () => {
  it('is refused before queueing with "Units must be a whole number.": nothing queued, nothing sent, the row as it was', async () => {
    const h = await startHarness(server);
    const lot = await storedLot(h, 'Whole units');
    const sentBefore = outboxSends(h).length;

    await expect(queueIntent(updateManifest, { id: lot.id, change: { numberOfUnits: 12.345 } })).rejects.toThrow(/^Units must be a whole number\.$/);
    await expect(queueIntent(updateManifest, { id: lot.id, change: { totalOriginalRetail: -3 } })).rejects.toThrow(/^Retail cannot be negative\.$/);

    const summary = await outboxSummary(h.db, h.user);
    expect([summary.queued, summary.failed.length]).toEqual([0, 0]);
    expect(outboxSends(h).length).toBe(sentBefore);
    expect(await h.db.rows(lotsTable).get(lot.id)).toMatchObject({ numberOfUnits: lot.numberOfUnits, totalOriginalRetail: lot.totalOriginalRetail });
  });
});

describe('the engine checks every intent against the contract before it is queued', () => {
  it('shows "item 2: Qnty cannot be negative." for a bulk add whose second row is -3', () => {
    const upcQuantities = [{ upc: '012345678905', qnty: 2 }, { upc: '036000291452', qnty: -3 }];
    expect(() => addUpcs.build({ boxId: 5, upcQuantities })).toThrow(/^item 2: Qnty cannot be negative\.$/);
  });

  it('shows "item 1: Qnty must be a whole number." for 1.5 of a UPC', () => {
    expect(() => addUpcs.build({ boxId: 5, upcQuantities: [{ upc: '012345678905', qnty: 1.5 }] })).toThrow(/^item 1: Qnty must be a whole number\.$/);
  });

  it('takes a box made offline (a temporary id) as the stored box it will be', () => {
    expect(addUpc.build({ boxId: -4, upc: '012345678905', existing: undefined, known: undefined })).toMatchObject({ body: { boxId: -4 }, tempRefs: ['boxId'] });
  });
});

describe('a change the server refuses as BAD_REQUEST', () => {
  it('rolls its row back, is sent once and never again, and shows once as failed with the plain sentence', async () => {
    const h = await startHarness(server);
    const lot = await storedLot(h, 'Refused units');
    // As an older app version queued it, past today's check: straight into the outbox with its optimistic change.
    const refused = { ...lot, numberOfUnits: 12.345 };
    await h.sync.enqueue({ destination: Destination.updateManifest, body: refused, optimistic: patches(lotsTable, [lot.id], { numberOfUnits: 12.345 }) });

    await vi.waitFor(async () => expect((await outboxSummary(h.db, h.user)).failed).toHaveLength(1), { timeout: 10_000, interval: 5 });
    await h.wire.idle();
    const { queued, failed } = await outboxSummary(h.db, h.user, h.sync.describe);
    expect(queued).toBe(0);
    expect(failed.map(({ lastError }) => lastError)).toEqual(['Units must be a whole number.']);
    expect(await h.db.rows(lotsTable).get(lot.id)).toMatchObject({ numberOfUnits: lot.numberOfUnits });

    // A reconnect (the replayer's usual moment to send what waits) sends nothing more.
    h.connection.close();
    h.connection.open();
    await h.wire.idle();
    const sends = outboxSends(h).filter(({ destination }) => destination === Destination.updateManifest);
    expect(sends).toHaveLength(1);
    expect((await outboxSummary(h.db, h.user)).failed).toHaveLength(1);
  });
});
