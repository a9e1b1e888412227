// Data entry's changes to the catalogue (spec §2 Data entry, §4; /app/processUPCCrudRequest): Save, Update and
// Delete each show at once and queue through the outbox, sending what the server needs and nothing it must not
// get; Save's progress dialog reads how far its entries have gone.
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { createUpc, deleteUpcs, EMPTY_SEARCH, searchReplica, updateUpc, upcsTable } from '../../../src/domains/upcs';
import type { Edits } from '../../../src/features/data-entry/sheet';
import { CrudType, type UpcEntry } from '../../../src/protocol/catalogue';
import { Destination } from '../../../src/protocol/destinations';
import { ClientMessages } from '../../../src/protocol/messages';
import { batchProgress, batchSettled, NO_BATCH } from '../../../src/sync/outbox/batch';
import { enqueue, settle, type Intent } from '../../../src/sync/outbox/outbox';
import { claimReplica } from '../../../src/sync/replica/owner';
import { makeUpc } from '../../support/factories';
import { freshReplica } from './support/sync-harness';

/** alice's replica holding `rows`, and what she has queued. */
async function offlineWith(...rows: UpcEntry[]) {
  const db = freshReplica();
  await claimReplica(db, 'alice');
  await db.rows(upcsTable).bulkPut(rows);
  const queue = (intent: Intent) => enqueue(db, 'alice', intent);
  const entries = async () => (await db.outbox.toArray()).map(({ destination, body, state }) => ({ destination, body, state }));
  return { db, queue, entries };
}

describe('/app/processUPCCrudRequest CREATE: Save', () => {
  it('queues the new row as one CREATE (id 0, UPC trimmed, source dataentry) and shows it at once, pending, under a temporary id', async () => {
    const { db, queue, entries } = await offlineWith();
    const draft = { id: 0, upc: ' 0123 ', vendorName: 'Acme', retailPrice: 19.99 };
    const queued = await queue(createUpc.build(draft));
    expect(await entries()).toEqual([{
      destination: Destination.processUPCCrudRequest,
      body: { crudType: CrudType.CREATE, upcEntries: [{ id: 0, upc: '0123', vendorName: 'Acme', retailPrice: 19.99, source: 'dataentry' }] },
      state: 'pending',
    }]);
    expect(queued.tempId).toBe(-1);
    expect(await db.rows(upcsTable).toArray()).toEqual([
      { id: -1, upc: '0123', vendorName: 'Acme', retailPrice: 19.99, source: 'dataentry', pending: 1, base: null },
    ]);
  });

  it("keeps a row's own source (excel), and sends a stored row's values without the replica's marks", async () => {
    const { queue, entries } = await offlineWith();
    await queue(createUpc.build({ ...makeUpc(0, '555', { color: 'Red' }), source: 'excel' }));
    const [entry] = await entries();
    expect(entry?.body).toEqual({
      crudType: CrudType.CREATE,
      upcEntries: [{ ...makeUpc(0, '555', { color: 'Red' }), source: 'excel' }],
    });
  });

  it('refuses, before queueing, a row the server would refuse: a UPC with a space, a negative MSRP', () => {
    expect(() => createUpc.build(makeUpc(0, '12 34'))).toThrow('item 1: UPC must not contain spaces or control characters');
    expect(() => createUpc.build(makeUpc(0, '  '))).toThrow(/^item 1: UPC is required\.$/);
    expect(() => createUpc.build(makeUpc(0, '1', { retailPrice: -1 }))).toThrow('item 1: Msrp cannot be negative.');
  });
});

describe('/app/processUPCCrudRequest UPDATE: Update', () => {
  it('sends the id, the UPC and only the changed cells, and shows them at once on the row', async () => {
    const stored = makeUpc(7, '700', { vendorName: 'Acme', color: 'Blue', size: 'M' });
    const { db, queue, entries } = await offlineWith(stored);
    await queue(updateUpc.build({ stored, edits: { color: 'Red', retailPrice: 12.5 } }));
    expect(await entries()).toEqual([{
      destination: Destination.processUPCCrudRequest,
      body: { crudType: CrudType.UPDATE, upcEntries: [{ id: 7, upc: '700', color: 'Red', retailPrice: 12.5 }] },
      state: 'pending',
    }]);
    expect(await db.rows(upcsTable).get(7)).toMatchObject({ vendorName: 'Acme', color: 'Red', size: 'M', retailPrice: 12.5, pending: 1, base: stored });
  });

  it('sends a changed UPC as the new one (the server may renumber it)', async () => {
    const { queue, entries } = await offlineWith(makeUpc(7, '700'));
    const edits: Edits = { upc: '701' }; // the data-entry sheet's edits: its UPC cell is editable
    await queue(updateUpc.build({ stored: makeUpc(7, '700'), edits }));
    expect((await entries())[0]?.body).toEqual({ crudType: CrudType.UPDATE, upcEntries: [{ id: 7, upc: '701' }] });
  });

  it('refuses a row saved offline (not on the server yet) and a change the server would refuse, naming the field', () => {
    expect(() => updateUpc.build({ stored: makeUpc(0, '1'), edits: {} })).toThrow(/UPDATE and DELETE take stored rows/);
    expect(() => updateUpc.build({ stored: { ...makeUpc(1, '1'), id: -3 }, edits: { color: 'Red' } })).toThrow(ClientMessages.upcNotSavedYet);
    expect(() => updateUpc.build({ stored: makeUpc(7, '700'), edits: { retailPrice: -2 } })).toThrow('item 1: Msrp cannot be negative.');
  });
});

describe('/app/processUPCCrudRequest DELETE: Delete', () => {
  it('queues one DELETE with the ids and UPCs; the rows leave the table and the offline search at once', async () => {
    const { db, queue, entries } = await offlineWith(makeUpc(1, '100', { color: 'Red' }), makeUpc(2, '200'), makeUpc(3, '300'));
    await queue(deleteUpcs.build([makeUpc(1, '100', { color: 'Red' }), makeUpc(3, '300')]));
    expect(await entries()).toEqual([{
      destination: Destination.processUPCCrudRequest,
      body: { crudType: CrudType.DELETE, upcEntries: [{ id: 1, upc: '100' }, { id: 3, upc: '300' }] },
      state: 'pending',
    }]);
    expect((await db.rows(upcsTable).orderBy('id').toArray()).map((row) => [row.id, row.removed ?? 0])).toEqual([[1, 1], [2, 0], [3, 1]]);
    expect(await searchReplica(db, EMPTY_SEARCH)).toEqual([2]);
  });

  it('brings the rows back when the server refuses (FORBIDDEN for a user who is not an admin)', async () => {
    const { db, queue } = await offlineWith(makeUpc(1, '100'), makeUpc(2, '200'));
    const { seq } = await queue(deleteUpcs.build([makeUpc(1, '100'), makeUpc(2, '200')]));
    await settle(db, seq, { kind: 'rejected', message: 'Only admins can delete catalogue entries.' });
    expect(await db.rows(upcsTable).orderBy('id').toArray()).toEqual([makeUpc(1, '100'), makeUpc(2, '200')]);
    expect(await searchReplica(db, EMPTY_SEARCH)).toEqual([1, 2]);
  });

  it("refuses an empty selection, and rows saved offline that are not on the server yet", () => {
    expect(() => deleteUpcs.build([])).toThrow('No items selected to delete...');
    expect(() => deleteUpcs.build([makeUpc(1, '100'), { ...makeUpc(1, '101'), id: -1 }])).toThrow(ClientMessages.upcNotSavedYet);
  });
});

describe("Save's progress (outbox/batch.ts): the dialog reads the outbox", () => {
  it('counts confirmed entries as done and refused ones as failed, with their seqs; settled only when none waits', async () => {
    const { db, queue } = await offlineWith();
    const seqs: number[] = [];
    for (const upc of ['100', '200', '300']) seqs.push((await queue(createUpc.build(makeUpc(0, upc)))).seq);
    const [first = 0, second = 0, third = 0] = seqs;
    expect(await batchProgress(db, seqs)).toEqual({ total: 3, done: 0, failed: 0, dead: [] });

    await settle(db, first, { kind: 'done' });
    await settle(db, second, { kind: 'rejected', message: 'UPC 200 is already in the catalogue.' });
    const midway = await batchProgress(db, seqs);
    expect(midway).toEqual({ total: 3, done: 1, failed: 1, dead: [second] });
    expect(batchSettled(midway)).toBe(false);

    await settle(db, third, { kind: 'retry-later', message: 'Internal server error.', notBefore: 0 });
    expect(batchSettled(await batchProgress(db, seqs))).toBe(false); // a transient failure still waits
    await settle(db, third, { kind: 'done' });
    const finished = await batchProgress(db, seqs);
    expect(finished).toEqual({ total: 3, done: 2, failed: 1, dead: [second] });
    expect(batchSettled(finished)).toBe(true);
    expect(batchSettled(NO_BATCH)).toBe(true);
  });
});
