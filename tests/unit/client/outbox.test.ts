// The outbox as a user of a tablet whose Wi-Fi drops sees it (DESIGN §4): changes show at once, reach the
// server once each and in order, refused ones come back with the server's message, and nothing belongs to
// the wrong user. The fake server behind the fake connection answers as the real one does.
import 'fake-indexeddb/auto';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { createLotIntent } from '../../../src/features/lots/create-lot';
import { renameLotIntent } from '../../../src/sync/intents/rename-lot';
import { Destination } from '../../../src/protocol/destinations';
import { ErrorCode } from '../../../src/protocol/error-codes';
import { refetchAfter, replaySession } from '../../../src/sync/client';
import { createInProcessLocks } from '../../../src/sync/locks';
import { discardEntry, enqueue, markInFlight, outboxSummary, queuedEntries, retryEntry, type Intent } from '../../../src/sync/outbox';
import { createReplayer } from '../../../src/sync/replayer';
import { claimReplica } from '../../../src/sync/replica-owner';
import { makeLot } from './support/fake-server';
import { createHarness, freshReplica, outboxSends, type Harness } from './support/sync-harness';
import { ServerMessages } from '../../../src/protocol/messages';

function start(options: Parameters<typeof createHarness>[0] = {}): Harness {
  const harness = createHarness(options);
  onTestFinished(harness.unlink);
  return harness;
}

async function queue(harness: Harness, intent: Intent) {
  const queued = await enqueue(harness.db, harness.user, intent);
  harness.replayer.wake();
  return queued;
}

const create = (title: string) => createLotIntent({ title });
const rename = (lotId: number, newTitle: string) => renameLotIntent({ lotId, newTitle });
const settled = (harness: Harness) =>
  vi.waitFor(async () => expect((await outboxSummary(harness.db, harness.user)).queued).toBe(0), { timeout: 3000, interval: 5 });
const titles = async (harness: Harness) => (await harness.db.lots.toArray()).map((lot) => [lot.id, lot.titleListing, lot.pending ?? 0]);

describe('outbox: changes made offline', () => {
  it('show at once as pending, then reach the server in order, once each, after the connection comes back', async () => {
    const h = start();
    const first = await queue(h, create('Pallet A'));
    await queue(h, create('Pallet B'));
    await queue(h, rename(first.tempId ?? 0, 'Pallet A, sorted'));
    expect(await titles(h)).toEqual([[-2, 'Pallet B', 1], [-1, 'Pallet A, sorted', 1]]);
    expect(outboxSends(h)).toEqual([]);

    h.connection.open();
    await settled(h);
    expect(h.server.applied.map(({ destination, body }) => [destination, body])).toEqual([
      [Destination.createManifest, 'Pallet A'],
      [Destination.createManifest, 'Pallet B'],
      [Destination.updateManifestTitleById, { lotId: 1, newTitle: 'Pallet A, sorted' }],
    ]);
    expect(await titles(h)).toEqual([[1, 'Pallet A, sorted', 0], [2, 'Pallet B', 0]]);
  });

  it('go one at a time: the next is sent only after the previous RECEIPT', async () => {
    const h = start();
    h.server.holding = true;
    await queue(h, create('One'));
    await queue(h, create('Two'));
    h.connection.open();
    await vi.waitFor(() => expect(outboxSends(h)).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(outboxSends(h)).toHaveLength(1);
    h.server.release();
    await vi.waitFor(() => expect(outboxSends(h)).toHaveLength(2));
    h.server.holding = false;
    h.server.release();
    await settled(h);
  });

  it('are listed for the outbox panel in queue order, the one being sent marked', async () => {
    const h = start();
    h.server.holding = true;
    await queue(h, create('First'));
    await queue(h, rename(-1, 'Second'));
    expect((await queuedEntries(h.db, h.user)).map(({ destination, sending }) => [destination, sending])).toEqual([
      [Destination.createManifest, false],
      [Destination.updateManifestTitleById, false],
    ]);
    h.connection.open();
    await vi.waitFor(async () => expect((await queuedEntries(h.db, h.user))[0]?.sending).toBe(true));
    h.server.holding = false;
    h.server.release();
    await settled(h);
    expect(await queuedEntries(h.db, h.user)).toEqual([]);
  });

  it('carry a client-msg-id of {deviceId}:{seq} and a receipt header', async () => {
    const h = start();
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
    const bob = start({ user: 'bob', db });
    await queue(bob, create("Bob's lot"));
    bob.unlink();

    const alice = start({ user: 'alice', db });
    await queue(alice, create("Alice's lot"));
    alice.connection.open();
    await settled(alice);
    expect(outboxSends(alice).map((sent) => sent.body)).toEqual(["Alice's lot"]);
    expect((await outboxSummary(db, 'bob')).queued).toBe(1);
    expect((await db.lots.toArray()).map((lot) => lot.titleListing)).toEqual(["Alice's lot"]);
  });
});

describe('outbox: refused changes', () => {
  it("go to failed with the server's message, roll back, and the queue goes on", async () => {
    const h = start();
    h.server.lots.set(5, makeLot(5, 'Original'));
    await claimReplica(h.db, h.user);
    await h.db.lots.put(makeLot(5, 'Original'));
    await queue(h, rename(5, 'Renamed'));
    await queue(h, rename(99, 'Not mine'));
    await queue(h, create('After'));
    expect((await h.db.lots.get(5))?.titleListing).toBe('Renamed');

    h.server.lots.delete(5); // an admin deleted it meanwhile
    h.connection.open();
    await settled(h);
    const { failed } = await outboxSummary(h.db, h.user);
    expect(failed.map(({ destination, lastError }) => [destination, lastError])).toEqual([
      [Destination.updateManifestTitleById, ServerMessages.lotNotFoundOrNotOwned],
      [Destination.updateManifestTitleById, ServerMessages.lotNotFoundOrNotOwned],
    ]);
    expect(h.notifier.error).toHaveBeenCalledWith(ServerMessages.lotNotFoundOrNotOwned);
    // The refused rename is undone, and the re-fetch after it shows the server's state: lot 5 is gone.
    await vi.waitFor(async () => expect(await titles(h)).toEqual([[1, 'After', 0]]));
  });

  it('can be retried, at the end of the queue', async () => {
    const h = start();
    await queue(h, rename(7, 'Too early'));
    h.connection.open();
    await settled(h);
    const [refused] = (await outboxSummary(h.db, h.user)).failed;
    h.server.lots.set(7, makeLot(7, 'Old'));
    await queue(h, create('Meanwhile'));
    await settled(h);
    await retryEntry(h.db, refused?.seq ?? 0);
    h.replayer.wake();
    await settled(h);
    expect(h.server.applied.map(({ body }) => body)).toEqual(['Meanwhile', { lotId: 7, newTitle: 'Too early' }]);
    expect((await outboxSummary(h.db, h.user)).failed).toEqual([]);
  });

  it('can be discarded, and a queued change not yet sent can be dropped with its pending row', async () => {
    const h = start();
    await queue(h, rename(7, 'Refused'));
    h.connection.open();
    await settled(h);
    const [refused] = (await outboxSummary(h.db, h.user)).failed;
    expect(await discardEntry(h.db, refused?.seq ?? 0)).toBe(true);
    expect(await outboxSummary(h.db, h.user)).toEqual({ queued: 0, failed: [] });

    h.connection.close();
    const { seq } = await queue(h, create('Changed my mind'));
    expect(await h.db.lots.count()).toBe(1);
    expect(await discardEntry(h.db, seq)).toBe(true);
    expect(await h.db.lots.count()).toBe(0);
  });

  it('a refused create takes the changes that name its lot down with it', async () => {
    const h = start();
    const { tempId } = await queue(h, { ...create('x'), body: '   ' }); // the server refuses a blank title
    await queue(h, rename(tempId ?? 0, 'Renamed'));
    h.connection.open();
    await settled(h);
    expect((await outboxSummary(h.db, h.user)).failed).toHaveLength(2);
    expect(h.server.applied).toEqual([]);
    expect(await h.db.lots.count()).toBe(0);
  });
});

describe('outbox: failures that pass', () => {
  it('retries after a server error (5xx) with backoff and keeps the order', async () => {
    const h = start();
    h.server.failNext.push(ErrorCode.INTERNAL_SERVER_ERROR, ErrorCode.SERVICE_UNAVAILABLE);
    await queue(h, create('First'));
    await queue(h, create('Second'));
    h.connection.open();
    await settled(h);
    expect(h.server.applied.map(({ body }) => body)).toEqual(['First', 'Second']);
    expect(outboxSends(h).map(({ body }) => body)).toEqual(['First', 'First', 'First', 'Second']);
  });

  it('resends what was in flight when the connection dropped, and the server applies it once', async () => {
    const h = start();
    h.server.dropAfterApplyNext = true;
    await queue(h, create('Dropped reply'));
    await queue(h, create('Next'));
    h.connection.open();
    await vi.waitFor(() => expect(h.connection.getSnapshot().state).toBe('loading'));
    expect(h.server.applied).toHaveLength(1);
    expect((await outboxSummary(h.db, h.user)).queued).toBe(2);

    h.connection.open();
    await settled(h);
    const sends = outboxSends(h);
    expect(sends.map(({ body }) => body)).toEqual(['Dropped reply', 'Dropped reply', 'Next']);
    expect(sends[0]?.clientMsgId).toBe(sends[1]?.clientMsgId);
    expect(h.server.applied.map(({ body }) => body)).toEqual(['Dropped reply', 'Next']);
    expect(await titles(h)).toEqual([[1, 'Dropped reply', 0], [2, 'Next', 0]]);
  });

  it('pauses on UNAUTHORIZED until the user signs in again', async () => {
    const h = start();
    h.server.failNext.push(ErrorCode.UNAUTHORIZED);
    await queue(h, create('Needs a token'));
    h.connection.open();
    await vi.waitFor(() => expect(h.notifier.alert).toHaveBeenCalledWith('Error: Unauthorized: sign in again.'));
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(outboxSends(h)).toHaveLength(1);
    expect((await outboxSummary(h.db, h.user)).queued).toBe(1);

    const { userToken } = await import('./support/tokens');
    h.session.login(userToken(7200, 'alice'));
    await settled(h);
    expect(h.server.applied.map(({ body }) => body)).toEqual(['Needs a token']);
  });
});

describe('outbox: a tab that died', () => {
  it('sends its in-flight change again when the next replayer starts', async () => {
    const db = freshReplica();
    const first = start({ db });
    const { seq } = await queue(first, create('Half sent'));
    first.unlink();
    await markInFlight(db, seq); // the tab died between SEND and RECEIPT
    expect((await db.outbox.get(seq))?.state).toBe('in-flight');

    const second = start({ db });
    second.connection.open();
    await settled(second);
    expect(second.server.applied.map(({ body }) => body)).toEqual(['Half sent']);
  });

  it('runs one replayer per device: a second one waits for the lock', async () => {
    const h = start();
    const locks = createInProcessLocks();
    const replayerOf = () =>
      createReplayer({ db: h.db, transport: h.connection, session: replaySession(h.session), locks, backoffMs: () => 5, onSettled: refetchAfter(h.lotsQuery) });
    h.unlink(); // the harness's own replayer stops; two new ones share one lock
    const stops = [replayerOf().start(), replayerOf().start()];
    onTestFinished(() => stops.forEach((stop) => stop()));
    for (const title of ['a', 'b', 'c']) await enqueue(h.db, h.user, create(title));
    h.connection.open();
    await settled(h);
    expect(outboxSends(h).map(({ body }) => body)).toEqual(['a', 'b', 'c']);
  });
});

describe('outbox: lots made offline', () => {
  it('get their real id from CREATED_MANIFEST, and later changes naming them are rewritten', async () => {
    const h = start();
    const { tempId } = await queue(h, create('Draft'));
    expect(tempId).toBeLessThan(0);
    await queue(h, rename(tempId ?? 0, 'Final'));
    await queue(h, rename(tempId ?? 0, 'Really final'));
    h.connection.open();
    await settled(h);
    expect(h.server.applied.map(({ body }) => body)).toEqual([
      'Draft',
      { lotId: 1, newTitle: 'Final' },
      { lotId: 1, newTitle: 'Really final' },
    ]);
    expect(await titles(h)).toEqual([[1, 'Really final', 0]]);
    expect(h.notifier.success).toHaveBeenCalledWith('Created manifest: Draft');
  });
});
