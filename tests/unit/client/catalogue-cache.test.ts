// Issue 31, item details offline: the device keeps the catalogue entries it needs to show a scan's description, MSRP
// and vendor with the Wi-Fi gone — those of its user's lots' boxes first, then the most used — asked on connect at
// most every few hours, within a stated budget; scans and searches keep theirs, and past the budget the least
// recently used go, never one a change of this device waits on. The real router, handlers and a PGlite database
// answer through the in-memory wire.
import 'fake-indexeddb/auto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { scanContext } from '../../../src/domains/items';
import { evictOverBudget, fillCatalogueCache, touchUpcs, upcsTable, upcUseTable } from '../../../src/domains/upcs';
import { CrudType, type UpcEntry } from '../../../src/protocol/catalogue';
import { Destination } from '../../../src/protocol/destinations';
import { newUpc } from '../../support/catalogue';
import { startClientServer, type ClientServer } from './support/server';
import { startHarness, uniqueUser, type Harness } from './support/sync-harness';

let server: ClientServer;
beforeAll(async () => void (server = await startClientServer()), 60_000);
afterAll(() => server?.stop());

const WAIT = { timeout: 10_000, interval: 5 };

async function entries(token: string, ...descriptions: string[]): Promise<UpcEntry[]> {
  const made = descriptions.map((itemDescription) => ({ id: 0, upc: newUpc(), itemDescription, vendorName: 'Acme', retailPrice: 12 }));
  return server.ask<UpcEntry[]>(token, 'processUPCCrudRequest', { crudType: CrudType.CREATE, upcEntries: made });
}

/** A lot of `token`'s user with one box holding these UPCs. */
async function boxWith(token: string, upcs: readonly string[]): Promise<number> {
  const lot = await server.ask<{ id: number }>(token, 'createManifest', 'Cache test');
  const box = await server.ask<{ id: number }>(token, 'addBoxToLot', { id: 0, manualManiestId: lot.id, label: 'B1' });
  for (const upc of upcs) await server.ask(token, 'addUPCToBox', { upc, boxId: box.id });
  return box.id;
}

const held = async (h: Harness, upcs: readonly string[]) => (await h.db.rows(upcsTable).where('upc').anyOf([...upcs]).toArray()).map((row) => row.upc).sort();
const cacheAsks = (h: Harness) => h.connection.sent.filter((frame) => frame.destination === Destination.getCatalogueCache);

describe('/app/getCatalogueCache on connect', () => {
  it("holds the entries of the user's lots and the most used ones, not the others; asked once, not at every reconnect", async () => {
    const h = await startHarness(server);
    const other = await server.account(uniqueUser('bob'));
    const [mine, popular, unused] = await entries(h.token, 'Kettle', 'Toaster', 'Never boxed');
    if (mine === undefined || popular === undefined || unused === undefined) throw new Error('seed');
    await boxWith(h.token, [mine.upc]);
    for (let box = 0; box < 3; box += 1) await boxWith(other.token, [popular.upc]); // someone else's, boxed often

    h.connection.open();
    await vi.waitFor(async () => expect(await held(h, [mine.upc, popular.upc, unused.upc])).toEqual([mine.upc, popular.upc].sort()), WAIT);
    const row = await h.db.rows(upcsTable).where('upc').equals(mine.upc).first();
    expect(row).toMatchObject({ itemDescription: 'Kettle', vendorName: 'Acme', retailPrice: 12 });
    // The user's own come first: kept longer than the popular ones when the budget bites.
    const usedAt = async (entry: UpcEntry) => (await h.db.rows(upcUseTable).get(entry.id))?.usedAt ?? 0;
    expect(await usedAt(mine)).toBeGreaterThan(await usedAt(popular));

    h.connection.close();
    h.connection.open();
    await vi.waitFor(() => expect(h.connection.getSnapshot().state).toBe('ready'), WAIT);
    expect(cacheAsks(h)).toHaveLength(1);
    // Hours later it is asked again.
    expect(await fillCatalogueCache(h.sync, Date.now() + 7 * 3600_000)).toBe(true);
    await vi.waitFor(() => expect(cacheAsks(h)).toHaveLength(2), WAIT);
  });
});

describe('the budget', () => {
  it('past it the least recently used entries go (a scan keeps its own), never one a change of this device waits on', async () => {
    const h = await startHarness(server);
    const rows = [1, 2, 3, 4].map((n) => ({ id: 900_000 + n, upc: `90000000000${n}`, vendorName: 'V', itemDescription: `Item ${n}` }));
    const waiting = { id: -9, upc: '900000000005', vendorName: 'V', itemDescription: 'Item 5', pending: 1 as const, base: null }; // made here, unsent
    await h.db.rows(upcsTable).bulkPut([...rows.slice(0, 4), waiting]);
    for (const [index, row] of rows.entries()) await touchUpcs(h.db, [row.id], 1_000 + index); // 1 oldest … 4 newest
    const box = await boxWith(h.token, []);
    await scanContext(box, '900000000001'); // scanned now: the oldest becomes the newest

    expect(await evictOverBudget(h.db, 3)).toBe(2);
    expect((await h.db.rows(upcsTable).toArray()).map((row) => row.upc).sort()).toEqual(['900000000001', '900000000004', '900000000005']);
    expect(await h.db.rows(upcUseTable).get(900_002)).toBeUndefined();
    expect(await evictOverBudget(h.db, 3)).toBe(0);
  });
});
