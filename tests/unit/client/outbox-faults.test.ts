// The outbox when the server itself fails (issue 12: a change the server could not handle was retried forever,
// blocking every change behind it): a 5xx is retried with backoff, and after OUTBOX_MAX_FAULTS of them the change is
// given up — failed in the outbox panel with Retry and Discard, rolled back — and the queue goes on. No answer at all
// (the network) is never a fault. The real server answers; the wire injects the faults.
import 'fake-indexeddb/auto';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLot, lotsTable, renameLot } from '../../../src/domains/lots';
import type { Lot } from '../../../src/protocol/lots';
import { Destination } from '../../../src/protocol/destinations';
import { ErrorCode } from '../../../src/protocol/error-codes';
import { ApiPath } from '../../../src/protocol/http';
import { ClientMessages, ServerMessages } from '../../../src/protocol/messages';
import { PROTOCOL_VERSION } from '../../../src/protocol/version';
import { discardEntry } from '../../../src/sync/outbox/outbox';
import { outboxSummary } from '../../../src/sync/outbox/summary';
import { BACKOFF_MAX_MS, defaultBackoff, OUTBOX_MAX_FAULTS, verdictOf } from '../../../src/sync/outbox/replayer';
import { startClientServer, type ClientServer } from './support/server';
import { startHarness, freshReplica, outboxSends, type Harness, type HarnessOptions } from './support/sync-harness';

let server: ClientServer;
beforeAll(async () => void (server = await startClientServer()), 60_000);
afterAll(() => server?.stop());

const start = (options: HarnessOptions = {}): Promise<Harness> => startHarness(server, options);

const create = (h: Harness, title: string) => h.sync.enqueue(createLot.build({ title }));
const settled = (h: Harness) =>
  vi.waitFor(async () => expect((await outboxSummary(h.db, h.user)).queued).toBe(0), { timeout: 10_000, interval: 5 });
const applied = (h: Harness) => h.wire.applied.map(({ body }) => body);
const sent = (h: Harness, title: string) => outboxSends(h).filter(({ body }) => body === title).length;
const titles = async (h: Harness) => (await h.db.rows(lotsTable).toArray()).map((lot) => lot.titleListing).sort();
const faults = (count: number) => Array.from({ length: count }, () => ErrorCode.INTERNAL_SERVER_ERROR);
const GAVE_UP = ClientMessages.gaveUp(OUTBOX_MAX_FAULTS, ServerMessages.internalError);

describe('outbox: a change the server fails (5xx)', () => {
  it(`is sent again until it passes, as long as that is within ${OUTBOX_MAX_FAULTS} faults`, async () => {
    const h = await start();
    h.wire.failNext.push(...faults(OUTBOX_MAX_FAULTS - 1));
    await create(h, 'Passes at last');
    h.connection.open();
    await settled(h);
    expect(applied(h)).toEqual(['Passes at last']);
    expect(sent(h, 'Passes at last')).toBe(OUTBOX_MAX_FAULTS);
    expect((await outboxSummary(h.db, h.user)).failed).toEqual([]);
  });

  it(`is given up after ${OUTBOX_MAX_FAULTS} faults: failed with the server's message, rolled back, and the queue goes on`, async () => {
    const h = await start();
    h.wire.failFor('Never passes', faults(OUTBOX_MAX_FAULTS));
    await create(h, 'Never passes');
    await create(h, 'Behind it');
    h.connection.open();
    await settled(h);
    expect(sent(h, 'Never passes')).toBe(OUTBOX_MAX_FAULTS);
    expect(applied(h)).toEqual(['Behind it']);
    const { failed } = await outboxSummary(h.db, h.user);
    expect(failed.map(({ destination, lastError }) => [destination, lastError])).toEqual([[Destination.createManifest, GAVE_UP]]);
    await vi.waitFor(async () => expect(await titles(h)).toEqual(['Behind it']));
  });

  it('once given up, can be retried from the outbox panel (a new message, faults counted afresh) or discarded', async () => {
    const h = await start();
    h.wire.failNext.push(...faults(OUTBOX_MAX_FAULTS));
    await create(h, 'Try again');
    h.connection.open();
    await settled(h);
    const [given] = (await outboxSummary(h.db, h.user)).failed;
    h.wire.failNext.push(...faults(OUTBOX_MAX_FAULTS - 1));
    await h.sync.retryEntry(given?.seq ?? 0);
    await settled(h);
    expect(applied(h)).toEqual(['Try again']);
    expect(await outboxSummary(h.db, h.user)).toEqual({ queued: 0, failed: [] });

    h.wire.failNext.push(...faults(OUTBOX_MAX_FAULTS));
    await create(h, 'Let it go');
    await settled(h);
    const [dropped] = (await outboxSummary(h.db, h.user)).failed;
    expect(await discardEntry(h.db, dropped?.seq ?? 0)).toBe(true);
    expect(await outboxSummary(h.db, h.user)).toEqual({ queued: 0, failed: [] });
  });

  it('keeps its count of faults over a reload: the page opened again does not start over', async () => {
    const db = freshReplica();
    const first = await start({ db });
    // The faults, then a 401 that pauses this page's queue (no fault) until the page is closed.
    first.wire.failNext.push(...faults(OUTBOX_MAX_FAULTS - 1), ErrorCode.UNAUTHORIZED);
    await create(first, 'Across a reload');
    first.connection.open();
    await vi.waitFor(async () => expect((await db.outbox.toArray())[0]).toMatchObject({ state: 'pending', faults: OUTBOX_MAX_FAULTS - 1, lastError: ServerMessages.unauthorized }), { timeout: 10_000, interval: 5 });
    first.unlink();

    const second = await start({ db, user: first.user });
    second.wire.failNext.push(...faults(1));
    second.connection.open();
    await settled(second);
    expect((await outboxSummary(db, second.user)).failed.map(({ lastError }) => lastError)).toEqual([GAVE_UP]);
  });

  it('waits longer after each fault: a second, doubling, at most a minute', () => {
    const now = 1_000_000;
    const waitAfter = (count: number) => verdictOf([ErrorCode.INTERNAL_SERVER_ERROR], ServerMessages.internalError, count, now, defaultBackoff);
    expect([1, 2, 3, 4, 7, 9].map((count) => waitAfter(count))).toEqual([1000, 2000, 4000, 8000, BACKOFF_MAX_MS, BACKOFF_MAX_MS].map((ms) => ({
      kind: 'retry-later', message: ServerMessages.internalError, notBefore: now + ms, fault: true,
    })));
    expect(waitAfter(OUTBOX_MAX_FAULTS)).toEqual({ kind: 'rejected', message: GAVE_UP });
  });
});

describe('outbox: a change the server had applied, failed when sent again', () => {
  it("ends with the server's rows when the changes queued behind it were applied first (its replayed reply is older)", async () => {
    const h = await start();
    await create(h, 'Pallet');
    h.connection.open();
    await settled(h);
    const [lot] = await h.db.rows(lotsTable).toArray();
    const lotId = lot?.id ?? 0;
    // Applied, but the connection drops before its reply; sent again, the server fails it once (5xx), while the
    // renames behind it (their predecessor is on record) are applied: its replayed reply comes last, naming 'First'.
    h.wire.dropAfterApplyNext = true;
    await h.sync.enqueue(renameLot.build({ lotId, newTitle: 'First' }));
    await vi.waitFor(() => expect(h.connection.getSnapshot().state).not.toBe('ready'));
    await h.sync.enqueue(renameLot.build({ lotId, newTitle: 'Second' }));
    await h.sync.enqueue(renameLot.build({ lotId, newTitle: 'Last' }));
    h.wire.failNext.push(ErrorCode.INTERNAL_SERVER_ERROR);
    h.connection.open();
    await settled(h);
    await h.wire.idle();
    await vi.waitFor(async () => expect(await titles(h)).toEqual(['Last']));
    const onServer = await server.ask<Lot>(h.token, 'getLotById', lotId);
    expect(onServer.titleListing).toBe('Last');
  });
});

describe('outbox: an upload the server fails', () => {
  // Spec §7: every non-OK answer is logged with its status.
  beforeEach(() => void vi.spyOn(console, 'warn').mockImplementation(() => undefined));
  afterEach(() => void vi.restoreAllMocks());

  const upload = (h: Harness) => h.sync.enqueueUpload({ url: ApiPath.uploadFile, file: new File(['jpeg'], 'shelf.jpg', { type: 'image/jpeg' }), fields: { UPC: '012345678905' } });

  it(`is given up after ${OUTBOX_MAX_FAULTS} 5xx answers, its file kept for Retry`, async () => {
    const h = await start();
    h.http.failNext.push(...Array.from({ length: OUTBOX_MAX_FAULTS }, () => 500));
    await upload(h);
    h.connection.open();
    await settled(h);
    expect(h.http.requests).toHaveLength(OUTBOX_MAX_FAULTS);
    expect((await outboxSummary(h.db, h.user)).failed.map(({ destination, lastError }) => [destination, lastError])).toEqual([
      [ApiPath.uploadFile, ClientMessages.gaveUp(OUTBOX_MAX_FAULTS, 'Failed with 500 (test)')],
    ]);
    expect(await h.db.outboxFiles.count()).toBe(1);
  });

  it('is never given up for want of an answer (the network, not the server): it goes once the network is back', async () => {
    const h = await start();
    h.http.failNext.push(...Array.from({ length: OUTBOX_MAX_FAULTS + 2 }, () => 'network' as const));
    await upload(h);
    h.connection.open();
    await settled(h);
    expect(h.http.requests).toHaveLength(OUTBOX_MAX_FAULTS + 3);
    expect(h.wire.applied).toHaveLength(1);
    expect((await outboxSummary(h.db, h.user)).failed).toEqual([]);
  });

  it("is never given up for another release's server (426): it goes once a server reads its version (issue 32)", async () => {
    const h = await start();
    h.http.failNext.push(...Array.from({ length: OUTBOX_MAX_FAULTS + 2 }, () => ErrorCode.UPGRADE_REQUIRED));
    await upload(h);
    h.connection.open();
    await settled(h);
    expect(h.http.requests).toHaveLength(OUTBOX_MAX_FAULTS + 3);
    expect(h.http.requests.every((request) => request.protocol === String(PROTOCOL_VERSION))).toBe(true);
    expect(h.wire.applied).toHaveLength(1);
    expect((await outboxSummary(h.db, h.user)).failed).toEqual([]);
  });
});
