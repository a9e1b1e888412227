// /app/getCatalogueCache (issue 31) on the real server with the real STOMP client: the catalogue entries a device keeps
// to scan offline — the UPCs of the boxes of the lots the user sees, newest first, then the CATALOGUE_CACHE_TOP most
// used UPCs of all boxes — each once, at most `limit`, replies checked against the contract.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOGUE_CACHE_MAX, UpcEntrySchema, type UpcEntry } from '../../src/protocol/catalogue';
import { addBox, scan } from '../support/boxes';
import { createEntries, newEntry } from '../support/catalogue';
import { invalid, send } from '../support/lot-replies';
import { createLot, staffOf, type Staff } from '../support/staff';
import type { TestClient } from '../support/stomp-client';
import { startTestServer, type TestServer } from '../support/test-server';

let testServer: TestServer;
let staff: Staff;
beforeAll(async () => {
  testServer = await startTestServer({ CATALOGUE_CACHE_TOP: '2' });
  staff = staffOf(testServer);
});
afterAll(async () => {
  await staff.closeAll();
  await testServer.stop();
});

const cacheOf = async (client: TestClient, limit: number): Promise<string[]> =>
  UpcEntrySchema.array().parse(await client.request('getCatalogueCache', { limit }, 'catalogueCache')).map((entry) => entry.upc);

async function boxedIn(client: TestClient, ...boxes: ReadonlyArray<readonly UpcEntry[]>): Promise<void> {
  const lot = await createLot(client, 'Cached');
  for (const entries of boxes) {
    const box = await addBox(client, lot);
    for (const entry of entries) await scan(client, box, entry.upc);
  }
}

describe('/app/getCatalogueCache', () => {
  it("answers the user's lots' UPCs newest first, then the most used, each once and at most the limit", async () => {
    const [alice, bob] = [await staff.connect('alice'), await staff.connect('bob')];
    const [first, second, popular, runnerUp, rare] = await createEntries(alice, [1, 2, 3, 4, 5].map(() => newEntry({ itemDescription: 'Item' })));
    if (first === undefined || second === undefined || popular === undefined || runnerUp === undefined || rare === undefined) throw new Error('seed');
    await boxedIn(alice, [first], [second, popular]);
    await boxedIn(bob, [popular, runnerUp, rare], [popular, runnerUp], [popular]);

    expect(await cacheOf(alice, 10)).toEqual([popular.upc, second.upc, first.upc, runnerUp.upc]); // top 2: popular, runnerUp
    expect(await cacheOf(alice, 2)).toEqual([popular.upc, second.upc]);
    expect(await cacheOf(bob, 10)).toEqual([popular.upc, runnerUp.upc, rare.upc]);
  });

  it('refuses a limit outside 1 … CATALOGUE_CACHE_MAX with BAD_REQUEST', async () => {
    const alice = await staff.connect('alice');
    expect(await send(alice, 'getCatalogueCache', { limit: 0 })).toEqual(invalid(/^Limit must be at least 1\.$/));
    expect(await send(alice, 'getCatalogueCache', { limit: CATALOGUE_CACHE_MAX + 1 })).toEqual(invalid(/^Limit must be at most /));
  });
});
