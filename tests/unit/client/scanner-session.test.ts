// A scanner session on Lot edit (spec §2 Lot edit, §4 "Box editing", §5; DESIGN §4, §5) as the tablet lives it:
// the Wi-Fi is gone, a hardware scanner reads code after code into the box (each one through scanUpc, as the scan
// field calls it), the rows count up at once and a repeat plays the found-existing sound; when the connection comes
// back every scan reaches the server once, in order, and the replica ends equal to the server.
// scanUpc reads the app's replica (client.ts's `replica`) and queues for the app's session, so the harness runs on
// that same replica and the app's session is signed in as the harness's user.
import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { scanUpc } from '../../../src/features/lot-edit/use-box-actions';
import type { Box, UpcEntry } from '../../../src/protocol/entities';
import { Destination } from '../../../src/protocol/destinations';
import { replica } from '../../../src/sync/client';
import { setNotifier } from '../../../src/sync/notifier';
import { outboxSummary } from '../../../src/sync/outbox';
import { claimReplica } from '../../../src/sync/replica-owner';
import { session } from '../../../src/sync/session';
import { scanContext } from '../../../src/sync/use-lot-edit';
import { makeLot, upcNotFound } from './support/fake-server';
import { createHarness, mockNotifier, outboxSends, type Harness } from './support/sync-harness';
import { makeToken } from './support/tokens';

const LOT = 5;
const BOX = 40;
const UPCS = ['0001', '0002', '0003', '0004', '0005', '0006'];

function makeBox(id: number, lotId: number): Box {
  return { id, label: 'Shelf', manualManiestId: lotId, w: 0, l: 0, h: 0, lbs: 0, ozs: 0, zone: 0, aisle: 0, col: 0, row: 0, bin: 0, boxNumber: 1, userId: 7 };
}

function catalogueEntry(id: number, upc: string): UpcEntry {
  return { id, upc, vendorName: 'Acme', itemDescription: `Item ${upc}`, retailPrice: id * 2, wholesalePrice: id };
}

const notifier = mockNotifier();

beforeEach(async () => {
  await Promise.all(replica.tables.map((table) => table.clear()));
  vi.clearAllMocks();
  setNotifier(notifier);
  // The app's session, with a token valid now (the harness's own session runs on a fixed clock).
  session.login(makeToken({ sub: 'alice', exp: Math.floor(Date.now() / 1000) + 3600, roles: ['ROLE_USER'] }));
});

/** The app's replica and a fake server both holding lot 5 with box 40 (one item already in it: 0001 × 2), offline. */
async function boxOpenOffline(): Promise<Harness> {
  const h = createHarness({ db: replica });
  onTestFinished(h.unlink);
  const lot = makeLot(LOT, 'Pallet', 7, { numberOfUnits: 2, totalOriginalRetail: 8 });
  const box = makeBox(BOX, LOT);
  const item = {
    id: 100, upc: '0001', quantity: 2, retailPrice: 4, clientCost: 2, listingPrice: null, vendor: 'Acme', itemDescriptionManifest: 'Item 0001',
    color: null, size: null,
  };
  h.server.lots.set(LOT, lot);
  h.server.boxes.set(BOX, box);
  h.server.items.set(item.id, { ...item, boxId: BOX });
  UPCS.forEach((upc, index) => h.server.catalogue.set(upc, catalogueEntry(index + 2, upc)));
  await claimReplica(replica, h.user);
  await replica.lots.put(lot);
  await replica.boxes.put(box);
  await replica.items.put({ ...item, boxId: BOX });
  h.lotEditQuery.open(LOT);
  h.lotEditQuery.selectBox(BOX);
  return h;
}

const settled = (h: Harness) =>
  vi.waitFor(async () => expect((await outboxSummary(h.db, h.user)).queued).toBe(0), { timeout: 5000, interval: 5 });

/** The box's rows as the screen lists them: [upc, quantity, pending], by UPC. */
async function boxRows(): Promise<Array<[string, number, number]>> {
  const rows = (await replica.items.where('boxId').equals(BOX).toArray()).filter((item) => item.removed !== 1);
  return rows.map((item): [string, number, number] => [item.upc, item.quantity, item.pending ?? 0]).sort(([a], [b]) => a.localeCompare(b));
}

/** The server's rows of the box, [upc, quantity, 0], by UPC. */
const serverRows = (h: Harness): Array<[string, number, number]> =>
  [...h.server.items.values()]
    .filter((item) => item.boxId === BOX)
    .map((item): [string, number, number] => [item.upc, item.quantity, 0])
    .sort(([a], [b]) => a.localeCompare(b));

const scanSends = (h: Harness) => outboxSends(h).filter(({ destination }) => destination === Destination.addUPCToBox);
const appliedScans = (h: Harness) => h.server.applied.filter(({ destination }) => destination === Destination.addUPCToBox).map(({ body }) => body);

describe('/app/addUPCToBox: a scanner session with the Wi-Fi gone', () => {
  it('30 scans with repeats count up at once; on reconnect the server gets 30 scans in order, once each, and the replica equals it', async () => {
    const h = await boxOpenOffline();
    const codes = [...'112132411526133142655121314166'].map((digit) => `000${digit}`);
    const expected = new Map<string, number>([['0001', 2]]);
    let repeats = 0;
    for (const code of codes) {
      if (expected.has(code)) repeats += 1;
      expected.set(code, (expected.get(code) ?? 0) + 1);
      await scanUpc(BOX, code);
    }
    expect(codes).toHaveLength(30);
    expect(repeats).toBe(25); // the box already had 0001; 0002…0006 are new once each
    // Offline: nothing sent, every row already shows its count, pending; a repeat played the found-existing sound.
    expect(outboxSends(h)).toEqual([]);
    expect(await boxRows()).toEqual([...expected].map(([upc, quantity]): [string, number, number] => [upc, quantity, 1]).sort(([a], [b]) => a.localeCompare(b)));
    expect(vi.mocked(notifier.sound).mock.calls).toEqual(Array.from({ length: repeats }, () => ['found']));

    h.connection.open();
    await settled(h);
    // The open screen's lot, boxes and box are asked for again on connect (queries, not queued).
    const queries = h.connection.sent.filter((frame) => frame.headers === undefined).map((frame) => [frame.destination, frame.body]);
    expect(queries).toEqual(expect.arrayContaining([[Destination.getLotById, LOT], [Destination.getBoxesByLotId, LOT], [Destination.getItemsByBoxId, BOX]]));
    expect(appliedScans(h)).toEqual(codes.map((upc) => ({ upc, boxId: BOX })));
    expect(scanSends(h)).toHaveLength(30);
    expect(new Set(scanSends(h).map(({ clientMsgId }) => clientMsgId)).size).toBe(30);
    expect(serverRows(h)).toEqual([...expected].map(([upc, quantity]): [string, number, number] => [upc, quantity, 0]).sort(([a], [b]) => a.localeCompare(b)));
    await vi.waitFor(async () => expect(await boxRows()).toEqual(serverRows(h)));
    expect((await replica.items.toArray()).every((item) => item.id > 0)).toBe(true);
    await vi.waitFor(async () => expect((await replica.lots.get(LOT))?.numberOfUnits).toBe(32));
    expect(await replica.lots.get(LOT)).toMatchObject({ totalOriginalRetail: h.server.lots.get(LOT)?.totalOriginalRetail });
    expect(notifier.error).not.toHaveBeenCalled();
    expect(h.notifier.error).not.toHaveBeenCalled();
    expect((await outboxSummary(h.db, h.user)).failed).toEqual([]);
  });

  it('the connection drops after the server applied a scan, before its answer: it is sent again and counted once', async () => {
    const h = await boxOpenOffline();
    const codes = ['0002', '0002', '0001', '0003', '0002', '0001'];
    for (const code of codes) await scanUpc(BOX, code);
    h.server.dropAfterApplyNext = true;
    h.connection.open();
    await vi.waitFor(() => expect(h.connection.getSnapshot().state).toBe('loading'));
    h.connection.open();
    await settled(h);
    expect(scanSends(h).map(({ body }) => body)).toEqual([codes[0], ...codes].map((upc) => ({ upc, boxId: BOX })));
    expect(appliedScans(h)).toEqual(codes.map((upc) => ({ upc, boxId: BOX })));
    expect(serverRows(h)).toEqual([['0001', 4, 0], ['0002', 3, 0], ['0003', 1, 0]]);
    await vi.waitFor(async () => expect(await boxRows()).toEqual(serverRows(h)));
  });

  it("a UPC the catalogue lacks: 'UPC … not found.' with the not-found sound, its row goes, it waits as a failed scan, and the next scans still go", async () => {
    const h = await boxOpenOffline();
    for (const code of ['0002', '9999', '9999', '0002']) await scanUpc(BOX, code);
    expect(await boxRows()).toEqual([['0001', 2, 0], ['0002', 2, 1], ['9999', 2, 1]]);
    h.connection.open();
    await settled(h);
    expect(appliedScans(h)).toEqual([{ upc: '0002', boxId: BOX }, { upc: '0002', boxId: BOX }]);
    // The repeat of the unknown UPC named the row the refused scan would have made: it is not sent at all.
    expect(scanSends(h).map(({ body }) => body)).toEqual(['0002', '9999', '0002'].map((upc) => ({ upc, boxId: BOX })));
    const { failed } = await outboxSummary(h.db, h.user);
    expect(failed.map(({ destination, lastError }) => [destination, lastError])).toEqual([
      [Destination.addUPCToBox, upcNotFound('9999')],
      [Destination.addUPCToBox, expect.stringContaining(upcNotFound('9999'))],
    ]);
    expect(h.notifier.error).toHaveBeenCalledWith(upcNotFound('9999'));
    expect(h.notifier.sound).toHaveBeenCalledWith('notFound');
    await vi.waitFor(async () => expect(await boxRows()).toEqual([['0001', 2, 0], ['0002', 2, 0]]));
  });
});

describe('what a scan looks up first (scanContext)', () => {
  it("finds the box's row with that UPC (not a deleted one, not another box's) and the catalogue entry this device has", async () => {
    await claimReplica(replica, 'alice');
    const row = { upc: '0001', quantity: 1, retailPrice: null, clientCost: null, listingPrice: null, vendor: null, itemDescriptionManifest: null, color: null, size: null };
    await replica.items.bulkPut([
      { ...row, id: 1, boxId: 41 },
      { ...row, id: 2, boxId: BOX, upc: '0002', removed: 1 },
      { ...row, id: 3, boxId: BOX },
    ]);
    await replica.upcs.put(catalogueEntry(9, '0001'));
    expect(await scanContext(BOX, '0001')).toEqual({ existing: { ...row, id: 3, boxId: BOX }, known: catalogueEntry(9, '0001') });
    expect(await scanContext(BOX, '0002')).toEqual({ existing: undefined, known: undefined });
    expect(await scanContext(42, '0001')).toMatchObject({ existing: undefined, known: { upc: '0001' } });
  });
});
