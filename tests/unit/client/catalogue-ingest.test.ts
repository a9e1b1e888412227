// Catalogue replies as the data-entry screen sees them (DESIGN §4, spec §7, §8): the suggestion topic fills a
// field's type-ahead or the Search's rows; processUPCCrudRequest replies land in the replica (our Save's
// temporary row replaced by the server's); refusals are told as spec §8 data entry says.
import 'fake-indexeddb/auto';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { deleteLotsIntent } from '../../../src/features/lots/delete-lots';
import { createUpcIntent, deleteUpcsIntent, updateUpcIntent } from '../../../src/features/data-entry/upc-intents';
import { CLIENT_MSG_ID_HEADER } from '../../../src/protocol/auth';
import { SuggestionType, type UpcEntry } from '../../../src/protocol/catalogue';
import { Destination } from '../../../src/protocol/destinations';
import { errorEnvelope, okEnvelope } from '../../../src/protocol/envelope';
import { ErrorCode } from '../../../src/protocol/error-codes';
import { MessageType } from '../../../src/protocol/message-types';
import { Topic } from '../../../src/protocol/topics';
import { createCatalogue } from '../../../src/sync/catalogue';
import { createCatalogueIngest } from '../../../src/sync/catalogue-ingest';
import { EMPTY_SEARCH, type CatalogueSearch } from '../../../src/sync/catalogue-match';
import { createIngest } from '../../../src/sync/ingest';
import { enqueue, outboxSummary } from '../../../src/sync/outbox';
import { readMeta } from '../../../src/sync/replica';
import { claimReplica } from '../../../src/sync/replica-owner';
import { createStatus, READY } from '../../../src/sync/status';
import type { SentFrame } from './support/fake-connection';
import { createHarness, freshReplica, mockNotifier, type Harness } from './support/sync-harness';

function upcEntry(id: number, upc: string, fields: Partial<UpcEntry> = {}): UpcEntry {
  return {
    id, upc, vendorName: null, vendorStyleNumber: null, size: null, color: null, itemDescription: null,
    retailPrice: null, wholesalePrice: null, asin: null, source: 'dataentry', ...fields,
  };
}

const searchFor = (fields: Partial<CatalogueSearch>): CatalogueSearch => ({ ...EMPTY_SEARCH, ...fields });
const headers = (clientMsgId: string) => ({ [CLIENT_MSG_ID_HEADER]: clientMsgId });

/** alice's replica holding `rows`, the catalogue (connected), and ingest wired as linkSync wires it. */
async function setup(...rows: UpcEntry[]) {
  const db = freshReplica();
  await claimReplica(db, 'alice');
  await db.upcs.bulkPut(rows);
  const notifier = mockNotifier();
  const status = createStatus();
  const feedback = { notifier, status };
  const catalogue = createCatalogue({ publish: () => true, db });
  const catalogueIngest = createCatalogueIngest({ db, feedback, user: () => 'alice', catalogue });
  const ingest = createIngest({ db, feedback, signedIn: () => ({ user: 'alice', isAdmin: false }), readers: [catalogueIngest] });
  const upcs = async () => (await db.upcs.orderBy('id').toArray()).map((row) => [row.id, row.upc, row.color ?? null, row.pending ?? 0]);
  return { db, notifier, status, catalogue, catalogueIngest, ingest, upcs };
}

function start(): Harness {
  const harness = createHarness();
  onTestFinished(harness.unlink);
  return harness;
}

function quietWarnings() {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  onTestFinished(() => warn.mockRestore());
  return warn;
}

describe('/user/topics/suggestion', () => {
  it('type-ahead values reach the field that asked (its referenceId) and are not cached as rows', async () => {
    const { db, catalogue, catalogueIngest } = await setup();
    await catalogueIngest.suggestion({ suggestionType: SuggestionType.BRAND, suggestions: ['Acme', 'ACE'], referenceId: 'vendor' });
    await catalogueIngest.suggestion({ suggestionType: SuggestionType.UPC, suggestions: ['0123'], referenceId: null });
    expect(catalogue.get().suggestions).toEqual({ vendor: ['Acme', 'ACE'] });
    expect(await db.upcs.count()).toBe(0);
  });

  it("a Search's rows join the replica and become the table's rows, narrowed by ASIN, MSRP and Wholesale Price", async () => {
    const { catalogue, catalogueIngest, upcs } = await setup();
    const search = searchFor({ vendor: 'acme', msrp: '19', asin: 'B0' });
    await catalogue.search(search);
    await catalogueIngest.suggestion({
      suggestionType: SuggestionType.ALL_FIELDS,
      suggestions: [
        upcEntry(10, '100', { vendorName: 'Acme', retailPrice: 19.99, asin: 'B01' }),
        upcEntry(11, '101', { vendorName: 'Acme', retailPrice: 25, asin: 'B02' }), // MSRP does not match
        upcEntry(12, '102', { vendorName: 'Acme', retailPrice: 19, asin: 'X1' }), // ASIN does not match
      ],
      referenceId: 'search:1',
    });
    expect(catalogue.get()).toMatchObject({ found: { ids: [10], search, local: false }, searching: false });
    expect(await upcs()).toEqual([[10, '100', null, 0], [11, '101', null, 0], [12, '102', null, 0]]);
  });

  it('rows answering no search of ours (forgotten, or asked by another screen) are cached but leave the table alone', async () => {
    const { catalogue, catalogueIngest, db } = await setup();
    await catalogueIngest.suggestion({ suggestionType: SuggestionType.ALL_FIELDS, suggestions: [upcEntry(3, '300')], referenceId: 'search:7' });
    expect(catalogue.get().found).toBeUndefined();
    expect(await db.upcs.get(3)).toMatchObject({ upc: '300' });
  });

  it("keeps the user's unsent edits on top of a Search's newer rows", async () => {
    const { db, catalogueIngest, upcs } = await setup(upcEntry(5, '500', { color: 'Blue' }));
    await enqueue(db, 'alice', updateUpcIntent(upcEntry(5, '500', { color: 'Blue' }), { color: 'Red' }));
    await catalogueIngest.suggestion({
      suggestionType: SuggestionType.ALL_FIELDS, suggestions: [upcEntry(5, '500', { color: 'Green', size: 'M' })], referenceId: 'search:1',
    });
    expect(await upcs()).toEqual([[5, '500', 'Red', 1]]);
    expect(await db.upcs.get(5)).toMatchObject({ size: 'M', base: { color: 'Green' } });
  });

  it('a reply that does not match the contract changes nothing', async () => {
    const { catalogue, catalogueIngest, upcs } = await setup(upcEntry(1, '100'));
    const warn = quietWarnings();
    await catalogue.search(EMPTY_SEARCH);
    await catalogueIngest.suggestion({ suggestionType: 9, suggestions: [], referenceId: 'search:1' });
    await catalogueIngest.suggestion({ suggestionType: SuggestionType.ALL_FIELDS, suggestions: [{ id: -3, upc: 'x' }], referenceId: 'search:1' });
    await catalogueIngest.suggestion('nope');
    expect(await upcs()).toEqual([[1, '100', null, 0]]);
    expect(catalogue.get()).toMatchObject({ found: undefined, suggestions: {} });
    expect(warn).toHaveBeenCalledTimes(3);
  });
});

describe('/app/processUPCCrudRequest replies on incomingMessages', () => {
  it("UPC_GRUD_CREATED for our Save replaces the temporary row with the server's and says 'Saved UPC: {upc}'", async () => {
    const { db, ingest, status, notifier, upcs } = await setup();
    const queued = await enqueue(db, 'alice', createUpcIntent(upcEntry(0, '0123', { color: 'Navy' })));
    expect(queued.tempId).toBe(-1);
    expect(await upcs()).toEqual([[-1, '0123', 'Navy', 1]]);
    await ingest.incoming(okEnvelope(MessageType.UPC_GRUD_CREATED, [upcEntry(42, '0123', { color: 'Navy' })], 'Saved UPC: 0123'), headers(queued.clientMsgId));
    expect(await upcs()).toEqual([[42, '0123', 'Navy', 0]]);
    expect(await readMeta(db, 'tempIds')).toEqual([[-1, 42]]); // the sheet renumbers its row from this
    expect(status.get().message).toBe('Saved UPC: 0123');
    expect(notifier.info).not.toHaveBeenCalled(); // not mistaken for an unknown reply
  });

  it("UPC_GRUD_CREATED pushed from another session adds the row and leaves this user's status alone", async () => {
    const { ingest, status, upcs } = await setup();
    status.busy('Updating UPCs: 1');
    await ingest.incoming(okEnvelope(MessageType.UPC_GRUD_CREATED, [upcEntry(8, '800')], 'Saved UPC: 800'));
    expect(await upcs()).toEqual([[8, '800', null, 0]]);
    expect(status.get()).toEqual({ message: 'Updating UPCs: 1', submitting: true });
  });

  it("UPC_GRUD_UPDATED stores the server's rows, the user's pending edits laid on top", async () => {
    const { db, ingest, status, upcs } = await setup(upcEntry(1, '100', { color: 'Blue' }), upcEntry(2, '200', { color: 'Blue' }));
    const queued = await enqueue(db, 'alice', updateUpcIntent(upcEntry(1, '100', { color: 'Blue' }), { color: 'Red' }));
    await ingest.incoming(
      okEnvelope(MessageType.UPC_GRUD_UPDATED, [upcEntry(1, '100', { color: 'Red' }), upcEntry(2, '200', { color: 'Teal' })], 'Updated UPCs: 2'),
      headers(queued.clientMsgId),
    );
    expect(await upcs()).toEqual([[1, '100', 'Red', 1], [2, '200', 'Teal', 0]]);
    expect(status.get().message).toBe('Updated UPCs: 2');
  });

  it('UPC_GRUD_DELETED removes the rows; SUGGESTION (a READ) stores the rows found', async () => {
    const { ingest, upcs } = await setup(upcEntry(1, '100'), upcEntry(2, '200'), upcEntry(3, '300'));
    await ingest.incoming(okEnvelope(MessageType.UPC_GRUD_DELETED, [upcEntry(1, '100'), upcEntry(3, '300')], 'Deleted UPCs: 2'));
    expect(await upcs()).toEqual([[2, '200', null, 0]]);
    await ingest.incoming(okEnvelope(MessageType.SUGGESTION, [upcEntry(9, '900', { color: 'Red' })], 'Found UPCs: 1'));
    expect(await upcs()).toEqual([[2, '200', null, 0], [9, '900', 'Red', 0]]);
  });

  it('a catalogue reply whose data does not match the contract changes nothing and is not shown as an unknown reply', async () => {
    const { ingest, notifier, upcs } = await setup(upcEntry(1, '100'));
    const warn = quietWarnings();
    await ingest.incoming(okEnvelope(MessageType.UPC_GRUD_DELETED, 'everything', 'Deleted UPCs: 1'));
    await ingest.incoming(okEnvelope(MessageType.UPC_GRUD_UPDATED, [{ id: 1, upc: 'has space' }], 'Updated UPCs: 1'));
    expect(await upcs()).toEqual([[1, '100', null, 0]]);
    expect(warn).toHaveBeenCalledTimes(2);
    expect(notifier.info).not.toHaveBeenCalled();
  });

  it('writes nothing while nobody is signed in', async () => {
    const db = freshReplica();
    const feedback = { notifier: mockNotifier(), status: createStatus() };
    const catalogue = createCatalogue({ publish: () => true, db });
    const ingest = createCatalogueIngest({ db, feedback, user: () => undefined, catalogue });
    const applying = ingest.incoming(okEnvelope(MessageType.UPC_GRUD_CREATED, [upcEntry(1, '100')]), undefined);
    expect(applying).toBeInstanceOf(Promise);
    await applying;
    await ingest.suggestion({ suggestionType: SuggestionType.ALL_FIELDS, suggestions: [upcEntry(2, '200')], referenceId: 'search:1' });
    expect(await db.upcs.count()).toBe(0);
  });
});

describe('refusals (spec §8 data entry, showDataEntryError)', () => {
  it.each([
    ['BAD_REQUEST', ErrorCode.BAD_REQUEST, 'UPC 0123 is already in the catalogue.'],
    ['FORBIDDEN', ErrorCode.FORBIDDEN, 'Only admins can delete catalogue entries.'],
    ['NOT_FOUND', ErrorCode.NOT_FOUND, 'UPC entry 5 not found.'],
    ['INTERNAL_SERVER_ERROR', ErrorCode.INTERNAL_SERVER_ERROR, 'Internal server error. Please try again.'],
  ])('%s for a catalogue change: the message as an error toast and as the status, and the not-found sound', async (_name, code, message) => {
    const { db, ingest, notifier, status } = await setup(upcEntry(5, '500'));
    const queued = await enqueue(db, 'alice', deleteUpcsIntent([upcEntry(5, '500')]));
    status.busy('Deleting...');
    await ingest.incoming(errorEnvelope(code, message), headers(queued.clientMsgId));
    expect(notifier.error).toHaveBeenCalledWith(message);
    expect(notifier.sound).toHaveBeenCalledWith('notFound');
    expect(status.get()).toEqual({ message, submitting: false });
  });

  it('a refusal of anything else keeps the lots page behaviour: the message, status Ready., no sound unless NOT_FOUND', async () => {
    const { db, ingest, notifier, status } = await setup();
    const lots = await enqueue(db, 'alice', deleteLotsIntent({ ids: [1] }));
    await ingest.incoming(errorEnvelope(ErrorCode.BAD_REQUEST, 'Invalid request.'), headers(lots.clientMsgId));
    await ingest.incoming(errorEnvelope(ErrorCode.FORBIDDEN, 'Not yours.'), headers('unknown:1'));
    await ingest.incoming(errorEnvelope(ErrorCode.BAD_REQUEST, 'No id.'));
    expect(vi.mocked(notifier.error).mock.calls).toEqual([['Invalid request.'], ['Not yours.'], ['No id.']]);
    expect(notifier.sound).not.toHaveBeenCalled();
    expect(status.get().message).toBe(READY);
  });
});

describe('Save through the live client (client.ts)', () => {
  /** Answers processUPCCrudRequest as the server does (replies, then the RECEIPT, on a later tick). */
  function answerCatalogue(h: Harness, reply: (frame: SentFrame) => unknown): void {
    const server = h.connection.onPublish;
    h.connection.onPublish = (frame) => {
      if (frame.destination !== Destination.processUPCCrudRequest) return server?.(frame);
      const clientMsgId = frame.headers?.[CLIENT_MSG_ID_HEADER] ?? '';
      setTimeout(() => {
        h.connection.deliver(Topic.incomingMessages, reply(frame), headers(clientMsgId));
        h.connection.receipt(clientMsgId);
      }, 0);
    };
  }

  const settled = (h: Harness) =>
    vi.waitFor(async () => expect((await outboxSummary(h.db, h.user)).queued).toBe(0), { timeout: 3000, interval: 5 });

  it('a row saved offline is sent once connected and shows under its real id, no longer pending', async () => {
    const h = start();
    answerCatalogue(h, () => okEnvelope(MessageType.UPC_GRUD_CREATED, [upcEntry(77, '0123', { color: 'Navy' })], 'Saved UPC: 0123'));
    await claimReplica(h.db, h.user);
    await enqueue(h.db, h.user, createUpcIntent(upcEntry(0, '0123', { color: 'Navy' })));
    h.connection.open();
    h.replayer.wake();
    await settled(h);
    await vi.waitFor(async () => expect((await h.db.upcs.toArray()).map((row) => [row.id, row.upc, row.pending ?? 0])).toEqual([[77, '0123', 0]]));
    expect(h.status.get().message).toBe('Saved UPC: 0123');
    expect(h.notifier.error).not.toHaveBeenCalled();
  });

  it('a Save the server refuses: the row goes, the entry waits in the outbox with the message, the user reads and hears it', async () => {
    const h = start();
    const message = 'UPC 0123 is already in the catalogue.';
    answerCatalogue(h, () => errorEnvelope(ErrorCode.BAD_REQUEST, message));
    await claimReplica(h.db, h.user);
    await enqueue(h.db, h.user, createUpcIntent(upcEntry(0, '0123')));
    h.connection.open();
    h.replayer.wake();
    await settled(h);
    expect((await outboxSummary(h.db, h.user)).failed.map(({ lastError }) => lastError)).toEqual([message]);
    expect(await h.db.upcs.count()).toBe(0);
    await vi.waitFor(() => expect(h.notifier.sound).toHaveBeenCalledWith('notFound'));
    expect(h.notifier.error).toHaveBeenCalledWith(message);
    expect(h.status.get().message).toBe(message);
  });
});
