// Uploads in the outbox (DESIGN §4, spec §7) as a tablet that photographs items offline sees them: the file is
// kept on the device with the entry, goes once as a multipart POST with the entry's id as its Idempotency-Key
// when the connection is back, in its place among the other changes, and only for the user who made it. The real
// server answers the SENDs; uploads go to the idempotent HTTP stand-in (support/fake-http.ts).
import 'fake-indexeddb/auto';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { domains } from '../../../src/domains';
import { createLot } from '../../../src/domains/lots';
import { Destination } from '../../../src/protocol/destinations';
import { ApiPath } from '../../../src/protocol/http';
import { ClientMessages } from '../../../src/protocol/messages';
import { defineDomain, type UploadReader } from '../../../src/sync/domain';
import { createStatus } from '../../../src/sync/feedback/status';
import { createInProcessLocks } from '../../../src/sync/outbox/locks';
import { discardEntry, enqueueUpload, type UploadIntent } from '../../../src/sync/outbox/outbox';
import { outboxSummary } from '../../../src/sync/outbox/summary';
import { openReplica } from '../../../src/sync/replica/replica';
import { createMemoryStorage, createSettings, TOKEN } from '../../../src/sync/session/settings';
import { startSync } from '../../../src/sync/runtime';
import { createFakeConnection } from './support/fake-connection';
import { createFakeHttp, REFUSED_MESSAGE } from './support/fake-http';
import { PROTOCOL_VERSION } from '../../../src/protocol/version';
import { startClientServer, type ClientServer } from './support/server';
import { startHarness, freshReplica, mockNotifier, outboxSends, uniqueUser, type Harness, type HarnessOptions } from './support/sync-harness';
import { NOW_MS } from './support/tokens';

let server: ClientServer;
beforeAll(async () => void (server = await startClientServer()), 60_000);
afterAll(() => server?.stop());

const start = (options: HarnessOptions = {}): Promise<Harness> => startHarness(server, options);

/**
 * A client as the harness builds it, whose domains include one taking the answers of uploads with purpose 'test'
 * (no domain of the app reads an upload's answer yet; the harness links only the app's).
 */
async function startReading(reader: UploadReader): Promise<Harness> {
  const user = uniqueUser('alice');
  const { id: userId, token } = await server.account(user);
  const settings = createSettings(createMemoryStorage());
  settings.set(TOKEN, token);
  const connection = createFakeConnection();
  const notifier = mockNotifier();
  let current: () => string | undefined = () => undefined;
  const wire = server.wire(connection, () => current());
  const http = createFakeHttp(wire.applied);
  const db = freshReplica();
  const sync = startSync([...domains, defineDomain({ name: 'test-uploads', uploads: { test: reader } })], {
    settings, connection, replica: db, notifier, status: createStatus(), locks: createInProcessLocks(), backoffMs: () => 5, fetch: http.fetch, now: () => NOW_MS,
  });
  current = sync.session.currentToken;
  onTestFinished(sync.stop);
  return { db, settings, sync, connection, wire, server, http, notifier, user, userId, token, unlink: sync.stop };
}

const photo = (text = 'jpeg bytes', name = 'shelf.jpg') => new File([text], name, { type: 'image/jpeg' });
const uploadOf = (fields: Record<string, string> = { UPC: '012345678905' }, file: Blob = photo()): UploadIntent =>
  ({ url: ApiPath.uploadFile, file, fields, purpose: 'test' });

const queueUpload = (harness: Harness, upload: UploadIntent = uploadOf()) => harness.sync.enqueueUpload(upload);
const queueLot = (harness: Harness, title: string) => harness.sync.enqueue(createLot.build({ title }));

const settled = (harness: Harness) =>
  vi.waitFor(async () => expect((await outboxSummary(harness.db, harness.user)).queued).toBe(0), { timeout: 5000, interval: 5 });
/** What this client's SENDs and uploads applied, in the order applied, across both channels. */
const appliedOrder = (harness: Harness) => harness.wire.applied.map(({ destination, body }) => [destination, body]);

describe('outbox: an upload made offline', () => {
  it('is sent once after the reconnect, in its place between two changes, with its client-msg-id as Idempotency-Key', async () => {
    const ingested = vi.fn();
    const h = await startReading(ingested);
    await queueLot(h, 'Before');
    const { clientMsgId } = await queueUpload(h);
    await queueLot(h, 'After');
    expect(h.http.requests).toEqual([]);

    h.connection.open();
    await settled(h);
    expect(appliedOrder(h)).toEqual([
      [Destination.createManifest, 'Before'],
      [ApiPath.uploadFile, { UPC: '012345678905' }],
      [Destination.createManifest, 'After'],
    ]);
    expect(h.http.requests).toEqual([{
      url: ApiPath.uploadFile,
      method: 'POST',
      credentials: 'include',
      authorization: `Bearer ${h.token}`,
      idempotencyKey: clientMsgId,
      protocol: String(PROTOCOL_VERSION),
      fields: { UPC: '012345678905' },
      file: { name: 'shelf.jpg', type: 'image/jpeg', text: 'jpeg bytes' },
    }]);
    expect(ingested).toHaveBeenCalledTimes(1);
    expect(ingested).toHaveBeenCalledWith(
      { errorCode: 200, status: 'Success', data: { fileName: 'shelf.jpg', UPC: '012345678905' } },
      expect.objectContaining({ clientMsgId, kind: 'upload' }),
    );
    expect(await h.db.outboxFiles.count()).toBe(0); // a confirmed upload's file is not kept
  });

  it('keeps its file through a reload of the app (the database is opened again)', async () => {
    const name = `lotdesk-reload-${Math.random().toString(36).slice(2)}`;
    const definitions = domains.flatMap((domain) => domain.tables ?? []);
    const user = uniqueUser('alice');
    const before = openReplica(definitions, name);
    await enqueueUpload(before, user, uploadOf({ SKU: 'LOT-000042' }, photo('the original bytes', 'pallet.png')));
    before.dexie.close();

    const h = await start({ user, db: openReplica(definitions, name) });
    h.connection.open();
    await settled(h);
    expect(h.http.requests.map(({ fields, file }) => [fields, file])).toEqual([
      [{ SKU: 'LOT-000042' }, { name: 'pallet.png', type: 'image/jpeg', text: 'the original bytes' }],
    ]);
  });

  it('keeps its file as bytes and type, never as a Blob (which WebKit refuses where its storage is not on disk)', async () => {
    const db = freshReplica();
    await enqueueUpload(db, uniqueUser('alice'), uploadOf({ UPC: '012345678905' }, photo('jpeg bytes', 'shelf.jpg')));
    const [stored] = await db.outboxFiles.toArray();
    expect(stored).toEqual({ id: expect.any(Number) as number, name: 'shelf.jpg', type: 'image/jpeg', bytes: expect.any(ArrayBuffer) as ArrayBuffer });
    expect(new TextDecoder().decode(stored !== undefined && 'bytes' in stored ? stored.bytes : undefined)).toBe('jpeg bytes');
  });

  it('sends a file an earlier version queued as a Blob, as it was', async () => {
    const h = await start();
    await queueUpload(h, uploadOf({ SKU: 'LOT-000042' }, photo('older bytes', 'pallet.jpg')));
    const [stored] = await h.db.outboxFiles.toArray();
    await h.db.outboxFiles.put({ id: stored?.id ?? 0, name: 'pallet.jpg', blob: new Blob(['older bytes'], { type: 'image/jpeg' }) });
    h.connection.open();
    await settled(h);
    expect(h.http.requests.map(({ file }) => file)).toEqual([{ name: 'pallet.jpg', type: 'image/jpeg', text: 'older bytes' }]);
  });

  it("is never sent for another user: it waits for the one who made it", async () => {
    const db = freshReplica();
    const bob = await start({ user: uniqueUser('bob'), db });
    await queueUpload(bob);
    bob.unlink();

    const alice = await start({ db });
    await queueLot(alice, "Alice's lot");
    alice.connection.open();
    await settled(alice);
    expect(alice.http.requests).toEqual([]);
    expect(outboxSends(alice).map(({ body }) => body)).toEqual(["Alice's lot"]);
    expect((await outboxSummary(db, bob.user)).queued).toBe(1);
  });
});

describe('outbox: an upload that fails', () => {
  // Spec §7: every non-OK answer is logged with its status.
  beforeEach(() => void vi.spyOn(console, 'warn').mockImplementation(() => undefined));
  afterEach(() => void vi.restoreAllMocks());

  it('is retried after a 5xx or no answer at all, with the same key, and nothing behind it overtakes it', async () => {
    const h = await start();
    h.http.failNext.push(500, 'network', 503);
    const { clientMsgId } = await queueUpload(h);
    await queueLot(h, 'After');
    h.connection.open();
    await settled(h);
    expect(h.http.requests.map(({ idempotencyKey }) => idempotencyKey)).toEqual([clientMsgId, clientMsgId, clientMsgId, clientMsgId]);
    expect(appliedOrder(h)).toEqual([[ApiPath.uploadFile, { UPC: '012345678905' }], [Destination.createManifest, 'After']]);
    expect(outboxSends(h)).toHaveLength(1);
  });

  it('is applied once when its answer was lost: the resend with the same key gets the stored answer', async () => {
    const ingested = vi.fn();
    const h = await startReading(ingested);
    h.http.loseAnswerNext = true;
    await queueUpload(h);
    h.connection.open();
    await settled(h);
    expect(h.http.requests).toHaveLength(2);
    expect(h.wire.applied).toHaveLength(1);
    expect(ingested).toHaveBeenCalledTimes(1);
  });

  it("goes to failed with the server's message on 400, keeps its file for Retry, and the queue goes on", async () => {
    const h = await start();
    h.http.failNext.push(400);
    await queueUpload(h, uploadOf({}));
    await queueLot(h, 'After');
    h.connection.open();
    await settled(h);
    const { failed } = await outboxSummary(h.db, h.user);
    expect(failed.map(({ destination, lastError }) => [destination, lastError])).toEqual([[ApiPath.uploadFile, REFUSED_MESSAGE]]);
    expect(appliedOrder(h)).toEqual([[Destination.createManifest, 'After']]);
    expect(await h.db.outboxFiles.count()).toBe(1);

    expect(await discardEntry(h.db, failed[0]?.seq ?? 0)).toBe(true);
    expect(await h.db.outboxFiles.count()).toBe(0);
  });

  it('goes to failed on 403, read (and logged) as an invalid token or no permission', async () => {
    const h = await start();
    h.http.failNext.push(403);
    await queueUpload(h);
    h.connection.open();
    await settled(h);
    expect((await outboxSummary(h.db, h.user)).failed.map(({ lastError }) => lastError)).toEqual([ClientMessages.forbidden]);
    expect(console.warn).toHaveBeenCalledWith(`upload: ${ApiPath.uploadFile} answered 403: ${ClientMessages.forbidden}`);
  });

  it('pauses the queue on 401 until the user signs in again', async () => {
    const h = await start();
    h.http.failNext.push(401);
    await queueUpload(h);
    await queueLot(h, 'Behind it');
    h.connection.open();
    await vi.waitFor(() => expect(h.http.requests).toHaveLength(1));
    await vi.waitFor(async () => expect((await h.db.outbox.toArray())[0]?.state).toBe('pending')); // settled: back in the queue
    await h.wire.idle();
    expect(h.http.requests).toHaveLength(1);
    expect(outboxSends(h)).toEqual([]);

    const again = await server.newToken(h.user);
    h.sync.session.login(again);
    await settled(h);
    expect(appliedOrder(h)).toEqual([[ApiPath.uploadFile, { UPC: '012345678905' }], [Destination.createManifest, 'Behind it']]);
    expect(h.http.requests[1]?.authorization).toBe(`Bearer ${again}`);
  });
});
