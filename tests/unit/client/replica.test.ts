// The replica's schema and ownership (DESIGN §4): queued changes survive a schema upgrade and a change of
// user; the cached data of one user is never shown to the next.
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { createLotIntent } from '../../../src/features/lots/create-lot';
import { Destination } from '../../../src/protocol/destinations';
import { ApiPath } from '../../../src/protocol/http';
import { enqueue, enqueueUpload, outboxSummary } from '../../../src/sync/outbox';
import { REPLICA_VERSIONS, clearCacheTables, openReplica, readMeta } from '../../../src/sync/replica';
import { claimReplica } from '../../../src/sync/replica-owner';
import { makeLot } from './support/fake-server';

describe('replica schema', () => {
  it('an upgrade to a later version keeps the queued changes (and may drop the cache)', async () => {
    const name = `lotdesk-upgrade-${Math.random().toString(36).slice(2)}`;
    const v1 = openReplica(name);
    await claimReplica(v1, 'alice');
    const { clientMsgId } = await enqueue(v1, 'alice', createLotIntent({ title: 'Queued before the upgrade' }));
    await v1.lots.put(makeLot(3, 'cached'));
    const deviceId = await readMeta(v1, 'deviceId');
    v1.close();

    const next = Math.max(...REPLICA_VERSIONS.map(({ version }) => version)) + 1;
    const later = [...REPLICA_VERSIONS, { version: next, stores: { lots: 'id, lotNumber, status, userId, titleListing, pending, slug' }, upgrade: clearCacheTables }];
    const v2 = openReplica(name, later);
    await v2.open();
    expect(v2.verno).toBe(next);
    expect((await v2.outbox.toArray()).map((entry) => [entry.clientMsgId, entry.body, entry.state])).toEqual([
      [clientMsgId, 'Queued before the upgrade', 'pending'],
    ]);
    expect(await readMeta(v2, 'deviceId')).toBe(deviceId);
    expect(await v2.lots.count()).toBe(0);
    v2.close();
  });

  it('version 2 adds the files of queued uploads, keeping the queue of a version 1 device', async () => {
    const name = `lotdesk-v1-${Math.random().toString(36).slice(2)}`;
    const v1 = openReplica(name, REPLICA_VERSIONS.filter(({ version }) => version === 1));
    // An entry as version 1 wrote it (today's code binds every table of today's schema, so it cannot run on v1).
    const clientMsgId = 'device-v1:1';
    await v1.outbox.add({
      kind: 'send', destination: Destination.createManifest, body: 'Queued on version 1', clientMsgId, user: 'alice',
      state: 'pending', createdAt: 0, attempts: 0, lastError: '', notBefore: 0,
    });
    await v1.meta.put({ key: 'deviceId', value: 'device-v1' });
    v1.close();

    const v2 = openReplica(name);
    await v2.open();
    expect(v2.verno).toBe(2);
    expect((await v2.outbox.toArray()).map((entry) => [entry.clientMsgId, entry.body])).toEqual([[clientMsgId, 'Queued on version 1']]);
    const upload = await enqueueUpload(v2, 'alice', { url: ApiPath.uploadFile, file: new Blob(['bytes']), fields: { UPC: '012345678905' } });
    expect(upload.clientMsgId).toBe(`device-v1:${upload.seq}`);
    expect(await v2.outboxFiles.count()).toBe(1);
    v2.close();
  });
});

describe('replica ownership', () => {
  it("another user signing in clears the cached lots but keeps the first user's queue, which returns with them", async () => {
    const db = openReplica(`lotdesk-owner-${Math.random().toString(36).slice(2)}`);
    await claimReplica(db, 'alice');
    await db.lots.put(makeLot(1, "alice's cached lot"));
    await enqueue(db, 'alice', createLotIntent({ title: "alice's offline lot" }));

    expect(await claimReplica(db, 'bob')).toBe(true);
    expect(await db.lots.count()).toBe(0);
    expect((await outboxSummary(db, 'alice')).queued).toBe(1);

    expect(await claimReplica(db, 'alice')).toBe(true);
    expect((await db.lots.toArray()).map((lot) => [lot.id, lot.titleListing, lot.pending])).toEqual([[-1, "alice's offline lot", 1]]);
    expect(await claimReplica(db, 'alice')).toBe(false);
  });
});
