// Catalogue replies as the data-entry screen sees them (DESIGN §4, spec §7, §8): the suggestion topic fills a
// field's type-ahead or the Search's rows (paired with its request by request-id); processUPCCrudRequest replies
// land in the replica (our Save's temporary row replaced by the server's); refusals are told as spec §8 data
// entry says. Replies are fed to an ingest wired with the page client's parts, so each is awaited; the last
// describe runs the whole client against the real server.
import 'fake-indexeddb/auto';
import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import { domains } from '../../../src/domains';
import { deleteLots } from '../../../src/domains/lots';
import {
  catalogue, createUpc, deleteUpcs, EMPTY_SEARCH, searchUpcs, suggestUpcs, updateUpc, upcsTable, type CatalogueSearch,
} from '../../../src/domains/upcs';
import { CLIENT_MSG_ID_HEADER, REQUEST_ID_HEADER } from '../../../src/protocol/auth';
import { CrudType, SuggestionType, type UpcEntry } from '../../../src/protocol/catalogue';
import { Destination } from '../../../src/protocol/destinations';
import { errorEnvelope, okEnvelope } from '../../../src/protocol/envelope';
import { ErrorCode } from '../../../src/protocol/error-codes';
import { MessageType } from '../../../src/protocol/message-types';
import { ServerMessages } from '../../../src/protocol/messages';
import { READY, createStatus } from '../../../src/sync/feedback/status';
import { createIngest } from '../../../src/sync/ingest/dispatch';
import { outboxSummary } from '../../../src/sync/outbox/summary';
import { readMeta, TEMP_IDS } from '../../../src/sync/replica/meta';
import { claimReplica } from '../../../src/sync/replica/owner';
import { createMemoryStorage, createSettings } from '../../../src/sync/session/settings';
import { createQueries } from '../../../src/sync/transport/queries';
import { makeUpc } from '../../support/factories';
import { startClientServer, type ClientServer } from './support/server';
import { createHarness, freshReplica, mockNotifier, type Harness } from './support/sync-harness';

let server: ClientServer;
beforeAll(async () => void (server = await startClientServer()), 60_000);
afterAll(() => server?.stop());

/** Waits on the real server's answers: generous, as many test files' servers share the CPU. */
const WAIT = { timeout: 5000, interval: 5 };

const searchFor = (fields: Partial<CatalogueSearch>): CatalogueSearch => ({ ...EMPTY_SEARCH, ...fields });
const headers = (clientMsgId: string) => ({ [CLIENT_MSG_ID_HEADER]: clientMsgId });

async function start(): Promise<Harness> {
  const harness = await createHarness(server);
  onTestFinished(harness.unlink);
  return harness;
}

/**
 * The page's client (offline; the server's answers held back, never delivered) with its replica holding `rows`,
 * and an ingest wired as startSync wires it, with the same replica, queries and feedback.
 */
async function setup(...rows: UpcEntry[]) {
  const h = await start();
  h.wire.holding = true;
  const { db, sync } = h;
  await claimReplica(db, h.user);
  await db.rows(upcsTable).bulkPut(rows);
  const { notifier, status } = sync.feedback;
  const ingest = createIngest({ db, feedback: sync.feedback, settings: h.settings, signedIn: sync.signedIn, queries: sync.queries, domains });
  const upcs = async () => (await db.rows(upcsTable).orderBy('id').toArray()).map((row) => [row.id, row.upc, row.color ?? null, row.pending ?? 0]);
  /** The request-id of the last getSuggestion sent. */
  const lastAsked = () => h.connection.sent.filter((frame) => frame.destination === Destination.getSuggestion).at(-1)?.headers?.[REQUEST_ID_HEADER] ?? '';
  const answering = (requestId: string) => ({ [REQUEST_ID_HEADER]: requestId });
  return { h, db, notifier, status, ingest, upcs, lastAsked, answering };
}

function quietWarnings() {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  onTestFinished(() => warn.mockRestore());
  return warn;
}

describe('/user/topics/suggestion', () => {
  it('type-ahead values reach the field that asked (its request-id) and are not cached as rows', async () => {
    const { h, db, ingest, lastAsked, answering } = await setup();
    h.connection.open();
    await suggestUpcs('vendor', 'A');
    await ingest.topic('suggestion', { suggestionType: SuggestionType.BRAND, suggestions: ['Acme', 'ACE'], referenceId: 'vendor' }, answering(lastAsked()));
    await ingest.topic('suggestion', { suggestionType: SuggestionType.UPC, suggestions: ['0123'], referenceId: null });
    expect(catalogue.get().suggestions).toEqual({ vendor: ['Acme', 'ACE'] });
    expect(await db.rows(upcsTable).count()).toBe(0);
  });

  it("a Search's rows join the replica and become the table's rows, narrowed by ASIN, MSRP and Wholesale Price", async () => {
    const { h, ingest, upcs, lastAsked, answering } = await setup();
    h.connection.open();
    const search = searchFor({ vendor: 'acme', msrp: '19', asin: 'B0' });
    await searchUpcs(search);
    expect(catalogue.get().searching).toBe(true);
    await ingest.topic('suggestion', {
      suggestionType: SuggestionType.ALL_FIELDS,
      suggestions: [
        makeUpc(10, '100', { vendorName: 'Acme', retailPrice: 19.99, asin: 'B01' }),
        makeUpc(11, '101', { vendorName: 'Acme', retailPrice: 25, asin: 'B02' }), // MSRP does not match
        makeUpc(12, '102', { vendorName: 'Acme', retailPrice: 19, asin: 'X1' }), // ASIN does not match
      ],
      referenceId: 'search',
    }, answering(lastAsked()));
    expect(catalogue.get()).toMatchObject({ found: { ids: [10], search, local: false }, searching: false });
    expect(await upcs()).toEqual([[10, '100', null, 0], [11, '101', null, 0], [12, '102', null, 0]]);
  });

  it('rows answering no search of ours (forgotten, or asked by another screen) are cached but leave the table alone', async () => {
    const { db, ingest, answering } = await setup();
    await ingest.topic('suggestion', { suggestionType: SuggestionType.ALL_FIELDS, suggestions: [makeUpc(3, '300')], referenceId: 'search' }, answering('q7'));
    expect(catalogue.get().found).toBeUndefined();
    expect(await db.rows(upcsTable).get(3)).toMatchObject({ upc: '300' });
  });

  it("keeps the user's unsent edits on top of a Search's newer rows", async () => {
    const { h, db, ingest, upcs } = await setup(makeUpc(5, '500', { color: 'Blue' }));
    await h.sync.enqueue(updateUpc.build({ stored: makeUpc(5, '500', { color: 'Blue' }), edits: { color: 'Red' } }));
    await ingest.topic('suggestion', {
      suggestionType: SuggestionType.ALL_FIELDS, suggestions: [makeUpc(5, '500', { color: 'Green', size: 'M' })], referenceId: 'search',
    });
    expect(await upcs()).toEqual([[5, '500', 'Red', 1]]);
    expect(await db.rows(upcsTable).get(5)).toMatchObject({ size: 'M', base: { color: 'Green' } });
  });

  it('a reply that does not match the contract changes nothing', async () => {
    const { h, ingest, upcs, lastAsked, answering } = await setup(makeUpc(1, '100'));
    const warn = quietWarnings();
    h.connection.open();
    await searchUpcs(EMPTY_SEARCH);
    const asked = answering(lastAsked());
    await ingest.topic('suggestion', { suggestionType: 9, suggestions: [], referenceId: 'search' }, asked);
    await ingest.topic('suggestion', { suggestionType: SuggestionType.ALL_FIELDS, suggestions: [{ id: -3, upc: 'x' }], referenceId: 'search' }, asked);
    await ingest.topic('suggestion', 'nope', asked);
    expect(await upcs()).toEqual([[1, '100', null, 0]]);
    expect(catalogue.get()).toMatchObject({ found: undefined, suggestions: {} });
    expect(warn).toHaveBeenCalledTimes(3);
  });
});

describe('/app/processUPCCrudRequest replies on incomingMessages', () => {
  it("UPC_GRUD_CREATED for our Save replaces the temporary row with the server's and says 'Saved UPC: {upc}'", async () => {
    const { h, db, ingest, status, notifier, upcs } = await setup();
    const queued = await h.sync.enqueue(createUpc.build(makeUpc(0, '0123', { color: 'Navy' })));
    expect(queued.tempId).toBe(-1);
    expect(await upcs()).toEqual([[-1, '0123', 'Navy', 1]]);
    await ingest.incoming(okEnvelope(MessageType.UPC_GRUD_CREATED, [makeUpc(42, '0123', { color: 'Navy' })], 'Saved UPC: 0123'), headers(queued.clientMsgId));
    expect(await upcs()).toEqual([[42, '0123', 'Navy', 0]]);
    expect(await readMeta(db, TEMP_IDS)).toEqual([[-1, 42]]); // the sheet renumbers its row from this
    expect(status.get().message).toBe('Saved UPC: 0123');
    expect(notifier.info).not.toHaveBeenCalled(); // not mistaken for an unknown reply
  });

  it("UPC_GRUD_CREATED pushed from another session adds the row and leaves this user's status alone", async () => {
    const { ingest, status, upcs } = await setup();
    status.busy('Updating UPCs: 1');
    await ingest.incoming(okEnvelope(MessageType.UPC_GRUD_CREATED, [makeUpc(8, '800')], 'Saved UPC: 800'));
    expect(await upcs()).toEqual([[8, '800', null, 0]]);
    expect(status.get()).toEqual({ message: 'Updating UPCs: 1', submitting: true });
  });

  it("UPC_GRUD_UPDATED stores the server's rows, the user's pending edits laid on top", async () => {
    const { h, ingest, status, upcs } = await setup(makeUpc(1, '100', { color: 'Blue' }), makeUpc(2, '200', { color: 'Blue' }));
    const queued = await h.sync.enqueue(updateUpc.build({ stored: makeUpc(1, '100', { color: 'Blue' }), edits: { color: 'Red' } }));
    await ingest.incoming(
      okEnvelope(MessageType.UPC_GRUD_UPDATED, [makeUpc(1, '100', { color: 'Red' }), makeUpc(2, '200', { color: 'Teal' })], 'Updated UPCs: 2'),
      headers(queued.clientMsgId),
    );
    expect(await upcs()).toEqual([[1, '100', 'Red', 1], [2, '200', 'Teal', 0]]);
    expect(status.get().message).toBe('Updated UPCs: 2');
  });

  it('UPC_GRUD_DELETED removes the rows; SUGGESTION (a READ) stores the rows found', async () => {
    const { ingest, upcs } = await setup(makeUpc(1, '100'), makeUpc(2, '200'), makeUpc(3, '300'));
    await ingest.incoming(okEnvelope(MessageType.UPC_GRUD_DELETED, [makeUpc(1, '100'), makeUpc(3, '300')], 'Deleted UPCs: 2'));
    expect(await upcs()).toEqual([[2, '200', null, 0]]);
    await ingest.incoming(okEnvelope(MessageType.SUGGESTION, [makeUpc(9, '900', { color: 'Red' })], 'Found UPCs: 1'));
    expect(await upcs()).toEqual([[2, '200', null, 0], [9, '900', 'Red', 0]]);
  });

  it('a catalogue reply whose data does not match the contract changes nothing and is not shown as an unknown reply', async () => {
    const { ingest, notifier, upcs } = await setup(makeUpc(1, '100'));
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
    const settings = createSettings(createMemoryStorage());
    const ingest = createIngest({ db, feedback, settings, signedIn: () => undefined, queries: createQueries(() => true), domains });
    const applying = ingest.incoming(okEnvelope(MessageType.UPC_GRUD_CREATED, [makeUpc(1, '100')]), undefined);
    expect(applying).toBeInstanceOf(Promise);
    await applying;
    await ingest.topic('suggestion', { suggestionType: SuggestionType.ALL_FIELDS, suggestions: [makeUpc(2, '200')], referenceId: 'search' });
    expect(await db.rows(upcsTable).count()).toBe(0);
  });
});

describe('refusals (spec §8 data entry, showDataEntryError)', () => {
  it.each([
    ['BAD_REQUEST', ErrorCode.BAD_REQUEST, 'UPC 0123 is already in the catalogue.'],
    ['FORBIDDEN', ErrorCode.FORBIDDEN, 'Only admins can delete catalogue entries.'],
    ['NOT_FOUND', ErrorCode.NOT_FOUND, 'UPC entry 5 not found.'],
    ['INTERNAL_SERVER_ERROR', ErrorCode.INTERNAL_SERVER_ERROR, 'Internal server error. Please try again.'],
  ])('%s for a catalogue change: the message as an error toast and as the status, and the not-found sound', async (_name, code, message) => {
    const { h, ingest, notifier, status } = await setup(makeUpc(5, '500'));
    const queued = await h.sync.enqueue(deleteUpcs.build([makeUpc(5, '500')]));
    status.busy('Deleting...');
    await ingest.incoming(errorEnvelope(code, message), headers(queued.clientMsgId));
    expect(notifier.error).toHaveBeenCalledWith(message);
    expect(notifier.sound).toHaveBeenCalledWith('notFound');
    expect(status.get()).toEqual({ message, submitting: false });
  });

  it('a refusal of anything else keeps the lots page behaviour: the message, status Ready., no sound unless NOT_FOUND', async () => {
    const { h, ingest, notifier, status } = await setup();
    const lots = await h.sync.enqueue(deleteLots.build({ ids: [1] }));
    await ingest.incoming(errorEnvelope(ErrorCode.BAD_REQUEST, 'Invalid request.'), headers(lots.clientMsgId));
    await ingest.incoming(errorEnvelope(ErrorCode.FORBIDDEN, 'Not yours.'), headers('unknown:1'));
    await ingest.incoming(errorEnvelope(ErrorCode.BAD_REQUEST, 'No id.'));
    expect(vi.mocked(notifier.error).mock.calls).toEqual([['Invalid request.'], ['Not yours.'], ['No id.']]);
    expect(notifier.sound).not.toHaveBeenCalled();
    expect(status.get().message).toBe(READY);
  });
});

describe('Save through the live client (the page client on the real server)', { timeout: 20_000 }, () => {
  const settled = (h: Harness) =>
    vi.waitFor(async () => expect((await outboxSummary(h.db, h.user)).queued).toBe(0), WAIT);
  /** A UPC no other test of the file saves: the server's catalogue is shared by the file's tests. */
  const uniqueUpc = (): string => `S${Date.now()}${Math.random().toString(36).slice(2, 6)}`;

  it('a row saved offline is sent once connected and shows under its real id, no longer pending', async () => {
    const h = await start();
    const upc = uniqueUpc();
    await h.sync.enqueue(createUpc.build(makeUpc(0, upc, { color: 'Navy' })));
    h.connection.open();
    await settled(h);
    const [saved] = await server.ask<UpcEntry[]>(h.token, 'processUPCCrudRequest', { crudType: CrudType.READ, upcEntries: [makeUpc(0, upc)] });
    expect(saved).toMatchObject({ upc, color: 'Navy' });
    await vi.waitFor(async () => expect((await h.db.rows(upcsTable).toArray()).map((row) => [row.id, row.upc, row.pending ?? 0])).toEqual([[saved?.id, upc, 0]]), WAIT);
    expect(h.sync.status.get().message).toBe(ServerMessages.savedUpc(upc));
    expect(h.notifier.error).not.toHaveBeenCalled();
  });

  it('a Save the server refuses: the row goes, the entry waits in the outbox with the message, the user reads and hears it', async () => {
    const h = await start();
    const upc = uniqueUpc();
    await server.seedCatalogue([{ upc }]); // someone saved it first
    const message = ServerMessages.upcTaken(upc);
    await h.sync.enqueue(createUpc.build(makeUpc(0, upc)));
    h.connection.open();
    await settled(h);
    expect((await outboxSummary(h.db, h.user)).failed.map(({ lastError }) => lastError)).toEqual([message]);
    expect(await h.db.rows(upcsTable).count()).toBe(0);
    await vi.waitFor(() => expect(h.notifier.sound).toHaveBeenCalledWith('notFound'), WAIT);
    expect(h.notifier.error).toHaveBeenCalledWith(message);
    expect(h.sync.status.get().message).toBe(message);
  });
});
