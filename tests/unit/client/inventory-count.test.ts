// Issue 16: a count made with the Wi-Fi gone. An event made offline, lots scanned into it (each shown at once in the
// history, pending), a double scan told on the device, an unknown code told too; when the connection returns the event
// and then the scans reach the server once each, in order, naming the real event, even when a reply is lost with the
// connection. Expected vs found at a location, and Apply count moving only the lots the user may change. The real
// router, handlers and a PGlite database answer through the in-memory wire.
import 'fake-indexeddb/auto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  answerScans, applyCount, createInventoryEvent, deleteManifestHistory, historyTable, readCount, readHistory, recordScan, scanLog, waitingSeqs,
  type ScanDevice,
} from '../../../src/domains/inventory';
import { batchEntries } from '../../../src/sync/outbox/batch';
import { resolvedId } from '../../../src/sync/outbox/optimistic';
import { lotsTable } from '../../../src/domains/lots';
import { Destination } from '../../../src/protocol/destinations';
import type { ManifestHistoryEntry } from '../../../src/protocol/entities';
import type { Lot } from '../../../src/protocol/lots';
import { InventoryMessages, InventoryScreenMessages } from '../../../src/protocol/messages';
import { outboxSummary } from '../../../src/sync/outbox/summary';
import type { Location } from '../../../src/ui/location';
import { startClientServer, type ClientServer } from './support/server';
import { outboxSends, startHarness, uniqueUser, type Harness } from './support/sync-harness';

let server: ClientServer;
beforeAll(async () => void (server = await startClientServer()), 60_000);
afterAll(() => server?.stop());

const WAIT = { timeout: 10_000, interval: 5 };
const settled = (h: Harness) => vi.waitFor(async () => expect((await outboxSummary(h.db, h.user)).queued).toBe(0), WAIT);
const AISLE_ONE: Location = { zone: 1, aisle: 1, column: 1, row: 1, bin: 1 };
const ELSEWHERE: Location = { zone: 2, aisle: 3, column: 4, row: 5, bin: 6 };
const at = ({ zone, aisle, column, row, bin }: Location) => ({ loc_zone: zone, loc_aisle: aisle, loc_column: column, loc_row: row, loc_box: bin });

/** Lots made on the server by `token`'s user, placed at the locations given, and held in the device's replica. */
async function lots(h: Harness, token: string, places: readonly Location[], keep = true): Promise<Lot[]> {
  const made: Lot[] = [];
  for (const [index, place] of places.entries()) {
    const lot = await server.ask<Lot>(token, 'createManifest', `Pallet ${index + 1}`);
    made.push(await server.ask<Lot>(token, 'updateLotLocation', { id: lot.id, ...at(place) }));
  }
  if (keep) await h.db.rows(lotsTable).bulkPut(made);
  return made;
}

const shown = async (h: Harness, eventId: number) => (await readHistory(h.db, eventId)).map((row) => [row.lotNumber, row.pending === 1, row.id > 0]);

describe('/app/createManifestHistory: a count made offline', () => {
  it('shows each scan at once, refuses a double scan on the device, and sends the event then the scans once each, in order', async () => {
    const h = await startHarness(server);
    const [first, second] = await lots(h, h.token, [AISLE_ONE, AISLE_ONE]);
    if (first === undefined || second === undefined) throw new Error('seed');
    const event = (await h.sync.enqueue(createInventoryEvent.build({ label: 'Aisle one' }))).tempId ?? 0;
    expect(event).toBeLessThan(0);

    await expect(recordScan(h.sync, { eventId: undefined, code: first.lotNumber, location: AISLE_ONE })).rejects.toThrow(InventoryMessages.selectEventFirst);
    expect(await recordScan(h.sync, { eventId: event, code: ` ${first.lotNumber}\n`, location: AISLE_ONE })).toMatchObject({ kind: 'found' });
    expect(await recordScan(h.sync, { eventId: event, code: second.lotNumber, location: AISLE_ONE })).toMatchObject({ kind: 'found' });
    expect(await recordScan(h.sync, { eventId: event, code: first.lotNumber, location: AISLE_ONE }))
      .toEqual({ kind: 'already', lotNumber: first.lotNumber, message: `Lot ${first.lotNumber} already in history.` });
    const tooLong = 'X'.repeat(65);
    expect(await recordScan(h.sync, { eventId: event, code: tooLong, location: AISLE_ONE }))
      .toEqual({ kind: 'unknown', code: tooLong, message: InventoryScreenMessages.unknownLot(tooLong) });
    expect(await shown(h, event)).toEqual([[first.lotNumber, true, false], [second.lotNumber, true, false]]);
    expect(outboxSends(h)).toEqual([]);

    // The event's reply is lost with the connection: it is sent again, same id, and applied once; the scans follow.
    h.wire.dropAfterApplyNext = true;
    h.connection.open();
    await vi.waitFor(() => expect(h.connection.getSnapshot().state).not.toBe('ready'), WAIT);
    h.connection.open();
    await settled(h);

    const events = await server.ask<Array<{ id: number; label: string }>>(h.token, 'getInventoryEvents', { id: 0 });
    const real = events.find((each) => each.label === 'Aisle one')?.id ?? 0;
    expect(outboxSends(h).filter(({ destination }) => destination === Destination.createInventoryEvent)).toHaveLength(2);
    expect(h.wire.applied.map(({ destination, body }) => [destination, body])).toEqual([
      [Destination.createInventoryEvent, { label: 'Aisle one' }],
      [Destination.createManifestHistory, expect.objectContaining({ inventoryEventId: real, manifestId: first.id, lotNumber: first.lotNumber, locZone: 1, locBox: 1 })],
      [Destination.createManifestHistory, expect.objectContaining({ inventoryEventId: real, manifestId: second.id })],
    ]);
    const history = await server.ask<ManifestHistoryEntry[]>(h.token, 'getManifestHistory', { inventoryEventId: real, manifestId: 0 });
    expect(history.map((row) => row.lotNumber)).toEqual([first.lotNumber, second.lotNumber]);
    // The screen opened on the temporary event now reads the server's rows, none twice, none pending.
    await vi.waitFor(async () => expect(await shown(h, event)).toEqual([[first.lotNumber, false, true], [second.lotNumber, false, true]]), WAIT);
    expect((await h.db.rows(historyTable).toArray()).map((row) => row.id).sort()).toEqual(history.map((row) => row.id).sort());
  });

  it('a lot counted by someone else (known here only by its history row) is refused on the device as already counted', async () => {
    const h = await startHarness(server);
    const other = await server.account(uniqueUser('bob'));
    const [theirs] = await lots(h, other.token, [AISLE_ONE], false);
    if (theirs === undefined) throw new Error('seed');
    const event = await server.ask<{ id: number }>(other.token, 'createInventoryEvent', { label: 'Shared count' });
    await server.ask(other.token, 'createManifestHistory', { inventoryEventId: event.id, manifestId: theirs.id, lotNumber: theirs.lotNumber, status: theirs.status,
      locZone: 1, locAisle: 1, locColumn: 1, locRow: 1, locBox: 1 });
    h.connection.open();
    h.sync.queries.send('getManifestHistory', { inventoryEventId: event.id, manifestId: 0 });
    await vi.waitFor(async () => expect(await shown(h, event.id)).toEqual([[theirs.lotNumber, false, true]]), WAIT);
    const [row] = await readHistory(h.db, event.id);
    expect(row?.manifest).toBeNull(); // another user's lot: its number only
    expect(await recordScan(h.sync, { eventId: event.id, code: theirs.lotNumber, location: AISLE_ONE })).toMatchObject({ kind: 'already' });
  });

  it("counts a lot typed as people type it on a phone, offline: 'lot-7', '7' or '000007' for LOT-000007 (issue 31)", async () => {
    const h = await startHarness(server);
    const held = await lots(h, h.token, [AISLE_ONE, AISLE_ONE, AISLE_ONE]);
    const event = (await h.sync.enqueue(createInventoryEvent.build({ label: 'Typed numbers' }))).tempId ?? 0;
    const number = (lot: Lot | undefined) => Number(lot?.lotNumber.replace(/\D/g, ''));
    const typed = [`lot-${number(held[0])}`, String(number(held[1])), String(number(held[2])).padStart(6, '0')];
    for (const [index, code] of typed.entries()) {
      expect(await recordScan(h.sync, { eventId: event, code, location: AISLE_ONE })).toMatchObject({ kind: 'found', lotNumber: held[index]?.lotNumber });
    }
    expect(await recordScan(h.sync, { eventId: event, code: typed[0] ?? '', location: AISLE_ONE })).toMatchObject({ kind: 'already', lotNumber: held[0]?.lotNumber });
  });
});

describe('a lot this device does not hold: answered at once, checked by the server for that scan alone (issue 31)', () => {
  /** A scan as the count screen makes it: recorded, then logged. */
  async function scan(device: ScanDevice, eventId: number, code: string) {
    const outcome = await recordScan(device, { eventId, code, location: AISLE_ONE });
    return scanLog.add(code, outcome);
  }
  const answers = async (h: Harness) => answerScans(h.db, await batchEntries(h.db, waitingSeqs(scanLog.current())));
  const logged = () => scanLog.current().map((each) => [each.code, each.outcome.kind, each.outcome.message]);

  it('offline: queued by number and told so at once; once online each answer lands on its own scan, a refusal in the server\'s words', async () => {
    scanLog.clear();
    const h = await startHarness(server);
    const [held] = await lots(h, h.token, [AISLE_ONE]);
    const [listed] = await lots(h, h.token, [ELSEWHERE], false);
    if (held === undefined || listed === undefined) throw new Error('seed');
    await server.ask(h.token, 'updateLotStatus', { status: 'LISTED', lotIds: [listed.id] });
    const event = (await h.sync.enqueue(createInventoryEvent.build({ label: 'Not held' }))).tempId ?? 0;
    const typed = `lot-${Number(listed.lotNumber.replace(/\D/g, ''))}`;

    expect((await scan(h.sync, event, held.lotNumber)).outcome).toMatchObject({ kind: 'found' });
    expect((await scan(h.sync, event, typed)).outcome)
      .toMatchObject({ kind: 'checking', lotNumber: listed.lotNumber, message: InventoryScreenMessages.checkWhenOnline(listed.lotNumber) });
    expect((await scan(h.sync, event, 'LOT-999998')).outcome).toMatchObject({ kind: 'checking', lotNumber: 'LOT-999998' });
    expect((await scan(h.sync, event, listed.lotNumber)).outcome).toMatchObject({ kind: 'already', lotNumber: listed.lotNumber });
    expect((await scan(h.sync, event, held.lotNumber)).outcome).toMatchObject({ kind: 'already' });
    expect((await answers(h)).answered).toEqual([]); // nothing is answered before the server is reached

    h.connection.open();
    await vi.waitFor(async () => {
      const { refusedSeqs } = await answers(h);
      for (const seq of refusedSeqs) await h.sync.discardEntry(seq);
      expect(waitingSeqs(scanLog.current())).toEqual([]);
    }, WAIT);
    expect(logged()).toEqual([
      [held.lotNumber, 'already', InventoryMessages.alreadyInHistory(held.lotNumber)],
      [listed.lotNumber, 'already', InventoryMessages.alreadyInHistory(listed.lotNumber)],
      ['LOT-999998', 'refused', InventoryMessages.lotNumberNotFound('LOT-999998')],
      [typed, 'found', InventoryScreenMessages.recorded(listed.lotNumber)],
      [held.lotNumber, 'found', InventoryScreenMessages.recorded(held.lotNumber)],
    ]);
    await settled(h);
    expect((await readHistory(h.db, await resolvedId(h.db, event))).map((row) => [row.lotNumber, row.status, row.pending === 1])).toEqual([
      [held.lotNumber, 'NOT_LISTED', false], [listed.lotNumber, 'LISTED', false],
    ]);
  });

  it('online: checked at once by the server, which reads the number in its own format on a device holding no lots', async () => {
    scanLog.clear();
    const h = await startHarness(server);
    const other = await server.account(uniqueUser('dave'));
    const [theirs] = await lots(h, other.token, [AISLE_ONE], false); // another's lot: never in this device's replica
    if (theirs === undefined) throw new Error('seed');
    const event = (await h.sync.enqueue(createInventoryEvent.build({ label: 'Online check' }))).tempId ?? 0;
    h.connection.open();
    await settled(h);
    const typed = String(Number(theirs.lotNumber.replace(/\D/g, '')));
    const waiting = await scan({ ...h.sync, online: true }, event, typed);
    expect(waiting.outcome).toMatchObject({ kind: 'checking', message: InventoryScreenMessages.checkingLot(typed.toUpperCase()) });
    await vi.waitFor(async () => {
      await answers(h);
      expect(scanLog.current()[0]?.outcome).toEqual({ kind: 'found', lotNumber: theirs.lotNumber, message: InventoryScreenMessages.recorded(theirs.lotNumber) });
    }, WAIT);
  });
});

describe('/app/getManifestHistory', () => {
  it("the reply replaces the event's rows: a row the server no longer has goes, a scan still waiting stays, other events are left alone", async () => {
    const h = await startHarness(server);
    const [lot] = await lots(h, h.token, [AISLE_ONE]);
    if (lot === undefined) throw new Error('seed');
    const event = await server.ask<{ id: number }>(h.token, 'createInventoryEvent', { label: 'Replace' });
    await server.ask(h.token, 'createManifestHistory', { inventoryEventId: event.id, manifestId: lot.id, lotNumber: lot.lotNumber, status: lot.status,
      locZone: 1, locAisle: 1, locColumn: 1, locRow: 1, locBox: 1 });
    const stale = { manifestId: lot.id, status: lot.status, lotNumber: 'GONE', locZone: 1, locAisle: 1, locColumn: 1, locRow: 1, locBox: 1,
      changedBy: null, changedAt: null, manifest: null, storeStatus: null };
    await h.db.rows(historyTable).bulkPut([
      { ...stale, id: 800_001, inventoryEventId: event.id },
      { ...stale, id: -5, inventoryEventId: event.id, lotNumber: 'WAITING', pending: 1, base: null },
      { ...stale, id: 800_002, inventoryEventId: event.id + 1000, lotNumber: 'OTHER EVENT' },
    ]);
    h.connection.open();
    h.sync.queries.send('getManifestHistory', { inventoryEventId: event.id, manifestId: 0 });
    await vi.waitFor(async () => expect((await readHistory(h.db, event.id)).map((row) => row.lotNumber)).toEqual([lot.lotNumber, 'WAITING']), WAIT);
    expect(await h.db.rows(historyTable).get(800_002)).toBeDefined();
  });
});

describe('expected vs found at a location, and Apply count', () => {
  it('lists found, missing and strays; moves only the user\'s own strays through the outbox, offline', async () => {
    const h = await startHarness(server);
    const other = await server.account(uniqueUser('carol'));
    const [here, missing, stray] = await lots(h, h.token, [AISLE_ONE, AISLE_ONE, ELSEWHERE]);
    const [theirs] = await lots(h, other.token, [ELSEWHERE], false);
    if (here === undefined || missing === undefined || stray === undefined || theirs === undefined) throw new Error('seed');
    const event = (await h.sync.enqueue(createInventoryEvent.build({ label: 'Zone 1' }))).tempId ?? 0;
    for (const lot of [here, stray]) await recordScan(h.sync, { eventId: event, code: lot.lotNumber, location: AISLE_ONE });
    // Their lot, known on this device from an earlier history row (manifest null: not ours to see).
    await h.db.rows(historyTable).put({ id: 900_000, manifestId: theirs.id, inventoryEventId: 899_999, status: theirs.status, lotNumber: theirs.lotNumber,
      locZone: 2, locAisle: 3, locColumn: 4, locRow: 5, locBox: 6, changedBy: null, changedAt: null, manifest: null, storeStatus: null });
    expect(await recordScan(h.sync, { eventId: event, code: theirs.lotNumber, location: AISLE_ONE })).toMatchObject({ kind: 'found' });

    const count = await readCount(h.db, event, AISLE_ONE);
    const numbers = (list: ReadonlyArray<{ lotNumber: string }>) => list.map((lot) => lot.lotNumber);
    expect(numbers(count.expected)).toEqual([here.lotNumber, missing.lotNumber].sort());
    expect(numbers(count.found)).toEqual([here.lotNumber]);
    expect(numbers(count.missing)).toEqual([missing.lotNumber]);
    expect(count.strays.map((each) => [each.lotNumber, each.lot !== undefined])).toEqual([[stray.lotNumber, true], [theirs.lotNumber, false]].sort());

    const applied = await applyCount(h.sync.enqueue, count, AISLE_ONE);
    expect(applied.moved).toEqual([stray.lotNumber]);
    expect(applied.notYours).toEqual([theirs.lotNumber]);
    // At once, offline: the stray now counts as expected and found here.
    const after = await readCount(h.db, event, AISLE_ONE);
    expect(numbers(after.found)).toEqual([here.lotNumber, stray.lotNumber].sort());
    expect(after.strays.map((each) => each.lotNumber)).toEqual([theirs.lotNumber]);

    h.connection.open();
    await settled(h);
    expect(h.wire.applied.map(({ destination }) => destination)).toEqual([
      Destination.createInventoryEvent, Destination.createManifestHistory, Destination.createManifestHistory, Destination.createManifestHistory,
      Destination.updateLotLocation,
    ]);
    expect(await server.ask<Lot>(h.token, 'getLotById', stray.id)).toMatchObject(at(AISLE_ONE));
    expect(await server.ask<Lot>(other.token, 'getLotById', theirs.id)).toMatchObject(at(ELSEWHERE));
  });

  it('/app/deleteManifestHistory: the rows leave the history at once and on the server', async () => {
    const h = await startHarness(server);
    const [lot] = await lots(h, h.token, [AISLE_ONE]);
    if (lot === undefined) throw new Error('seed');
    const event = (await h.sync.enqueue(createInventoryEvent.build({ label: 'To delete' }))).tempId ?? 0;
    await recordScan(h.sync, { eventId: event, code: lot.lotNumber, location: AISLE_ONE });
    h.connection.open();
    await settled(h);
    const [row] = await readHistory(h.db, event);
    expect(() => deleteManifestHistory.build([])).toThrow(InventoryScreenMessages.noRowsSelected);
    h.connection.close();
    await h.sync.enqueue(deleteManifestHistory.build([row?.id ?? 0]));
    expect(await readHistory(h.db, event)).toEqual([]);
    h.connection.open();
    await settled(h);
    expect(await h.db.rows(historyTable).get(row?.id ?? 0)).toBeUndefined();
  });
});
