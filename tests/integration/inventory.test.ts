// Inventory events and the manifest history (spec §2 Inventory, §3, §5, §7; DESIGN §5: shared by all staff) on the
// real server with the real STOMP client, every reply checked against the contract.
import { describe, expect, it } from 'vitest';
import { ErrorCode } from '../../src/protocol/error-codes';
import { InventoryEventSchema, ManifestHistoryEntrySchema, type InventoryEvent, type ManifestHistoryEntry } from '../../src/protocol/entities';
import type { Lot } from '../../src/protocol/lots';
import { MessageType } from '../../src/protocol/message-types';
import { InventoryMessages } from '../../src/protocol/messages';
import { createTemplate, list, listingRequest } from '../support/listings';
import { okData, refusal, send } from '../support/lot-replies';
import { ADMIN, ALICE, BOB, MISSING_ID, createLot, outboxHeader, staffSuite, uniqueName } from '../support/staff';
import type { TestClient } from '../support/stomp-client';

const suite = staffSuite();

async function createEvent(client: TestClient, label = uniqueName('Count')): Promise<InventoryEvent> {
  return InventoryEventSchema.parse(okData(await send(client, 'createInventoryEvent', { label })));
}

/** The entry the count screen sends for a lot at zone 1, aisle 2, column 3, row 4, bin 5. */
const entryFor = (event: InventoryEvent, lot: Lot) => ({
  id: 0 as const, manifestId: lot.id, inventoryEventId: event.id, status: lot.status, lotNumber: lot.lotNumber,
  locZone: 1, locAisle: 2, locColumn: 3, locRow: 4, locBox: 5,
});

const record = (client: TestClient, entry: ReturnType<typeof entryFor>, clientMsgId = uniqueName('count')) =>
  client.request('createManifestHistory', entry, 'incomingMessages', outboxHeader(clientMsgId));

async function historyOf(client: TestClient, event: InventoryEvent): Promise<ManifestHistoryEntry[]> {
  return ManifestHistoryEntrySchema.array().parse(okData(await client.request('getManifestHistory', { inventoryEventId: event.id }, 'incomingMessages')));
}

describe('/app/createInventoryEvent and /app/getInventoryEvents', () => {
  it('starts an event now, by its creator, and lists events newest first, filtered by creator or id', async () => {
    const alice = await suite.staff.connect(ALICE);
    const first = await createEvent(alice, 'Aisle 1 count');
    const second = await createEvent(alice);
    expect(first).toMatchObject({ label: 'Aisle 1 count', endTime: null, createdById: await suite.staff.idOf(ALICE) });
    const reply = await alice.request('getInventoryEvents', { createdById: first.createdById }, 'incomingMessages');
    expect(reply).toMatchObject({ errorCode: ErrorCode.OK, messageType: MessageType.FOUND_INVENTORY_EVENTS });
    const ids = InventoryEventSchema.array().parse(okData(reply)).map((event) => event.id);
    expect(ids.indexOf(second.id)).toBeLessThan(ids.indexOf(first.id));
    expect(okData(await alice.request('getInventoryEvents', { id: first.id }, 'incomingMessages'))).toEqual([first]);
  });
});

describe('/app/createManifestHistory', () => {
  it("records the lot with its location, who and when, answering CREATED_MANIFEST_HISTORY", async () => {
    const alice = await suite.staff.connect(ALICE);
    const [event, lot] = [await createEvent(alice), await createLot(alice, 'Counted lot')];
    const reply = await record(alice, entryFor(event, lot));
    expect(reply).toMatchObject({ errorCode: ErrorCode.OK, messageType: MessageType.CREATED_MANIFEST_HISTORY, message: InventoryMessages.recorded(lot.lotNumber) });
    expect(okData(reply)).toMatchObject({
      manifestId: lot.id, lotNumber: lot.lotNumber, locZone: 1, locAisle: 2, locColumn: 3, locRow: 4, locBox: 5,
      changedBy: await suite.staff.idOf(ALICE), changedAt: expect.any(String), manifest: { id: lot.id, titleListing: 'Counted lot' },
    });
  });

  it("refuses a lot already in the event's history with 'Lot {lot number} already in history.'", async () => {
    const alice = await suite.staff.connect(ALICE);
    const [event, lot] = [await createEvent(alice), await createLot(alice, 'Twice counted')];
    await record(alice, entryFor(event, lot));
    expect(await record(alice, entryFor(event, lot))).toEqual(refusal(`Lot ${lot.lotNumber} already in history.`));
    expect(await historyOf(alice, event)).toHaveLength(1);
  });

  it('records once when the outbox sends the same scan twice', async () => {
    const alice = await suite.staff.connect(ALICE);
    const [event, lot] = [await createEvent(alice), await createLot(alice, 'Replayed scan')];
    const first = await record(alice, entryFor(event, lot), 'scan-once');
    expect(await record(alice, entryFor(event, lot), 'scan-once')).toEqual(first);
    expect(await historyOf(alice, event)).toHaveLength(1);
  });

  it("lets anyone count any lot, showing another user's lot by its number only", async () => {
    const [alice, bob] = [await suite.staff.connect(ALICE), await suite.staff.connect(BOB)];
    const [event, lot] = [await createEvent(bob), await createLot(alice, "Alice's lot")];
    expect(okData(await record(bob, entryFor(event, lot)))).toMatchObject({ lotNumber: lot.lotNumber, manifest: null });
    expect((await historyOf(alice, event))[0]).toMatchObject({ changedBy: await suite.staff.idOf(BOB), manifest: { id: lot.id } });
    const admin = await suite.staff.connect(ADMIN); // after the pushes an admin's session would hear
    expect((await historyOf(admin, event))[0]?.manifest).toMatchObject({ id: lot.id });
  });

  it('answers NOT_FOUND for an unknown event or lot', async () => {
    const alice = await suite.staff.connect(ALICE);
    const [event, lot] = [await createEvent(alice), await createLot(alice, 'Lost lot')];
    const notFound = (message: string) => ({ errorCode: ErrorCode.NOT_FOUND, messageType: MessageType.ERROR, message, data: null });
    expect(await record(alice, { ...entryFor(event, lot), inventoryEventId: MISSING_ID })).toEqual(notFound(InventoryMessages.eventNotFound(MISSING_ID)));
    expect(await record(alice, { ...entryFor(event, lot), manifestId: MISSING_ID })).toEqual(notFound(InventoryMessages.lotNotFound(MISSING_ID)));
  });
});

describe('/app/createManifestHistory for a lot its device does not hold (manifestId 0, issue 31)', () => {
  it("finds the lot by its number as typed ('lot-7', '7') and records it with the lot's own status", async () => {
    const alice = await suite.staff.connect(ALICE);
    const [event, lot, other] = [await createEvent(alice), await createLot(alice, 'Counted by number'), await createLot(alice, 'Typed short')];
    const digits = (of: Lot) => String(Number(of.lotNumber.replace(/\D/g, '')));
    const byNumber = (of: Lot, typed: string) => ({ ...entryFor(event, of), manifestId: 0, lotNumber: typed, status: 'SOLD' as const });
    const reply = await record(alice, byNumber(lot, `lot-${digits(lot)}`));
    expect(reply).toMatchObject({ errorCode: ErrorCode.OK, messageType: MessageType.CREATED_MANIFEST_HISTORY, message: InventoryMessages.recorded(lot.lotNumber) });
    expect(okData(reply)).toMatchObject({ manifestId: lot.id, lotNumber: lot.lotNumber, status: 'NOT_LISTED', manifest: { id: lot.id } });
    expect(okData(await record(alice, byNumber(other, digits(other))))).toMatchObject({ manifestId: other.id, lotNumber: other.lotNumber });
    expect(await record(alice, byNumber(lot, lot.lotNumber))).toEqual(refusal(`Lot ${lot.lotNumber} already in history.`));
  });

  it("answers NOT_FOUND naming the number when no lot has it", async () => {
    const alice = await suite.staff.connect(ALICE);
    const [event, lot] = [await createEvent(alice), await createLot(alice, 'Not this one')];
    expect(await record(alice, { ...entryFor(event, lot), manifestId: 0, lotNumber: 'LOT-999999' })).toEqual({
      errorCode: ErrorCode.NOT_FOUND, messageType: MessageType.ERROR, message: InventoryMessages.lotNumberNotFound('LOT-999999'), data: null,
    });
  });
});

describe('/app/getManifestHistory and /app/deleteManifestHistory', () => {
  it("attaches each lot's store stock, and deletes entries by id", async () => {
    const alice = await suite.staff.connect(ALICE);
    const event = await createEvent(alice);
    const [listed, shelved] = [await createLot(alice, 'In the store'), await createLot(alice, 'On the shelf')];
    await list(alice, listingRequest(listed, await createTemplate(alice)));
    await record(alice, entryFor(event, listed));
    await record(alice, entryFor(event, shelved));
    const history = await historyOf(alice, event);
    expect(history.map((entry) => [entry.lotNumber, entry.storeStatus])).toEqual([
      [listed.lotNumber, { sku: listed.lotNumber, stock_status: 'instock', stock_quantity: 1 }],
      [shelved.lotNumber, null],
    ]);
    const ids = history.map((entry) => entry.id);
    const reply = await send(alice, 'deleteManifestHistory', [...ids, MISSING_ID]);
    expect(reply).toMatchObject({ messageType: MessageType.DELETED_MANIFEST_HISTORIES, data: ids, message: InventoryMessages.deleted(2) });
    expect(await historyOf(alice, event)).toEqual([]);
  });
});
