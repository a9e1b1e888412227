// The outbox as a user of a tablet whose Wi-Fi drops sees it (DESIGN §4): changes show at once, reach the
// server once each and in order, refused ones come back with the server's message, and nothing belongs to
// the wrong user. The real server (router, handlers, database) answers on an in-memory wire.
import 'fake-indexeddb/auto';
import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import { addUpc } from '../../../src/domains/items';
import { createLot, lotsTable, renameLot } from '../../../src/domains/lots';
import type { Box } from '../../../src/protocol/entities';
import { AFTER_MSG_ID_HEADER, PIPELINE_WINDOW } from '../../../src/protocol/auth';
import { Destination } from '../../../src/protocol/destinations';
import { ErrorCode } from '../../../src/protocol/error-codes';
import type { Lot } from '../../../src/protocol/lots';
import { ServerMessages } from '../../../src/protocol/messages';
import { PROTOCOL_VERSION } from '../../../src/protocol/version';
import { createInProcessLocks } from '../../../src/sync/outbox/locks';
import { discardEntry, enqueue, type Intent } from '../../../src/sync/outbox/outbox';
import { markInFlight } from '../../../src/sync/outbox/queue';
import { outboxSummary, queuedEntries } from '../../../src/sync/outbox/summary';
import { createReplayer } from '../../../src/sync/outbox/replayer';
import { startClientServer, type ClientServer } from './support/server';
import { startHarness, freshReplica, outboxSends, uniqueUser, type Harness, type HarnessOptions } from './support/sync-harness';

let server: ClientServer;
beforeAll(async () => void (server = await startClientServer()), 60_000);
afterAll(() => server?.stop());

const start = (options: HarnessOptions = {}): Promise<Harness> => startHarness(server, options);

const queue = (harness: Harness, intent: Intent) => harness.sync.enqueue(intent);
const create = (title: string) => createLot.build({ title });
const rename = (lotId: number, newTitle: string) => renameLot.build({ lotId, newTitle });
const settled = (harness: Harness) =>
  vi.waitFor(async () => expect((await outboxSummary(harness.db, harness.user)).queued).toBe(0), { timeout: 5000, interval: 5 });
const titles = async (harness: Harness) => (await harness.db.rows(lotsTable).toArray()).map((lot) => [lot.id, lot.titleListing, lot.pending ?? 0]);
const applied = (harness: Harness) => harness.wire.applied.map(({ body }) => body);
/** A lot of the harness's user, made on the server. */
const serverLot = (harness: Harness, title: string) => server.ask<Lot>(harness.token, 'createManifest', title);

describe('outbox: changes made offline', () => {
  it('show at once as pending, then reach the server in order, once each, after the connection comes back', async () => {
    const h = await start();
    const first = await queue(h, create('Pallet A'));
    await queue(h, create('Pallet B'));
    await queue(h, rename(first.tempId ?? 0, 'Pallet A, sorted'));
    expect(await titles(h)).toEqual([[-2, 'Pallet B', 1], [-1, 'Pallet A, sorted', 1]]);
    expect(outboxSends(h)).toEqual([]);

    h.connection.open();
    await settled(h);
    const [a, b] = (await h.db.rows(lotsTable).orderBy('id').toArray()).map((lot) => lot.id);
    expect(h.wire.applied.map(({ destination, body }) => [destination, body])).toEqual([
      [Destination.createManifest, 'Pallet A'],
      [Destination.createManifest, 'Pallet B'],
      [Destination.updateManifestTitleById, { lotId: a, newTitle: 'Pallet A, sorted' }],
    ]);
    expect(await titles(h)).toEqual([[a, 'Pallet A, sorted', 0], [b, 'Pallet B', 0]]);
  });

  it('go together before their receipts, each after the first naming the one before it, and apply in order', async () => {
    const h = await start();
    h.wire.holding = true;
    const queued = [await queue(h, create('One')), await queue(h, create('Two')), await queue(h, create('Three'))];
    h.connection.open();
    await vi.waitFor(() => expect(outboxSends(h)).toHaveLength(3));
    const ids = queued.map(({ clientMsgId }) => clientMsgId);
    expect(h.connection.sent.filter((frame) => frame.destination === Destination.createManifest).map((frame) => frame.headers)).toEqual([
      { 'client-msg-id': ids[0], receipt: ids[0] },
      { 'client-msg-id': ids[1], receipt: ids[1], 'after-msg-id': ids[0] },
      { 'client-msg-id': ids[2], receipt: ids[2], 'after-msg-id': ids[1] },
    ]);
    h.wire.holding = false;
    h.wire.release();
    await settled(h);
    expect(applied(h)).toEqual(['One', 'Two', 'Three']);
  });

  it(`go at most ${PIPELINE_WINDOW} at a time: the next goes as receipts come back`, async () => {
    const h = await start();
    h.wire.holding = true;
    const names = Array.from({ length: PIPELINE_WINDOW + 8 }, (_, i) => `Lot ${i + 1}`);
    for (const name of names) await queue(h, create(name));
    h.connection.open();
    await vi.waitFor(() => expect(outboxSends(h)).toHaveLength(PIPELINE_WINDOW));
    await h.wire.idle(); // the server has answered them all; their receipts are held back
    expect(outboxSends(h)).toHaveLength(PIPELINE_WINDOW);
    h.wire.holding = false;
    h.wire.release();
    await settled(h);
    expect(applied(h)).toEqual(names);
  });

  it("wait for a create's answer before sending a change that names the row it makes", async () => {
    const h = await start();
    h.wire.holding = true;
    const { tempId } = await queue(h, create('Made offline'));
    await queue(h, rename(tempId ?? 0, 'Renamed offline'));
    h.connection.open();
    await vi.waitFor(() => expect(outboxSends(h)).toHaveLength(1));
    await h.wire.idle();
    expect(outboxSends(h)).toHaveLength(1);
    h.wire.holding = false;
    h.wire.release();
    await settled(h);
    const [lot] = await h.db.rows(lotsTable).toArray();
    expect(outboxSends(h)[1]?.body).toEqual({ lotId: lot?.id, newTitle: 'Renamed offline' });
  });

  it('are listed for the outbox panel in queue order, the one being sent marked', async () => {
    const h = await start();
    h.wire.holding = true;
    await queue(h, create('First'));
    await queue(h, rename(-1, 'Second'));
    expect((await queuedEntries(h.db, h.user)).map(({ destination, sending }) => [destination, sending])).toEqual([
      [Destination.createManifest, false],
      [Destination.updateManifestTitleById, false],
    ]);
    h.connection.open();
    await vi.waitFor(async () => expect((await queuedEntries(h.db, h.user))[0]?.sending).toBe(true));
    h.wire.holding = false;
    h.wire.release();
    await settled(h);
    expect(await queuedEntries(h.db, h.user)).toEqual([]);
  });

  it('carry a client-msg-id of {deviceId}:{seq} and a receipt header', async () => {
    const h = await start();
    const { seq, clientMsgId } = await queue(h, create('Tagged'));
    h.connection.open();
    await settled(h);
    expect(clientMsgId).toMatch(new RegExp(`^[0-9a-f]{32}:${seq}$`));
    const frame = h.connection.sent.find((sent) => sent.destination === Destination.createManifest);
    expect(frame?.headers).toEqual({ 'client-msg-id': clientMsgId, receipt: clientMsgId });
  });
});

describe('outbox: whose changes', () => {
  it("never sends another user's queued changes; they wait for that user", async () => {
    const db = freshReplica();
    const bob = await start({ user: uniqueUser('bob'), db });
    await queue(bob, create("Bob's lot"));
    bob.unlink();

    const alice = await start({ db });
    await queue(alice, create("Alice's lot"));
    alice.connection.open();
    await settled(alice);
    expect(outboxSends(alice).map((sent) => sent.body)).toEqual(["Alice's lot"]);
    expect((await outboxSummary(db, bob.user)).queued).toBe(1);
    expect((await db.rows(lotsTable).toArray()).map((lot) => lot.titleListing)).toEqual(["Alice's lot"]);
  });
});

describe('outbox: refused changes', () => {
  it("go to failed with the server's message, roll back, and the queue goes on", async () => {
    const h = await start();
    const original = await serverLot(h, 'Original');
    h.connection.open();
    await vi.waitFor(async () => expect(await h.db.rows(lotsTable).get(original.id)).toMatchObject({ titleListing: 'Original' }));
    h.connection.close();
    await queue(h, rename(original.id, 'Renamed'));
    await queue(h, rename(2_000_000_000, 'Not mine'));
    await queue(h, create('After'));
    expect((await h.db.rows(lotsTable).get(original.id))?.titleListing).toBe('Renamed');

    await server.ask(h.token, 'deleteLots', [{ id: original.id }]); // deleted meanwhile, on another device
    h.connection.open();
    await settled(h);
    const { failed } = await outboxSummary(h.db, h.user);
    expect(failed.map(({ destination, lastError }) => [destination, lastError])).toEqual([
      [Destination.updateManifestTitleById, ServerMessages.lotNotFoundOrNotOwned],
      [Destination.updateManifestTitleById, ServerMessages.lotNotFoundOrNotOwned],
    ]);
    expect(h.notifier.error).toHaveBeenCalledWith(ServerMessages.lotNotFoundOrNotOwned);
    // The refused rename is undone, and the re-fetch after it shows the server's state: the first lot is gone.
    await vi.waitFor(async () => expect((await titles(h)).map(([, title, pending]) => [title, pending])).toEqual([['After', 0]]));
  });

  it('can be retried, at the end of the queue', async () => {
    const h = await start();
    const lot = await serverLot(h, 'Scans');
    const box = await server.ask<Box>(h.token, 'addBoxToLot', { id: 0, manualManiestId: lot.id, label: 'B' });
    const upc = `R${Date.now()}`;
    await queue(h, addUpc.build({ boxId: box.id, upc, existing: undefined, known: undefined }));
    h.connection.open();
    await settled(h);
    const [refused] = (await outboxSummary(h.db, h.user)).failed;
    expect(refused?.lastError).toBe(ServerMessages.upcNotFound(upc));
    await server.seedCatalogue([{ upc }]); // someone adds the product to the catalogue
    await queue(h, create('Meanwhile'));
    await settled(h);
    await h.sync.retryEntry(refused?.seq ?? 0);
    await settled(h);
    expect(applied(h)).toEqual(['Meanwhile', { upc, boxId: box.id }]);
    expect((await outboxSummary(h.db, h.user)).failed).toEqual([]);
  });

  it('can be discarded, and a queued change not yet sent can be dropped with its pending row', async () => {
    const h = await start();
    await queue(h, rename(2_000_000_000, 'Refused'));
    h.connection.open();
    await settled(h);
    const [refused] = (await outboxSummary(h.db, h.user)).failed;
    expect(await discardEntry(h.db, refused?.seq ?? 0)).toBe(true);
    expect(await outboxSummary(h.db, h.user)).toEqual({ queued: 0, failed: [] });

    h.connection.close();
    const { seq } = await queue(h, create('Changed my mind'));
    expect(await h.db.rows(lotsTable).count()).toBe(1);
    expect(await discardEntry(h.db, seq)).toBe(true);
    expect(await h.db.rows(lotsTable).count()).toBe(0);
  });

  it('a refused create takes the changes that name its lot down with it', async () => {
    const h = await start();
    const { tempId } = await queue(h, { ...create('x'), body: '   ' }); // the server refuses a blank title
    await queue(h, rename(tempId ?? 0, 'Renamed'));
    h.connection.open();
    await settled(h);
    expect((await outboxSummary(h.db, h.user)).failed).toHaveLength(2);
    expect(h.wire.applied).toEqual([]);
    expect(await h.db.rows(lotsTable).count()).toBe(0);
  });
});

describe('outbox: failures that pass', () => {
  it('retries after a server error (5xx) with backoff and keeps the order', async () => {
    const h = await start();
    h.wire.failFor('First', [ErrorCode.INTERNAL_SERVER_ERROR, ErrorCode.SERVICE_UNAVAILABLE]);
    await queue(h, create('First'));
    await queue(h, create('Second'));
    h.connection.open();
    await settled(h);
    expect(applied(h)).toEqual(['First', 'Second']);
    // Second went with First each time, and the server held it back (TOO_EARLY) until First was applied.
    expect(outboxSends(h).map(({ body }) => body)).toEqual(['First', 'Second', 'First', 'Second', 'First', 'Second']);
    expect((await outboxSummary(h.db, h.user)).failed).toEqual([]);
    // Held back is not refused: nothing to tell the user.
    expect(h.notifier.error).not.toHaveBeenCalledWith(ServerMessages.tooEarly(AFTER_MSG_ID_HEADER));
  });

  it('resends what was in flight when the connection dropped, with the same ids, and the server applies each once', async () => {
    const h = await start();
    h.wire.dropAfterApplyNext = true;
    await queue(h, create('Dropped reply'));
    await queue(h, create('Next'));
    h.connection.open();
    await vi.waitFor(() => expect(h.connection.getSnapshot().state).toBe('loading'));
    expect(h.wire.applied[0]?.body).toBe('Dropped reply');
    expect((await outboxSummary(h.db, h.user)).queued).toBe(2);

    h.connection.open();
    await settled(h);
    const sends = outboxSends(h);
    expect(sends.map(({ body }) => body)).toEqual(['Dropped reply', 'Next', 'Dropped reply', 'Next']);
    expect([sends[2]?.clientMsgId, sends[3]?.clientMsgId]).toEqual([sends[0]?.clientMsgId, sends[1]?.clientMsgId]);
    expect(applied(h)).toEqual(['Dropped reply', 'Next']);
    expect((await titles(h)).map(([, title, pending]) => [title, pending])).toEqual([['Dropped reply', 0], ['Next', 0]]);
  });

  it('on UNAUTHORIZED logs the user out and keeps the change queued until they sign in again', async () => {
    const h = await start();
    h.wire.failNext.push(ErrorCode.UNAUTHORIZED);
    await queue(h, create('Needs a token'));
    h.connection.open();
    await vi.waitFor(() => expect(h.notifier.alert).toHaveBeenCalledWith('Error: Unauthorized: sign in again.'));
    expect(h.sync.session.get()).toMatchObject({ token: undefined, username: '' });
    await vi.waitFor(async () => expect((await h.db.outbox.toArray())[0]?.state).toBe('pending')); // settled: back in the queue
    await h.wire.idle();
    expect(outboxSends(h)).toHaveLength(1);
    expect((await outboxSummary(h.db, h.user)).queued).toBe(1);

    h.sync.session.login(await server.newToken(h.user));
    await settled(h);
    expect(applied(h)).toEqual(['Needs a token']);
  });
});

describe('outbox: a tab that died', () => {
  it('sends its in-flight change again when the next replayer starts', async () => {
    const db = freshReplica();
    const first = await start({ db });
    const { seq } = await queue(first, create('Half sent'));
    first.unlink();
    await markInFlight(db, [seq]); // the tab died between SEND and RECEIPT
    expect((await db.outbox.get(seq))?.state).toBe('in-flight');

    const second = await start({ db, user: first.user });
    second.connection.open();
    await settled(second);
    expect(applied(second)).toEqual(['Half sent']);
  });

  it('runs one replayer per device: a second one waits for the lock', async () => {
    const h = await start();
    const locks = createInProcessLocks();
    const { session } = h.sync;
    const replayerOf = () =>
      createReplayer({ db: h.db, transport: h.connection, session: { user: () => h.user, token: session.currentToken, subscribe: session.subscribe }, locks, backoffMs: () => 5 });
    h.unlink(); // the harness's own replayer stops; two new ones share one lock
    const stops = [replayerOf().start(), replayerOf().start()];
    onTestFinished(() => stops.forEach((stop) => stop()));
    for (const title of ['a', 'b', 'c']) await enqueue(h.db, h.user, create(title));
    h.connection.open();
    await settled(h);
    expect(outboxSends(h).map(({ body }) => body)).toEqual(['a', 'b', 'c']);
  });
});

describe('outbox: two tabs of two releases (issue 32)', () => {
  it('the older tab sends what it can read, hands the queue to the newer tab at the first entry it cannot, and is told', async () => {
    const h = await start();
    const locks = createInProcessLocks();
    const { session } = h.sync;
    const told = vi.fn();
    const replayerOf = (protocol: number, onNewerEntry?: () => void) => createReplayer({
      db: h.db, transport: h.connection, session: { user: () => h.user, token: session.currentToken, subscribe: session.subscribe }, locks, backoffMs: () => 5,
      protocol, ...(onNewerEntry === undefined ? {} : { onNewerEntry }),
    });
    h.unlink();
    await enqueue(h.db, h.user, create('Old tab, first'));
    const { seq } = await enqueue(h.db, h.user, create('New tab'));
    await h.db.outbox.update(seq, { protocol: PROTOCOL_VERSION + 1 }); // written by the newer release's tab
    await enqueue(h.db, h.user, create('Old tab, after'));
    const older = replayerOf(PROTOCOL_VERSION, told).start(); // holds the lock first
    const newer = replayerOf(PROTOCOL_VERSION + 1).start();
    onTestFinished(() => [older, newer].forEach((stop) => stop()));
    h.connection.open();
    await settled(h);
    expect(outboxSends(h).map(({ body }) => body)).toEqual(['Old tab, first', 'New tab', 'Old tab, after']);
    expect(told).toHaveBeenCalledOnce();
  });
});

describe('outbox: lots made offline', () => {
  it('get their real id from CREATED_MANIFEST, and later changes naming them are rewritten', async () => {
    const h = await start();
    const { tempId } = await queue(h, create('Draft'));
    expect(tempId).toBeLessThan(0);
    await queue(h, rename(tempId ?? 0, 'Final'));
    await queue(h, rename(tempId ?? 0, 'Really final'));
    h.connection.open();
    await settled(h);
    const [lot] = await h.db.rows(lotsTable).toArray();
    expect(applied(h)).toEqual(['Draft', { lotId: lot?.id, newTitle: 'Final' }, { lotId: lot?.id, newTitle: 'Really final' }]);
    expect(await titles(h)).toEqual([[lot?.id, 'Really final', 0]]);
    expect(h.notifier.success).toHaveBeenCalledWith('Created manifest: Draft');
  });
});
