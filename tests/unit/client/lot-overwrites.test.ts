// Edits send only the fields that change, and a change of ours replaced by a newer one from elsewhere is announced
// (issue 13). A client on the real server (router, handlers, PGlite) on an in-memory wire; "elsewhere" is another
// session of the same account (another tablet), whose changes reach this client as pushes.
import 'fake-indexeddb/auto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { lotsTable, updateManifest, updateManifests, type LotRow } from '../../../src/domains/lots';
import { Destination } from '../../../src/protocol/destinations';
import type { Lot, LotChange } from '../../../src/protocol/lots';
import { okEnvelope } from '../../../src/protocol/envelope';
import { MessageType } from '../../../src/protocol/message-types';
import { ClientMessages } from '../../../src/protocol/messages';
import { outboxSummary } from '../../../src/sync/outbox/summary';
import { startClientServer, type ClientServer } from './support/server';
import { outboxSends, startHarness, type Harness } from './support/sync-harness';

let server: ClientServer;
beforeAll(async () => void (server = await startClientServer()), 60_000);
afterAll(() => server?.stop());

/** A lot of the harness's user, made on the server and known to the device. */
async function lotOf(h: Harness, title: string): Promise<Lot> {
  const lot = await server.ask<Lot>(h.token, 'createManifest', title);
  await h.db.rows(lotsTable).put(lot);
  return lot;
}

const settled = (h: Harness) => vi.waitFor(async () => expect((await outboxSummary(h.db, h.user)).queued).toBe(0), { timeout: 5000, interval: 5 });
/** Another tablet of the same person changes the lot (the server pushes it to this device). */
const elsewhere = (h: Harness, id: number, change: LotChange) => server.ask<Lot>(h.token, 'updateManifest', { id, ...change });
/** Until the device shows the lot with these values. */
const shows = (h: Harness, id: number, values: Partial<LotRow>) =>
  vi.waitFor(async () => expect(await h.db.rows(lotsTable).get(id)).toMatchObject(values), { timeout: 5000, interval: 5 });
const replaced = (lot: Lot, ...fields: string[]) => ClientMessages.lotChangeReplaced(lot.lotNumber, fields);

describe('edits send only the fields that changed', () => {
  it('a Units cell changed offline sends the lot id and Units only, so a Title changed elsewhere meanwhile is kept', async () => {
    const h = await startHarness(server);
    const lot = await lotOf(h, 'Pallet 7');
    await h.sync.enqueue(updateManifest.build({ id: lot.id, change: { numberOfUnits: 12 } }));
    await elsewhere(h, lot.id, { titleListing: 'Pallet 7, sorted' });
    h.connection.open();
    await settled(h);
    expect(outboxSends(h).map(({ destination, body }) => ({ destination, body }))).toEqual([{ destination: Destination.updateManifest, body: { id: lot.id, numberOfUnits: 12 } }]);
    expect(await server.ask<Lot>(h.token, 'getLotById', lot.id)).toMatchObject({ titleListing: 'Pallet 7, sorted', numberOfUnits: 12 });
    await shows(h, lot.id, { titleListing: 'Pallet 7, sorted', numberOfUnits: 12 });
    expect(h.notifier.warning).not.toHaveBeenCalled();
  });

  it('a push of the lot with another field changed shows both while our change is still waiting', async () => {
    const h = await startHarness(server);
    const lot = await lotOf(h, 'Pallet 8');
    await h.sync.enqueue(updateManifest.build({ id: lot.id, change: { totalListingPrice: 80 } }));
    const theirs = await elsewhere(h, lot.id, { numberOfCartons: 3 });
    // The server's lot as its push reaches this device (no client-msg-id: not an answer to us).
    h.connection.deliver('/user/topics/incomingMessages', okEnvelope(MessageType.UPDATED_LOT, theirs));
    await shows(h, lot.id, { totalListingPrice: 80, numberOfCartons: 3, pending: 1 });
    expect(h.notifier.info).toHaveBeenCalledWith(ClientMessages.tableLotUpdated);
  });

  it('Select Categories sends each lot as its id and the new categories', async () => {
    const h = await startHarness(server);
    const [a, b] = [await lotOf(h, 'Cat A'), await lotOf(h, 'Cat B')];
    await h.sync.enqueue(updateManifests.build({ lots: [a, b], categories: [10, 11] }));
    h.connection.open();
    await settled(h);
    expect(outboxSends(h).map(({ body }) => body)).toEqual([[{ id: a.id, categories: [10, 11] }, { id: b.id, categories: [10, 11] }]]);
  });
});

describe('a change of ours replaced by a newer one from elsewhere is announced', () => {
  it('says "Lot {number}: your change to Title was replaced by a newer change from elsewhere." once, as a warning', async () => {
    const h = await startHarness(server);
    const lot = await lotOf(h, 'Before');
    h.connection.open();
    await h.sync.enqueue(updateManifest.build({ id: lot.id, change: { titleListing: 'Mine' } }));
    await settled(h);
    await elsewhere(h, lot.id, { numberOfUnits: 5 }); // another field: ours stands, nothing to say
    await shows(h, lot.id, { titleListing: 'Mine', numberOfUnits: 5 });
    expect(h.notifier.warning).not.toHaveBeenCalled();
    await elsewhere(h, lot.id, { titleListing: 'Theirs' });
    await shows(h, lot.id, { titleListing: 'Theirs' });
    expect(h.notifier.warning).toHaveBeenCalledWith(replaced(lot, 'Title'));
    await elsewhere(h, lot.id, { titleListing: 'Theirs again' });
    await shows(h, lot.id, { titleListing: 'Theirs again' });
    expect(h.notifier.warning).toHaveBeenCalledTimes(1);
  });

  it('names every field replaced in one sentence', async () => {
    const h = await startHarness(server);
    const lot = await lotOf(h, 'Two fields');
    h.connection.open();
    await h.sync.enqueue(updateManifest.build({ id: lot.id, change: { titleListing: 'Mine', numberOfUnits: 4 } }));
    await settled(h);
    await elsewhere(h, lot.id, { titleListing: 'Theirs', numberOfUnits: 9 });
    await shows(h, lot.id, { titleListing: 'Theirs', numberOfUnits: 9 });
    expect(vi.mocked(h.notifier.warning).mock.calls).toEqual([[`Lot ${lot.lotNumber}: your changes to Title and Units were replaced by newer changes from elsewhere.`]]);
  });

  it('says so after a reconnect too, when the Lots list brings the lot a push could not', async () => {
    const h = await startHarness(server);
    const lot = await lotOf(h, 'Offline');
    h.connection.open();
    await h.sync.enqueue(updateManifest.build({ id: lot.id, change: { totalListingPrice: 40 } }));
    await settled(h);
    h.connection.close();
    await h.wire.idle();
    await elsewhere(h, lot.id, { totalListingPrice: 45 });
    h.connection.open(); // the Lots list is asked again on every connect
    await shows(h, lot.id, { totalListingPrice: 45 });
    await vi.waitFor(() => expect(h.notifier.warning).toHaveBeenCalledWith(replaced(lot, 'Listing')));
  });

  it('says nothing when the change from elsewhere came first: ours, applied after it, stands', async () => {
    const h = await startHarness(server);
    const lot = await lotOf(h, 'Race');
    await h.sync.enqueue(updateManifest.build({ id: lot.id, change: { titleListing: 'Mine' } }));
    await elsewhere(h, lot.id, { titleListing: 'Theirs' });
    h.connection.open();
    await settled(h);
    await shows(h, lot.id, { titleListing: 'Mine' });
    await elsewhere(h, lot.id, { numberOfPallets: 2 });
    await shows(h, lot.id, { titleListing: 'Mine', numberOfPallets: 2 });
    expect(h.notifier.warning).not.toHaveBeenCalled();
  });
});
