// Ingest (DESIGN §4): what the Lots list shows after each reply, and what the user reads and hears (spec §8).
import 'fake-indexeddb/auto';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { renameLotIntent } from '../../../src/sync/intents/rename-lot';
import { DEFAULT_LOTS_FILTER, type LotsFilter } from '../../../src/protocol/lots';
import { errorEnvelope, okEnvelope } from '../../../src/protocol/envelope';
import { ErrorCode } from '../../../src/protocol/error-codes';
import { MessageType } from '../../../src/protocol/message-types';
import { Topic } from '../../../src/protocol/topics';
import { createIngest } from '../../../src/sync/ingest';
import { enqueue } from '../../../src/sync/outbox';
import { createStatus, READY } from '../../../src/sync/status';
import { makeLot } from './support/fake-server';
import { createHarness, freshReplica, mockNotifier } from './support/sync-harness';
import { ClientMessages } from '../../../src/protocol/messages';

function setup({ isAdmin = false } = {}) {
  const db = freshReplica();
  const notifier = mockNotifier();
  const status = createStatus();
  const ingest = createIngest({ db, feedback: { notifier, status }, signedIn: () => ({ user: 'alice', isAdmin }) });
  const stored = async () => (await db.lots.orderBy('id').toArray()).map((lot) => [lot.id, lot.titleListing, lot.status]);
  return { db, notifier, status, ingest, stored };
}

const filter = (change: Partial<LotsFilter>): LotsFilter => ({ ...DEFAULT_LOTS_FILTER, ...change });

describe('/user/topics/lots (getLots reply)', () => {
  it("replaces the stored lots the request's filter covers, and keeps the others", async () => {
    const { ingest, stored } = setup();
    await ingest.lots([makeLot(1, 'a'), makeLot(2, 'b', 7, { status: 'LISTED' }), makeLot(3, 'c', 7, { status: 'SHIPPED' })], undefined);
    // The default filter (NOT_LISTED, SHIPPED) no longer returns 1 and 3; LISTED was not asked for.
    await ingest.lots([makeLot(4, 'd')], DEFAULT_LOTS_FILTER);
    expect(await stored()).toEqual([[2, 'b', 'LISTED'], [4, 'd', 'NOT_LISTED']]);
  });

  it('keeps lots with pending changes, laying the change over the newer server row', async () => {
    const { db, ingest, stored } = setup();
    await ingest.lots([makeLot(1, 'old'), makeLot(2, 'gone')], DEFAULT_LOTS_FILTER);
    await enqueue(db, 'alice', renameLotIntent({ lotId: 2, newTitle: 'renamed offline' }));
    await ingest.lots([makeLot(1, 'newer')], DEFAULT_LOTS_FILTER);
    expect(await stored()).toEqual([[1, 'newer', 'NOT_LISTED'], [2, 'renamed offline', 'NOT_LISTED']]);
    await ingest.lots([makeLot(1, 'newer'), makeLot(2, 'server title', 7, { numberOfUnits: 4 })], DEFAULT_LOTS_FILTER);
    const row = await db.lots.get(2);
    expect(row).toMatchObject({ titleListing: 'renamed offline', numberOfUnits: 4, pending: 1, base: { titleListing: 'server title' } });
  });

  it("replaces only the admin's own lots when My Lots is on, once the own id is known", async () => {
    const { ingest, stored } = setup({ isAdmin: true });
    await ingest.lots([makeLot(1, 'mine', 1), makeLot(2, 'theirs', 2)], filter({ myLots: false }));
    await ingest.lots([makeLot(3, 'mine too', 1)], filter({ myLots: true }));
    expect(await stored()).toEqual([[2, 'theirs', 'NOT_LISTED'], [3, 'mine too', 'NOT_LISTED']]);
  });

  it('replaces only the lots whose number starts with the requested one', async () => {
    const { ingest, stored } = setup();
    await ingest.lots([makeLot(1, 'a'), makeLot(12, 'b')], undefined);
    await ingest.lots([], filter({ lotNumber: 'LOT-00001' })); // LOT-000012 is covered, LOT-000001 is not
    expect(await stored()).toEqual([[1, 'a', 'NOT_LISTED']]);
  });

  it('changes nothing when the reply does not match the contract', async () => {
    const { ingest, stored } = setup();
    await ingest.lots([makeLot(1, 'kept')], undefined);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    onTestFinished(() => warn.mockRestore());
    await ingest.lots([makeLot(2, 'fine'), { ...makeLot(3, 'broken'), status: 'LOST' }], DEFAULT_LOTS_FILTER);
    await ingest.lots('not a list', DEFAULT_LOTS_FILTER);
    await ingest.lotById({ id: 'x' });
    await ingest.incoming(okEnvelope(MessageType.UPDATED_LOT_TITLE, { ...makeLot(1, 'x'), id: -4 }));
    await ingest.incoming({ errorCode: 'OK' });
    expect(await stored()).toEqual([[1, 'kept', 'NOT_LISTED']]);
    expect(warn).toHaveBeenCalledTimes(5);
  });

  it('writes nothing while nobody is signed in', async () => {
    const db = freshReplica();
    const ingest = createIngest({ db, feedback: { notifier: mockNotifier(), status: createStatus() }, signedIn: () => undefined });
    await ingest.lots([makeLot(1, 'a')], undefined);
    expect(await db.lots.count()).toBe(0);
  });
});

describe('/user/topics/lotById and lot envelopes', () => {
  it('store the lot: lotById, UPDATED_LOT_TITLE and a push from another session', async () => {
    const { ingest, stored } = setup();
    await ingest.lotById(makeLot(5, 'five'));
    await ingest.incoming(okEnvelope(MessageType.UPDATED_LOT_TITLE, makeLot(5, 'renamed')));
    await ingest.incoming(okEnvelope(MessageType.CREATED_MANIFEST, makeLot(6, 'from the other tablet'), 'Created manifest: from the other tablet'));
    expect(await stored()).toEqual([[5, 'renamed', 'NOT_LISTED'], [6, 'from the other tablet', 'NOT_LISTED']]);
  });

  it('DELETED_LOTS removes them', async () => {
    const { ingest, stored } = setup();
    await ingest.lots([makeLot(1, 'a'), makeLot(2, 'b')], undefined);
    await ingest.incoming(okEnvelope(MessageType.DELETED_LOTS, [1], 'Deleted lots: 1'));
    expect(await stored()).toEqual([[2, 'b', 'NOT_LISTED']]);
  });
});

describe('what the user reads and hears (spec §8)', () => {
  it("'Created manifest: {title}' as a success toast, once even when a resend replays the reply", async () => {
    const { ingest, notifier, status } = setup();
    const reply = okEnvelope(MessageType.CREATED_MANIFEST, makeLot(1, 'Pallet'), 'Created manifest: Pallet');
    await ingest.incoming(reply, { 'client-msg-id': 'd:1' });
    await ingest.incoming(reply, { 'client-msg-id': 'd:1' });
    expect(notifier.success).toHaveBeenCalledTimes(1);
    expect(notifier.success).toHaveBeenCalledWith('Created manifest: Pallet');
    expect(status.get().message).toBe(READY);
  });

  it('NOT_FOUND: the message and the not-found sound; other codes: the message only; status Ready.', async () => {
    const { ingest, notifier, status } = setup();
    status.busy('Working...');
    await ingest.incoming(errorEnvelope(ErrorCode.NOT_FOUND, 'UPC 123 not found.'));
    expect(notifier.error).toHaveBeenLastCalledWith('UPC 123 not found.');
    expect(notifier.sound).toHaveBeenCalledWith('notFound');
    expect(status.get()).toEqual({ message: READY, submitting: false });
    await ingest.incoming(errorEnvelope(ErrorCode.INTERNAL_SERVER_ERROR, 'Internal server error. Please try again.'));
    expect(notifier.error).toHaveBeenLastCalledWith('Internal server error. Please try again.');
    expect(notifier.sound).toHaveBeenCalledTimes(1);
  });

  it("NOT_USED: 'Error, wrong message type, NOT_USED.'", async () => {
    const { ingest, notifier } = setup();
    await ingest.incoming(okEnvelope(MessageType.NOT_USED, null));
    expect(notifier.error).toHaveBeenCalledWith(ClientMessages.notUsed);
  });

  it('an unknown message type among OK replies shows its message', async () => {
    const { ingest, notifier } = setup();
    await ingest.incoming(okEnvelope(MessageType.PRODUCTS_STATUS, null, 'Products checked.'));
    expect(notifier.info).toHaveBeenCalledWith('Products checked.');
  });
});

describe('routing (client.ts)', () => {
  it('sends incomingMessages, lots and lotById through ingest, matching each lots reply with its request', async () => {
    const h = createHarness();
    onTestFinished(h.unlink);
    h.connection.open(); // asks for the default filter's lots
    h.connection.deliver(Topic.lots, [makeLot(1, 'one')]);
    h.connection.deliver(Topic.lotById, makeLot(2, 'two'));
    h.connection.deliver(Topic.incomingMessages, okEnvelope(MessageType.UPDATED_LOT_TITLE, makeLot(1, 'uno')));
    await vi.waitFor(async () => expect((await h.db.lots.toArray()).map((lot) => lot.titleListing)).toEqual(['uno', 'two']));
    expect(h.lotsQuery.takeRequested()).toBeUndefined();
  });
});
