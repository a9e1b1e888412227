// The outbox panel's lists in words (issue 13), on the real server: what waits to be sent and what the server
// refused read as the person's own actions ("Create lot 'Pallet 7'", "Add 1 × {UPC} to box A1"), before and after
// the server names the rows made offline.
import 'fake-indexeddb/auto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { addBox } from '../../../src/domains/boxes';
import { addUpc } from '../../../src/domains/items';
import { createLot } from '../../../src/domains/lots';
import { ServerMessages } from '../../../src/protocol/messages';
import { outboxSummary, queuedEntries } from '../../../src/sync/outbox/summary';
import { startClientServer, type ClientServer } from './support/server';
import { startHarness, type Harness } from './support/sync-harness';

let server: ClientServer;
beforeAll(async () => void (server = await startClientServer()), 60_000);
afterAll(() => server?.stop());

const KNOWN = '012345678905';
const UNKNOWN = '036000291452';
const waiting = async (h: Harness) => (await queuedEntries(h.db, h.user, h.sync.describe)).map(({ description, sending }) => [description, sending]);
const scan = (boxId: number | undefined, upc: string) => addUpc.build({ boxId, upc, existing: undefined, known: undefined });

describe('the outbox panel', () => {
  it('lists waiting and refused changes in words, also once the server has named the rows made offline', async () => {
    await server.seedCatalogue([{ upc: KNOWN, vendorName: 'Acme', itemDescription: 'Kettle' }]);
    const h = await startHarness(server);
    const lot = await h.sync.enqueue(createLot.build({ title: 'Pallet 7' }));
    const box = await h.sync.enqueue(addBox.build({ lotId: lot.tempId ?? 0, label: 'A1' }));
    await h.sync.enqueue(scan(box.tempId, KNOWN));
    await h.sync.enqueue(scan(box.tempId, UNKNOWN));
    expect(await waiting(h)).toEqual([
      ["Create lot 'Pallet 7'", false],
      ["Add box A1 to lot 'Pallet 7'", false],
      [`Add 1 × ${KNOWN} to box A1`, false],
      [`Add 1 × ${UNKNOWN} to box A1`, false],
    ]);

    h.connection.open();
    await vi.waitFor(async () => expect((await outboxSummary(h.db, h.user)).queued).toBe(0), { timeout: 10_000, interval: 5 });
    expect(await waiting(h)).toEqual([]);
    const { failed } = await outboxSummary(h.db, h.user, h.sync.describe);
    expect(failed.map(({ description, lastError }) => [description, lastError])).toEqual([
      [`Add 1 × ${UNKNOWN} to box A1`, ServerMessages.upcNotFound(UNKNOWN)],
    ]);
  });
});
