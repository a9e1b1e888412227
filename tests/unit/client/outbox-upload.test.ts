// Uploads in the outbox (DESIGN §4, spec §7) as a tablet that photographs items offline sees them: the file is
// kept on the device with the entry, goes once as a multipart POST with the entry's id as its Idempotency-Key
// when the connection is back, in its place among the other changes, and only for the user who made it.
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { createLotIntent } from '../../../src/features/lots/create-lot';
import { Destination } from '../../../src/protocol/destinations';
import { ApiPath } from '../../../src/protocol/http';
import { discardEntry, enqueue, enqueueUpload, outboxSummary, type UploadIntent } from '../../../src/sync/outbox';
import { openReplica } from '../../../src/sync/replica';
import { REFUSED_MESSAGE } from './support/fake-http';
import { createHarness, freshReplica, outboxSends, type Harness, type HarnessOptions } from './support/sync-harness';
import { userToken } from './support/tokens';
import { ClientMessages } from '../../../src/protocol/messages';

function start(options: HarnessOptions = {}): Harness {
  const harness = createHarness(options);
  onTestFinished(harness.unlink);
  return harness;
}

const photo = (text = 'jpeg bytes', name = 'shelf.jpg') => new File([text], name, { type: 'image/jpeg' });
const uploadOf = (fields: Record<string, string> = { UPC: '012345678905' }, file: Blob = photo()): UploadIntent =>
  ({ url: ApiPath.uploadFile, file, fields, purpose: 'test' });

async function queueUpload(harness: Harness, upload: UploadIntent = uploadOf()) {
  const queued = await enqueueUpload(harness.db, harness.user, upload);
  harness.replayer.wake();
  return queued;
}

async function queueLot(harness: Harness, title: string) {
  const queued = await enqueue(harness.db, harness.user, createLotIntent({ title }));
  harness.replayer.wake();
  return queued;
}

const settled = (harness: Harness) =>
  vi.waitFor(async () => expect((await outboxSummary(harness.db, harness.user)).queued).toBe(0), { timeout: 3000, interval: 5 });
const appliedOrder = (harness: Harness) => harness.server.applied.map(({ destination, body }) => [destination, body]);

describe('outbox: an upload made offline', () => {
  it('is sent once after the reconnect, in its place between two changes, with its client-msg-id as Idempotency-Key', async () => {
    const ingested = vi.fn();
    const h = start({ uploadIngest: { test: ingested } });
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
      authorization: `Bearer ${h.session.currentToken()}`,
      idempotencyKey: clientMsgId,
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
    const before = openReplica(name);
    await enqueueUpload(before, 'alice', uploadOf({ SKU: 'LOT-000042' }, photo('the original bytes', 'pallet.png')));
    before.close();

    const h = start({ db: openReplica(name) });
    h.connection.open();
    await settled(h);
    expect(h.http.requests.map(({ fields, file }) => [fields, file])).toEqual([
      [{ SKU: 'LOT-000042' }, { name: 'pallet.png', type: 'image/jpeg', text: 'the original bytes' }],
    ]);
  });

  it("is never sent for another user: it waits for the one who made it", async () => {
    const db = freshReplica();
    const bob = start({ user: 'bob', db });
    await queueUpload(bob);
    bob.unlink();

    const alice = start({ user: 'alice', db });
    await queueLot(alice, "Alice's lot");
    alice.connection.open();
    await settled(alice);
    expect(alice.http.requests).toEqual([]);
    expect(outboxSends(alice).map(({ body }) => body)).toEqual(["Alice's lot"]);
    expect((await outboxSummary(db, 'bob')).queued).toBe(1);
  });
});

describe('outbox: an upload that fails', () => {
  // Spec §7: every non-OK answer is logged with its status.
  beforeEach(() => void vi.spyOn(console, 'warn').mockImplementation(() => undefined));
  afterEach(() => void vi.restoreAllMocks());

  it('is retried after a 5xx or no answer at all, with the same key, and nothing behind it overtakes it', async () => {
    const h = start();
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
    const h = start({ uploadIngest: { test: ingested } });
    h.http.loseAnswerNext = true;
    await queueUpload(h);
    h.connection.open();
    await settled(h);
    expect(h.http.requests).toHaveLength(2);
    expect(h.server.applied).toHaveLength(1);
    expect(ingested).toHaveBeenCalledTimes(1);
  });

  it("goes to failed with the server's message on 400, keeps its file for Retry, and the queue goes on", async () => {
    const h = start();
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
    const h = start();
    h.http.failNext.push(403);
    await queueUpload(h);
    h.connection.open();
    await settled(h);
    expect((await outboxSummary(h.db, h.user)).failed.map(({ lastError }) => lastError)).toEqual([ClientMessages.forbidden]);
    expect(console.warn).toHaveBeenCalledWith(`upload: ${ApiPath.uploadFile} answered 403: ${ClientMessages.forbidden}`);
  });

  it('pauses the queue on 401 until the user signs in again', async () => {
    const h = start();
    h.http.failNext.push(401);
    await queueUpload(h);
    await queueLot(h, 'Behind it');
    h.connection.open();
    await vi.waitFor(() => expect(h.http.requests).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(h.http.requests).toHaveLength(1);
    expect(outboxSends(h)).toEqual([]);

    h.session.login(userToken(7200, 'alice'));
    await settled(h);
    expect(appliedOrder(h)).toEqual([[ApiPath.uploadFile, { UPC: '012345678905' }], [Destination.createManifest, 'Behind it']]);
    expect(h.http.requests[1]?.authorization).toBe(`Bearer ${userToken(7200, 'alice')}`);
  });
});
