// A scanner session on Lot edit (spec §2 Lot edit, §4 "Box editing", §5; DESIGN §4, §5) as the tablet lives it:
// the Wi-Fi is gone, a hardware scanner reads code after code into the box (each one through scanUpc, as the scan
// field calls it), the rows count up at once and a repeat plays the found-existing sound; when the connection comes
// back every scan reaches the server once, in order, and the replica ends equal to the server.
// scanUpc runs on the page's client (`sync()`): the harness's. The real server (router, handlers, database) answers.
import 'fake-indexeddb/auto';
import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import { itemsTable, scanContext } from '../../../src/domains/items';
import { lotsTable } from '../../../src/domains/lots';
import { upcsTable } from '../../../src/domains/upcs';
import { scanUpc } from '../../../src/features/lot-edit/use-box-actions';
import { REQUEST_ID_HEADER } from '../../../src/protocol/auth';
import type { BoxItemsReply } from '../../../src/protocol/boxes';
import { Destination } from '../../../src/protocol/destinations';
import type { Box } from '../../../src/protocol/entities';
import type { Lot } from '../../../src/protocol/lots';
import { ServerMessages } from '../../../src/protocol/messages';
import { setNotifier } from '../../../src/sync/feedback/notifier';
import { outboxSummary } from '../../../src/sync/outbox/summary';
import { claimReplica } from '../../../src/sync/replica/owner';
import { makeItem, makeUpc } from '../../support/factories';
import { startClientServer, type ClientServer } from './support/server';
import { createHarness, outboxSends, type Harness } from './support/sync-harness';

let server: ClientServer;
beforeAll(async () => void (server = await startClientServer()), 60_000);
afterAll(() => server?.stop());

/** Waits on the real server's answers: generous, as many test files' servers share the CPU. */
const WAIT = { timeout: 5000, interval: 5 };
const SETTLE = { timeout: 15_000, interval: 5 };

const UPCS = ['0001', '0002', '0003', '0004', '0005', '0006'];
type Row = [upc: string, quantity: number, pending: number];
const byUpc = (rows: Row[]): Row[] => rows.sort(([a], [b]) => a.localeCompare(b));

interface OpenBox {
  readonly h: Harness;
  readonly lotId: number;
  readonly boxId: number;
}

/**
 * The server holds a lot of the user's with one box (one item already in it: 0001 × 2) and the catalogue's six
 * UPCs. Lot edit is open on it, the box selected (the screen keeps its queries), and it loaded while the Wi-Fi was
 * there; then the Wi-Fi went.
 */
async function boxOpenOffline(): Promise<OpenBox> {
  const h = await createHarness(server);
  onTestFinished(h.unlink);
  setNotifier(h.notifier); // the app has one notifier: the screen's actions and the replies speak through it
  await server.seedCatalogue(UPCS.map((upc, index) => ({ upc, vendorName: 'Acme', itemDescription: `Item ${upc}`, retailPrice: (index + 2) * 2, wholesalePrice: index + 2 })));
  const lot = await server.ask<Lot>(h.token, 'createManifest', 'Pallet');
  const box = await server.ask<Box>(h.token, 'addBoxToLot', { id: 0, manualManiestId: lot.id, label: 'Shelf' });
  for (let scan = 0; scan < 2; scan += 1) await server.ask(h.token, 'addUPCToBox', { upc: '0001', boxId: box.id });
  const { queries } = h.sync;
  const kept = [queries.keep('getLotById', lot.id), queries.keep('getBoxesByLotId', lot.id), queries.keep('getItemsByBoxId', box.id)];
  onTestFinished(() => kept.forEach((release) => release()));
  h.connection.open();
  await vi.waitFor(async () => expect(await boxRows(h, box.id)).toEqual([['0001', 2, 0]]), WAIT);
  await vi.waitFor(async () => expect((await h.db.rows(lotsTable).get(lot.id))?.numberOfUnits).toBe(2), WAIT);
  await h.wire.idle();
  h.connection.close();
  return { h, lotId: lot.id, boxId: box.id };
}

const settled = (h: Harness) =>
  vi.waitFor(async () => expect((await outboxSummary(h.db, h.user)).queued).toBe(0), SETTLE);

/** The box's rows as the screen lists them: [upc, quantity, pending], by UPC. */
async function boxRows(h: Harness, boxId: number): Promise<Row[]> {
  const rows = (await h.db.rows(itemsTable).where('boxId').equals(boxId).toArray()).filter((item) => item.removed !== 1);
  return byUpc(rows.map((item): Row => [item.upc, item.quantity, item.pending ?? 0]));
}

/** The server's rows of the box, [upc, quantity, 0], by UPC. */
async function serverRows({ h, boxId }: OpenBox): Promise<Row[]> {
  const { items } = await server.ask<BoxItemsReply>(h.token, 'getItemsByBoxId', boxId);
  return byUpc(items.map((item): Row => [item.upc, item.quantity, 0]));
}

const scanSends = (h: Harness) => outboxSends(h).filter(({ destination }) => destination === Destination.addUPCToBox);
const appliedScans = (h: Harness) => h.wire.applied.filter(({ destination }) => destination === Destination.addUPCToBox).map(({ body }) => body);

describe('/app/addUPCToBox: a scanner session with the Wi-Fi gone', { timeout: 30_000 }, () => {
  it('30 scans with repeats count up at once; on reconnect the server gets 30 scans in order, once each, and the replica equals it', async () => {
    const open = await boxOpenOffline();
    const { h, lotId, boxId } = open;
    const codes = [...'112132411526133142655121314166'].map((digit) => `000${digit}`);
    const expected = new Map<string, number>([['0001', 2]]);
    let repeats = 0;
    for (const code of codes) {
      if (expected.has(code)) repeats += 1;
      expected.set(code, (expected.get(code) ?? 0) + 1);
      await scanUpc(boxId, code);
    }
    expect(codes).toHaveLength(30);
    expect(repeats).toBe(25); // the box already had 0001; 0002…0006 are new once each
    // Offline: nothing sent, every row already shows its count, pending; a repeat played the found-existing sound.
    expect(outboxSends(h)).toEqual([]);
    expect(await boxRows(h, boxId)).toEqual(byUpc([...expected].map(([upc, quantity]): Row => [upc, quantity, 1])));
    expect(vi.mocked(h.notifier.sound).mock.calls).toEqual(Array.from({ length: repeats }, () => ['found']));

    const before = h.connection.sent.length;
    h.connection.open();
    await settled(h);
    // The open screen's lot, boxes and box are asked for again on connect (queries, not queued).
    const queries = h.connection.sent.slice(before).filter((frame) => frame.headers?.[REQUEST_ID_HEADER] !== undefined).map((frame) => [frame.destination, frame.body]);
    expect(queries).toEqual(expect.arrayContaining([[Destination.getLotById, lotId], [Destination.getBoxesByLotId, lotId], [Destination.getItemsByBoxId, boxId]]));
    expect(appliedScans(h)).toEqual(codes.map((upc) => ({ upc, boxId })));
    expect(scanSends(h)).toHaveLength(30);
    expect(new Set(scanSends(h).map(({ clientMsgId }) => clientMsgId)).size).toBe(30);
    const onServer = await serverRows(open);
    expect(onServer).toEqual(byUpc([...expected].map(([upc, quantity]): Row => [upc, quantity, 0])));
    await vi.waitFor(async () => expect(await boxRows(h, boxId)).toEqual(onServer), WAIT);
    expect((await h.db.rows(itemsTable).toArray()).every((item) => item.id > 0)).toBe(true);
    await vi.waitFor(async () => expect((await h.db.rows(lotsTable).get(lotId))?.numberOfUnits).toBe(32), WAIT);
    const serverLot = await server.ask<Lot>(h.token, 'getLotById', lotId);
    expect(await h.db.rows(lotsTable).get(lotId)).toMatchObject({ numberOfUnits: serverLot.numberOfUnits, totalOriginalRetail: serverLot.totalOriginalRetail });
    expect(h.notifier.error).not.toHaveBeenCalled();
    expect((await outboxSummary(h.db, h.user)).failed).toEqual([]);
  });

  it('the connection drops after the server applied a scan, before its answer: it is sent again and counted once', async () => {
    const open = await boxOpenOffline();
    const { h, boxId } = open;
    const codes = ['0002', '0002', '0001', '0003', '0002', '0001'];
    for (const code of codes) await scanUpc(boxId, code);
    h.wire.dropAfterApplyNext = true;
    h.connection.open();
    await vi.waitFor(() => expect(h.connection.getSnapshot().state).toBe('loading'), WAIT);
    h.connection.open();
    await settled(h);
    expect(scanSends(h).map(({ body }) => body)).toEqual([codes[0], ...codes].map((upc) => ({ upc, boxId })));
    expect(appliedScans(h)).toEqual(codes.map((upc) => ({ upc, boxId })));
    expect(await serverRows(open)).toEqual([['0001', 4, 0], ['0002', 3, 0], ['0003', 1, 0]]);
    await vi.waitFor(async () => expect(await boxRows(h, boxId)).toEqual([['0001', 4, 0], ['0002', 3, 0], ['0003', 1, 0]]), WAIT);
  });

  it("a UPC the catalogue lacks: 'UPC … not found.' with the not-found sound, its row goes, it waits as a failed scan, and the next scans still go", async () => {
    const { h, boxId } = await boxOpenOffline();
    for (const code of ['0002', '9999', '9999', '0002']) await scanUpc(boxId, code);
    expect(await boxRows(h, boxId)).toEqual([['0001', 2, 0], ['0002', 2, 1], ['9999', 2, 1]]);
    h.connection.open();
    await settled(h);
    expect(appliedScans(h)).toEqual([{ upc: '0002', boxId }, { upc: '0002', boxId }]);
    // The repeat of the unknown UPC named the row the refused scan would have made: it is not sent at all.
    expect(scanSends(h).map(({ body }) => body)).toEqual(['0002', '9999', '0002'].map((upc) => ({ upc, boxId })));
    const { failed } = await outboxSummary(h.db, h.user);
    expect(failed.map(({ destination, lastError }) => [destination, lastError])).toEqual([
      [Destination.addUPCToBox, ServerMessages.upcNotFound('9999')],
      [Destination.addUPCToBox, expect.stringContaining(ServerMessages.upcNotFound('9999'))],
    ]);
    expect(h.notifier.error).toHaveBeenCalledWith(ServerMessages.upcNotFound('9999'));
    expect(h.notifier.sound).toHaveBeenCalledWith('notFound');
    await vi.waitFor(async () => expect(await boxRows(h, boxId)).toEqual([['0001', 2, 0], ['0002', 2, 0]]), WAIT);
  });
});

describe('what a scan looks up first (scanContext)', () => {
  it("finds the box's row with that UPC (not a deleted one, not another box's) and the catalogue entry this device has", async () => {
    const h = await createHarness(server);
    onTestFinished(h.unlink);
    await claimReplica(h.db, h.user);
    const box = 40;
    const known = makeUpc(9, '0001', { vendorName: 'Acme', itemDescription: 'Item 0001', retailPrice: 18, wholesalePrice: 9 });
    await h.db.rows(itemsTable).bulkPut([
      { ...makeItem(1, '0001'), boxId: 41 },
      { ...makeItem(2, '0002'), boxId: box, removed: 1 },
      { ...makeItem(3, '0001'), boxId: box },
    ]);
    await h.db.rows(upcsTable).put(known);
    expect(await scanContext(box, '0001')).toEqual({ existing: { ...makeItem(3, '0001'), boxId: box }, known });
    expect(await scanContext(box, '0002')).toEqual({ existing: undefined, known: undefined });
    expect(await scanContext(42, '0001')).toMatchObject({ existing: undefined, known: { upc: '0001' } });
  });
});
