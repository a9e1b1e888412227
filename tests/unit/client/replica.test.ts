// The replica's schema and ownership (DESIGN §4): queued changes survive a schema upgrade and a change of
// user; the cached data of one user is never shown to the next.
import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { describe, expect, it } from 'vitest';
import { domains } from '../../../src/domains';
import { createLot, lotsTable } from '../../../src/domains/lots';
import { Destination } from '../../../src/protocol/destinations';
import { ApiPath } from '../../../src/protocol/http';
import { enqueue, enqueueUpload } from '../../../src/sync/outbox/outbox';
import { entriesChanging } from '../../../src/sync/outbox/optimistic';
import { newerApp } from '../../../src/sync/newer-app';
import { outboxSummary } from '../../../src/sync/outbox/summary';
import { DEVICE_ID, readMeta } from '../../../src/sync/replica/meta';
import { claimReplica } from '../../../src/sync/replica/owner';
import { openReplica, replicaVersions } from '../../../src/sync/replica/replica';
import type { TableDefinition } from '../../../src/sync/replica/table';
import { makeLot } from '../../support/factories';

/** Today's tables: every domain's. */
const definitions: readonly TableDefinition[] = domains.flatMap((domain) => domain.tables ?? []);

/**
 * The schema the previous release installed on devices (its REPLICA_VERSIONS, src/sync/replica.ts before the
 * restructure), written out: a released version is never edited, so today's definitions must add up to exactly this.
 */
const INSTALLED = [
  {
    version: 1,
    stores: {
      lots: 'id, lotNumber, status, userId, titleListing, pending',
      boxes: 'id, manualManiestId, pending',
      items: 'id, boxId, upc, pending',
      upcs: 'id, upc, vendorName, vendorStyleNumber',
      images: 'id, owner',
      categories: 'id, parent',
      notes: 'id, label',
      inventoryEvents: 'id, createdById',
      history: 'id, inventoryEventId, manifestId',
      auctionEvents: 'id',
      auctionManifests: 'id, auctionEvent.id, sortOrder',
      outbox: '++seq, clientMsgId, state, [user+state], [change.table+change.id]',
      meta: 'key',
    },
  },
  { version: 2, stores: { outboxFiles: '++id' } },
] as const;

/**
 * What this release adds: the further rows an outbox change touches, indexed (entries on a row, found fast); when each
 * catalogue entry was last used, so the catalogue kept for scanning offline stays within its budget (issue 31).
 */
const ADDED = [
  { version: 3, stores: { outbox: '++seq, clientMsgId, state, [user+state], [change.table+change.id], *change.ids' } },
  { version: 4, stores: { upcUse: 'id, usedAt' } },
] as const;

const uniqueName = (prefix: string): string => `lotdesk-${prefix}-${Math.random().toString(36).slice(2)}`;

/** A database as the previous release left it on a device, up to `upTo` (Dexie directly: not today's code). */
function installed(name: string, upTo: number): Dexie {
  const dexie = new Dexie(name);
  for (const { version, stores } of INSTALLED.filter(({ version }) => version <= upTo)) dexie.version(version).stores(stores);
  return dexie;
}

/** An outbox entry as the previous release wrote it. */
const queuedEntry = (clientMsgId: string, body: string) => ({
  kind: 'send', destination: Destination.createManifest, body, clientMsgId, user: 'alice',
  state: 'pending', createdAt: 0, attempts: 0, lastError: '', notBefore: 0,
});

describe('replica schema', () => {
  it("declares exactly the stores of the replica the previous release installed, then this release's, so a device upgrades with its queue", () => {
    expect(replicaVersions(definitions).map(({ version, stores }) => ({ version, stores }))).toEqual([...INSTALLED, ...ADDED]);
    expect(replicaVersions(definitions).flatMap(({ cleared }) => cleared)).toEqual([]);
  });

  it('opens a database the previous release installed with its queue and files intact, a change on several rows found by each', async () => {
    const name = uniqueName('installed');
    const old = installed(name, 2);
    await old.table('outbox').add(queuedEntry('device-old:1', 'Queued before the update'));
    const onSeveral = { kind: 'patch', table: 'lots', id: 7, patch: { status: 'Listed' }, ids: [8, 9] };
    await old.table('outbox').add({ ...queuedEntry('device-old:2', 'Two more lots'), change: onSeveral });
    await old.table('outboxFiles').add({ blob: new Blob(['bytes']), name: 'photo.jpg' });
    await old.table('meta').put({ key: 'deviceId', value: 'device-old' });
    old.close();

    const today = openReplica(definitions, name);
    await today.dexie.open();
    expect(today.dexie.verno).toBe(ADDED.at(-1)?.version);
    expect((await today.outbox.toArray()).map((entry) => [entry.clientMsgId, entry.body, entry.state])).toEqual([
      ['device-old:1', 'Queued before the update', 'pending'],
      ['device-old:2', 'Two more lots', 'pending'],
    ]);
    expect((await entriesChanging(today, 'alice', 'lots', [9])).map(({ clientMsgId }) => clientMsgId)).toEqual(['device-old:2']);
    expect(await today.outboxFiles.count()).toBe(1);
    expect(await readMeta(today, DEVICE_ID)).toBe('device-old');
    today.dexie.close();
  });

  it('a newer app upgrading the replica from another tab lets it (this one closes) and this tab is told to reload (issue 32)', async () => {
    const name = uniqueName('other-tab');
    const open = openReplica(definitions, name);
    await open.dexie.open();
    expect(newerApp.get()).toBe(false);
    const next = Math.max(...replicaVersions(definitions).map(({ version }) => version)) + 1;
    const laterLots: TableDefinition = { ...lotsTable, schema: { ...lotsTable.schema, [next]: 'id, lotNumber, status, userId, titleListing, pending, slug' } };
    const newerTab = openReplica(definitions.map((definition) => (definition.name === lotsTable.name ? laterLots : definition)), name);
    await newerTab.dexie.open(); // not blocked: the older tab's connection closed
    expect(newerTab.dexie.verno).toBe(next);
    expect(newerApp.get()).toBe(true);
    expect(open.dexie.isOpen()).toBe(false);
    newerTab.dexie.close();
  });

  it('an upgrade to a later version keeps the queued changes (and may drop the cache)', async () => {
    const name = uniqueName('upgrade');
    const v1 = openReplica(definitions, name);
    await claimReplica(v1, 'alice');
    const { clientMsgId } = await enqueue(v1, 'alice', createLot.build({ title: 'Queued before the upgrade' }));
    await v1.rows(lotsTable).put(makeLot(3, 'cached'));
    const deviceId = await readMeta(v1, DEVICE_ID);
    v1.dexie.close();

    // A later release changes the lots table's schema: a new version of that one table.
    const next = Math.max(...replicaVersions(definitions).map(({ version }) => version)) + 1;
    const laterLots: TableDefinition = { ...lotsTable, schema: { ...lotsTable.schema, [next]: 'id, lotNumber, status, userId, titleListing, pending, slug' } };
    const later = definitions.map((definition) => (definition.name === lotsTable.name ? laterLots : definition));
    const v2 = openReplica(later, name);
    await v2.dexie.open();
    expect(v2.dexie.verno).toBe(next);
    expect((await v2.outbox.toArray()).map((entry) => [entry.clientMsgId, entry.body, entry.state])).toEqual([
      [clientMsgId, 'Queued before the upgrade', 'pending'],
    ]);
    expect(await readMeta(v2, DEVICE_ID)).toBe(deviceId);
    expect(await v2.rows(lotsTable).count()).toBe(0);
    v2.dexie.close();
  });

  it('version 2 adds the files of queued uploads, keeping the queue of a version 1 device', async () => {
    const name = uniqueName('v1');
    const v1 = installed(name, 1);
    // An entry as version 1 wrote it (today's code binds every table of today's schema, so it cannot run on v1).
    const clientMsgId = 'device-v1:1';
    await v1.table('outbox').add(queuedEntry(clientMsgId, 'Queued on version 1'));
    await v1.table('meta').put({ key: 'deviceId', value: 'device-v1' });
    v1.close();

    const v2 = openReplica(definitions, name);
    await v2.dexie.open();
    expect(v2.dexie.verno).toBe(ADDED.at(-1)?.version);
    expect((await v2.outbox.toArray()).map((entry) => [entry.clientMsgId, entry.body])).toEqual([[clientMsgId, 'Queued on version 1']]);
    const upload = await enqueueUpload(v2, 'alice', { url: ApiPath.uploadFile, file: new Blob(['bytes']), fields: { UPC: '012345678905' } });
    expect(upload.clientMsgId).toBe(`device-v1:${upload.seq}`);
    expect(await v2.outboxFiles.count()).toBe(1);
    v2.dexie.close();
  });
});

describe('replica ownership', () => {
  it("another user signing in clears the cached lots but keeps the first user's queue, which returns with them", async () => {
    const db = openReplica(definitions, uniqueName('owner'));
    await claimReplica(db, 'alice');
    await db.rows(lotsTable).put(makeLot(1, "alice's cached lot"));
    await enqueue(db, 'alice', createLot.build({ title: "alice's offline lot" }));

    expect(await claimReplica(db, 'bob')).toBe(true);
    expect(await db.rows(lotsTable).count()).toBe(0);
    expect((await outboxSummary(db, 'alice')).queued).toBe(1);

    expect(await claimReplica(db, 'alice')).toBe(true);
    expect((await db.rows(lotsTable).toArray()).map((lot) => [lot.id, lot.titleListing, lot.pending])).toEqual([[-1, "alice's offline lot", 1]]);
    expect(await claimReplica(db, 'alice')).toBe(false);
  });
});
