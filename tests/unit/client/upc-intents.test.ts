// Data entry's changes to the catalogue (spec §2 Data entry, §4; /app/processUPCCrudRequest): Save, Update and
// Delete each show at once and queue through the outbox, sending what the server needs and nothing it must not
// get; Save's progress dialog reads how far its entries have gone.
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { createUpcIntent, deleteUpcsIntent, updateUpcIntent } from '../../../src/features/data-entry/upc-intents';
import { CrudType, type UpcEntry } from '../../../src/protocol/catalogue';
import { Destination } from '../../../src/protocol/destinations';
import { searchReplica } from '../../../src/sync/catalogue';
import { EMPTY_SEARCH } from '../../../src/sync/catalogue-match';
import { enqueue, settle, type Intent } from '../../../src/sync/outbox';
import { batchProgress, batchSettled, NO_BATCH } from '../../../src/sync/outbox-batch';
import { claimReplica } from '../../../src/sync/replica-owner';
import { freshReplica } from './support/sync-harness';
import { ClientMessages } from '../../../src/protocol/messages';

function upcEntry(id: number, upc: string, fields: Partial<UpcEntry> = {}): UpcEntry {
  return {
    id, upc, vendorName: null, vendorStyleNumber: null, size: null, color: null, itemDescription: null,
    retailPrice: null, wholesalePrice: null, asin: null, source: 'dataentry', ...fields,
  };
}

/** alice's replica holding `rows`, and what she has queued. */
async function offlineWith(...rows: UpcEntry[]) {
  const db = freshReplica();
  await claimReplica(db, 'alice');
  await db.upcs.bulkPut(rows);
  const queue = (intent: Intent) => enqueue(db, 'alice', intent);
  const entries = async () => (await db.outbox.toArray()).map(({ destination, body, state }) => ({ destination, body, state }));
  return { db, queue, entries };
}

describe('/app/processUPCCrudRequest CREATE: Save', () => {
  it('queues the new row as one CREATE (id 0, UPC trimmed, source dataentry) and shows it at once, pending, under a temporary id', async () => {
    const { db, queue, entries } = await offlineWith();
    const draft = { id: 0, upc: ' 0123 ', vendorName: 'Acme', retailPrice: 19.99 };
    const queued = await queue(createUpcIntent(draft));
    expect(await entries()).toEqual([{
      destination: Destination.processUPCCrudRequest,
      body: { crudType: CrudType.CREATE, upcEntries: [{ id: 0, upc: '0123', vendorName: 'Acme', retailPrice: 19.99, source: 'dataentry' }] },
      state: 'pending',
    }]);
    expect(queued.tempId).toBe(-1);
    expect(await db.upcs.toArray()).toEqual([
      { id: -1, upc: '0123', vendorName: 'Acme', retailPrice: 19.99, source: 'dataentry', pending: 1, base: null },
    ]);
  });

  it("keeps a row's own source (excel), and sends a stored row's values without the replica's marks", async () => {
    const { queue, entries } = await offlineWith();
    await queue(createUpcIntent({ ...upcEntry(0, '555', { color: 'Red' }), source: 'excel' }));
    const [entry] = await entries();
    expect(entry?.body).toEqual({
      crudType: CrudType.CREATE,
      upcEntries: [{ ...upcEntry(0, '555', { color: 'Red' }), source: 'excel' }],
    });
  });

  it('refuses, before queueing, a row the server would refuse: a UPC with a space, a negative MSRP', () => {
    expect(() => createUpcIntent(upcEntry(0, '12 34'))).toThrow('Invalid UPC 12 34: upcEntries.0.upc: UPC must not contain spaces or control characters');
    expect(() => createUpcIntent(upcEntry(0, '  '))).toThrow(/upcEntries\.0\.upc: UPC is required/);
    expect(() => createUpcIntent(upcEntry(0, '1', { retailPrice: -1 }))).toThrow(/upcEntries\.0\.retailPrice/);
  });
});

describe('/app/processUPCCrudRequest UPDATE: Update', () => {
  it('sends the id, the UPC and only the changed cells, and shows them at once on the row', async () => {
    const stored = upcEntry(7, '700', { vendorName: 'Acme', color: 'Blue', size: 'M' });
    const { db, queue, entries } = await offlineWith(stored);
    await queue(updateUpcIntent(stored, { color: 'Red', retailPrice: 12.5 }));
    expect(await entries()).toEqual([{
      destination: Destination.processUPCCrudRequest,
      body: { crudType: CrudType.UPDATE, upcEntries: [{ id: 7, upc: '700', color: 'Red', retailPrice: 12.5 }] },
      state: 'pending',
    }]);
    expect(await db.upcs.get(7)).toMatchObject({ vendorName: 'Acme', color: 'Red', size: 'M', retailPrice: 12.5, pending: 1, base: stored });
  });

  it('sends a changed UPC as the new one (the server may renumber it)', async () => {
    const { queue, entries } = await offlineWith(upcEntry(7, '700'));
    await queue(updateUpcIntent(upcEntry(7, '700'), { upc: '701' }));
    expect((await entries())[0]?.body).toEqual({ crudType: CrudType.UPDATE, upcEntries: [{ id: 7, upc: '701' }] });
  });

  it('refuses a row saved offline (not on the server yet) and a change the server would refuse, naming the field', () => {
    expect(() => updateUpcIntent(upcEntry(0, '1'), {})).toThrow(/UPDATE and DELETE take stored rows/);
    expect(() => updateUpcIntent({ ...upcEntry(1, '1'), id: -3 }, { color: 'Red' })).toThrow(ClientMessages.upcNotSavedYet);
    expect(() => updateUpcIntent(upcEntry(7, '700'), { retailPrice: -2 })).toThrow(/Invalid UPC 700: upcEntries\.0\.retailPrice/);
  });
});

describe('/app/processUPCCrudRequest DELETE: Delete', () => {
  it('queues one DELETE with the ids and UPCs; the rows leave the table and the offline search at once', async () => {
    const { db, queue, entries } = await offlineWith(upcEntry(1, '100', { color: 'Red' }), upcEntry(2, '200'), upcEntry(3, '300'));
    await queue(deleteUpcsIntent([upcEntry(1, '100', { color: 'Red' }), upcEntry(3, '300')]));
    expect(await entries()).toEqual([{
      destination: Destination.processUPCCrudRequest,
      body: { crudType: CrudType.DELETE, upcEntries: [{ id: 1, upc: '100' }, { id: 3, upc: '300' }] },
      state: 'pending',
    }]);
    expect((await db.upcs.orderBy('id').toArray()).map((row) => [row.id, row.removed ?? 0])).toEqual([[1, 1], [2, 0], [3, 1]]);
    expect(await searchReplica(db, EMPTY_SEARCH)).toEqual([2]);
  });

  it('brings the rows back when the server refuses (FORBIDDEN for a user who is not an admin)', async () => {
    const { db, queue } = await offlineWith(upcEntry(1, '100'), upcEntry(2, '200'));
    const { seq } = await queue(deleteUpcsIntent([upcEntry(1, '100'), upcEntry(2, '200')]));
    await settle(db, seq, { kind: 'rejected', message: 'Only admins can delete catalogue entries.' });
    expect(await db.upcs.orderBy('id').toArray()).toEqual([upcEntry(1, '100'), upcEntry(2, '200')]);
    expect(await searchReplica(db, EMPTY_SEARCH)).toEqual([1, 2]);
  });

  it("refuses an empty selection, and rows saved offline that are not on the server yet", () => {
    expect(() => deleteUpcsIntent([])).toThrow('No items selected to delete...');
    expect(() => deleteUpcsIntent([upcEntry(1, '100'), { ...upcEntry(1, '101'), id: -1 }])).toThrow(ClientMessages.upcNotSavedYet);
  });
});

describe("Save's progress (outbox-batch): the dialog reads the outbox", () => {
  it('counts confirmed entries as done and refused ones as failed, with their seqs; settled only when none waits', async () => {
    const { db, queue } = await offlineWith();
    const seqs: number[] = [];
    for (const upc of ['100', '200', '300']) seqs.push((await queue(createUpcIntent(upcEntry(0, upc)))).seq);
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
