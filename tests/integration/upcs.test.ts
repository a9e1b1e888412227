// Keeping the UPC catalogue (spec §2 Data entry, §3, §7; DESIGN §5): /app/processUPCCrudRequest on the real server
// with the real STOMP client, replies checked against the contract. Every CRUD type, duplicate UPCs, the admin-only
// delete, missing rows, bad payloads, a replayed outbox entry, and the live push of a change.
import { describe, expect, it } from 'vitest';
import { CrudType, UpcEntrySchema, type UpcEntry } from '../../src/protocol/catalogue';
import { ErrorCode } from '../../src/protocol/error-codes';
import { MessageType } from '../../src/protocol/message-types';
import { alreadyInCatalogue, createEntries, crud, newEntry, newUpc, rejected } from '../support/catalogue';
import { invalid, okData, pushesTo } from '../support/lot-replies';
import { ADMIN, ALICE, BOB, MISSING_ID, staffSuite, uniqueName } from '../support/staff';
import type { TestClient } from '../support/stomp-client';

const MISSING = MISSING_ID;

const suite = staffSuite();

const ok = (messageType: number, message: string, data: unknown) => ({ errorCode: ErrorCode.OK, messageType, message, data });
const notFound = (message: string) => rejected(ErrorCode.NOT_FOUND, message);
const read = (client: TestClient, ...upcList: string[]) => crud(client, CrudType.READ, upcList.map((upc) => ({ id: 0, upc })));
const entriesOf = (reply: unknown): UpcEntry[] => UpcEntrySchema.array().parse(okData(reply));

/** What a stored entry holds when the client sent only `fields`: the server's defaults for the rest. */
const storedAs = (fields: Partial<UpcEntry>): UpcEntry => ({
  id: expect.any(Number), upc: expect.any(String), vendorName: '', vendorStyleNumber: '', size: '', color: '', ean: '', itemDescription: '',
  retailPrice: null, wholesalePrice: null, liquidationPrice: null, approved: false, approvedBy: null, source: 'dataentry', division: '',
  department: '', vendorNameOriginal: '', lastUpdated: expect.any(String), asin: '', ...fields,
});

describe('/app/processUPCCrudRequest', () => {
  describe('CREATE', () => {
    it("saves a new row, answering UPC_GRUD_CREATED 'Saved UPC: {upc}' with the stored entry: its new id, the server's lastUpdated", async () => {
      const alice = await suite.staff.connect(ALICE);
      const sent = newEntry({
        vendorName: ' Acme ', vendorStyleNumber: 'ST-100', size: 'M', color: 'Red', itemDescription: 'Kettle 1.7L', retailPrice: 29.5,
        wholesalePrice: 12, liquidationPrice: 3, division: 'Home', department: 'Kitchen', asin: 'B000KETTLE', lastUpdated: '2001-01-01T00:00:00Z',
      });
      const before = Date.now();
      const reply = await crud(alice, CrudType.CREATE, [sent]);
      const expected = storedAs({ ...sent, id: expect.any(Number), vendorName: 'Acme', lastUpdated: expect.any(String) });
      expect(reply).toEqual(ok(MessageType.UPC_GRUD_CREATED, `Saved UPC: ${sent.upc}`, [expected]));
      const [saved] = entriesOf(reply);
      expect(saved?.id).toBeGreaterThan(0);
      expect(Date.parse(saved?.lastUpdated ?? '')).toBeGreaterThan(before - 60_000); // not the client's 2001
      expect(okData(await read(alice, sent.upc))).toEqual([saved]);
    });

    it("saves several rows, saying 'Saved UPCs: {n}', keeping the source and approver given; an approved row without one is approved by the sender", async () => {
      const alice = await suite.staff.connect(ALICE);
      const sent = [
        newEntry({ source: 'excel', approved: true, approvedBy: 'carol' }),
        newEntry({ approved: true, approvedBy: '  ' }),
        newEntry({ approved: true, source: null }),
        newEntry({ approved: false, approvedBy: 'dave' }),
      ];
      const reply = await crud(alice, CrudType.CREATE, sent);
      expect(reply).toMatchObject({ errorCode: ErrorCode.OK, messageType: MessageType.UPC_GRUD_CREATED, message: 'Saved UPCs: 4' });
      expect(entriesOf(reply).map(({ upc, source, approved, approvedBy }) => ({ upc, source, approved, approvedBy }))).toEqual([
        { upc: sent[0]?.upc, source: 'excel', approved: true, approvedBy: 'carol' },
        { upc: sent[1]?.upc, source: 'dataentry', approved: true, approvedBy: ALICE },
        { upc: sent[2]?.upc, source: 'dataentry', approved: true, approvedBy: ALICE },
        { upc: sent[3]?.upc, source: 'dataentry', approved: false, approvedBy: 'dave' },
      ]);
    });

    it('rejects a UPC already in the catalogue with "UPC ... is already in the catalogue.", saving nothing of the request', async () => {
      const [alice, bob] = [await suite.staff.connect(ALICE), await suite.staff.connect(BOB)];
      const [existing] = await createEntries(alice, [newEntry({ vendorName: 'First' })]);
      const fresh = newEntry();
      expect(await crud(bob, CrudType.CREATE, [fresh, newEntry({ upc: existing?.upc ?? '', vendorName: 'Second' })])).toEqual(alreadyInCatalogue(existing?.upc ?? ''));
      expect(await read(bob, fresh.upc)).toEqual(notFound(`UPC ${fresh.upc} not found.`));
      expect(okData(await read(bob, existing?.upc ?? ''))).toEqual([existing]);
    });

    it('rejects a UPC repeated in the same request with "UPC ... is already in the catalogue.", saving nothing', async () => {
      const alice = await suite.staff.connect(ALICE);
      const [first, twice] = [newEntry(), newEntry()];
      expect(await crud(alice, CrudType.CREATE, [first, twice, { ...twice, vendorName: 'again' }])).toEqual(alreadyInCatalogue(twice.upc));
      expect(await read(alice, first.upc, twice.upc)).toEqual(notFound(`UPC ${first.upc} not found.`));
    });

    it('saves once when two tablets save the same new UPC at once; the other is told it is already in the catalogue', async () => {
      const [tablet, phone] = [await suite.staff.connect(ALICE), await suite.staff.connect(BOB)];
      const upc = newUpc();
      const replies = await Promise.all([tablet, phone].map((client) => crud(client, CrudType.CREATE, [newEntry({ upc })])));
      expect(replies.map((reply) => (reply as { errorCode: number }).errorCode).sort()).toEqual([ErrorCode.OK, ErrorCode.BAD_REQUEST]);
      expect(replies).toContainEqual(alreadyInCatalogue(upc));
      expect(entriesOf(await read(tablet, upc))).toHaveLength(1);
    });

    it('saves once when the outbox sends the same entry twice, answering the replay with the same reply', async () => {
      const alice = await suite.staff.connect(ALICE);
      const entry = newEntry({ vendorName: 'Replayed' });
      const clientMsgId = uniqueName('test-device');
      const first = await crud(alice, CrudType.CREATE, [entry], clientMsgId);
      expect(first).toMatchObject({ errorCode: ErrorCode.OK, message: `Saved UPC: ${entry.upc}` });
      expect(await crud(alice, CrudType.CREATE, [entry], clientMsgId)).toEqual(first);
      expect(okData(await read(alice, entry.upc))).toEqual(okData(first));
    });

    it('refuses a stored row, a blank or spaced UPC and a negative price with BAD_REQUEST naming the field', async () => {
      const alice = await suite.staff.connect(ALICE);
      expect(await crud(alice, CrudType.CREATE, [{ ...newEntry(), id: 5 }])).toEqual(invalid(/^item 1: Id: CREATE takes new rows/));
      expect(await crud(alice, CrudType.CREATE, [newEntry({ upc: '  ' })])).toEqual(invalid(/^item 1: UPC is required\.$/));
      expect(await crud(alice, CrudType.CREATE, [newEntry({ upc: '0123 456' })])).toEqual(invalid(/^item 1: UPC must not contain spaces/));
      expect(await crud(alice, CrudType.CREATE, [newEntry(), newEntry({ retailPrice: -1 })])).toEqual(invalid(/^item 2: Msrp cannot be negative\.$/));
      expect(await crud(alice, CrudType.CREATE, [])).toEqual(invalid(/^UPCs must have at least 1 entry\.$/));
      expect(await crud(alice, 4 as CrudType, [newEntry()])).toEqual(invalid(/^Change type /));
    });
  });

  describe('READ', () => {
    it("finds entries by UPC in the order asked, answering SUGGESTION 'Found UPCs: {n}'", async () => {
      const alice = await suite.staff.connect(ALICE);
      const [a, b] = await createEntries(alice, [newEntry({ vendorName: 'Read A' }), newEntry({ vendorName: 'Read B' })]);
      expect(await read(alice, b?.upc ?? '', newUpc(), a?.upc ?? '', b?.upc ?? '')).toEqual(ok(MessageType.SUGGESTION, 'Found UPCs: 2', [b, a]));
    });

    it('answers NOT_FOUND "UPC {upc} not found." naming the first UPC asked when none is in the catalogue', async () => {
      const alice = await suite.staff.connect(ALICE);
      const [first, second] = [newUpc(), newUpc()];
      expect(await read(alice, first, second)).toEqual(notFound(`UPC ${first} not found.`));
    });
  });

  describe('UPDATE', () => {
    it("keeps a field left out, clears a field sent as null (text to '', a price to unknown) and answers UPC_GRUD_UPDATED 'Updated UPCs: {n}'", async () => {
      const alice = await suite.staff.connect(ALICE);
      const [stored] = await createEntries(alice, [newEntry({ vendorName: 'Acme', size: 'L', color: 'Red', retailPrice: 10, wholesalePrice: 4, asin: 'B0001' })]);
      if (!stored) throw new Error('not created');
      const reply = await crud(alice, CrudType.UPDATE, [{ id: stored.id, upc: stored.upc, vendorName: 'Acme Home', color: null, retailPrice: null, asin: null }]);
      const updated = { ...stored, vendorName: 'Acme Home', color: '', retailPrice: null, asin: '', lastUpdated: expect.any(String) };
      expect(reply).toEqual(ok(MessageType.UPC_GRUD_UPDATED, 'Updated UPCs: 1', [updated]));
      expect(Date.parse(entriesOf(reply)[0]?.lastUpdated ?? '')).toBeGreaterThanOrEqual(Date.parse(stored.lastUpdated ?? ''));
      expect(okData(await read(alice, stored.upc))).toEqual(okData(reply));
    });

    it('changes a UPC to one no other entry has, and takes both changes of a row named twice', async () => {
      const alice = await suite.staff.connect(ALICE);
      const [stored] = await createEntries(alice, [newEntry({ vendorName: 'Renamed' })]);
      if (!stored) throw new Error('not created');
      const upc = newUpc();
      const reply = await crud(alice, CrudType.UPDATE, [{ id: stored.id, upc, size: 'XL' }, { id: stored.id, upc, color: 'Blue' }]);
      expect(reply).toMatchObject({ message: 'Updated UPCs: 1', data: [{ ...stored, upc, size: 'XL', color: 'Blue', lastUpdated: expect.any(String) }] });
      expect(await read(alice, stored.upc)).toEqual(notFound(`UPC ${stored.upc} not found.`));
    });

    it('approves a row for the sender when it is marked approved without an approver', async () => {
      const bob = await suite.staff.connect(BOB);
      const [stored] = await createEntries(bob, [newEntry()]);
      expect(await crud(bob, CrudType.UPDATE, [{ id: stored?.id, upc: stored?.upc, approved: true }])).toMatchObject({ data: [{ approved: true, approvedBy: BOB }] });
    });

    it('rejects a UPC another entry has with "UPC ... is already in the catalogue.", changing nothing', async () => {
      const alice = await suite.staff.connect(ALICE);
      const [a, b] = await createEntries(alice, [newEntry({ vendorName: 'Keep A' }), newEntry({ vendorName: 'Keep B' })]);
      if (!a || !b) throw new Error('not created');
      const reply = await crud(alice, CrudType.UPDATE, [{ id: a.id, upc: a.upc, vendorName: 'Changed' }, { id: b.id, upc: a.upc }]);
      expect(reply).toEqual(alreadyInCatalogue(a.upc));
      expect(await crud(alice, CrudType.UPDATE, [{ id: a.id, upc: b.upc }, { id: b.id, upc: a.upc }])).toEqual(alreadyInCatalogue(b.upc));
      expect(okData(await read(alice, a.upc, b.upc))).toEqual([a, b]);
    });

    it('rejects an id not in the catalogue with NOT_FOUND "UPC entry {id} not found.", changing nothing', async () => {
      const alice = await suite.staff.connect(ALICE);
      const [stored] = await createEntries(alice, [newEntry({ vendorName: 'Untouched' })]);
      if (!stored) throw new Error('not created');
      const reply = await crud(alice, CrudType.UPDATE, [{ id: stored.id, upc: stored.upc, vendorName: 'Touched' }, { id: MISSING, upc: newUpc() }]);
      expect(reply).toEqual(notFound(`UPC entry ${MISSING} not found.`));
      expect(okData(await read(alice, stored.upc))).toEqual([stored]);
    });

    it('refuses a new row (id 0) with BAD_REQUEST naming the field', async () => {
      const alice = await suite.staff.connect(ALICE);
      expect(await crud(alice, CrudType.UPDATE, [newEntry()])).toEqual(invalid(/^item 1: Id: UPDATE and DELETE take stored rows/));
    });
  });

  describe('DELETE', () => {
    it("lets an admin delete entries, answering UPC_GRUD_DELETED 'Deleted UPCs: {n}' with the deleted entries; ids not in the catalogue are skipped", async () => {
      const [alice, admin] = [await suite.staff.connect(ALICE), await suite.staff.connect(ADMIN)];
      const [a, b, kept] = await createEntries(alice, [newEntry(), newEntry(), newEntry()]);
      if (!a || !b || !kept) throw new Error('not created');
      expect(await crud(admin, CrudType.DELETE, [b, { id: MISSING, upc: newUpc() }, a])).toEqual(ok(MessageType.UPC_GRUD_DELETED, 'Deleted UPCs: 2', [b, a]));
      expect(await read(alice, a.upc, b.upc)).toEqual(notFound(`UPC ${a.upc} not found.`));
      expect(okData(await read(alice, kept.upc))).toEqual([kept]);
    });

    it('refuses a user\'s delete with FORBIDDEN "Only admins can delete catalogue entries.", deleting nothing', async () => {
      const alice = await suite.staff.connect(ALICE);
      const [stored] = await createEntries(alice, [newEntry()]);
      expect(await crud(alice, CrudType.DELETE, [stored])).toEqual(rejected(ErrorCode.FORBIDDEN, 'Only admins can delete catalogue entries.'));
      expect(await crud(alice, CrudType.DELETE, [{ id: MISSING, upc: newUpc() }])).toEqual(rejected(ErrorCode.FORBIDDEN, 'Only admins can delete catalogue entries.'));
      expect(okData(await read(alice, stored?.upc ?? ''))).toEqual([stored]);
    });

    it('answers NOT_FOUND "UPC entry {id} not found." when none of the ids is in the catalogue', async () => {
      const admin = await suite.staff.connect(ADMIN);
      expect(await crud(admin, CrudType.DELETE, [{ id: MISSING, upc: newUpc() }, { id: MISSING - 1, upc: newUpc() }])).toEqual(notFound(`UPC entry ${MISSING} not found.`));
    });
  });

  describe('every change', () => {
    const CHANGES: ReadonlyArray<{ name: string; crudType: CrudType; sender: string; change: (entry: UpcEntry) => unknown }> = [
      { name: 'CREATE', crudType: CrudType.CREATE, sender: ALICE, change: () => newEntry({ vendorName: 'Seen live' }) },
      { name: 'UPDATE', crudType: CrudType.UPDATE, sender: ALICE, change: (entry) => ({ ...entry, color: 'Seen live' }) },
      { name: 'DELETE', crudType: CrudType.DELETE, sender: ADMIN, change: (entry) => entry },
    ];

    it.each(CHANGES)("$name: pushes the change live to the sender's other session and to an admin, not to another user", async ({ crudType, sender, change }) => {
      const [tablet, phone, admin, other] = [await suite.staff.connect(sender), await suite.staff.connect(sender), await suite.staff.connect(ADMIN), await suite.staff.connect(BOB)];
      const [stored] = await createEntries(tablet, [newEntry()]);
      if (!stored) throw new Error('not created');
      await Promise.all([phone, admin, other].map(pushesTo)); // the create's pushes
      const reply = await crud(tablet, crudType, [change(stored)]);
      expect(reply).toMatchObject({ errorCode: ErrorCode.OK });
      expect(await pushesTo(phone)).toEqual([reply]);
      expect(await pushesTo(admin)).toEqual([reply]);
      expect(await pushesTo(other)).toEqual([]);
      expect(await pushesTo(tablet)).toEqual([]); // the sender has its reply, not a second copy
    });

    it('pushes nothing for a READ or a refusal', async () => {
      const [tablet, phone] = [await suite.staff.connect(ALICE), await suite.staff.connect(ALICE)];
      const [stored] = await createEntries(tablet, [newEntry()]);
      await pushesTo(phone);
      await read(tablet, stored?.upc ?? '');
      await crud(tablet, CrudType.CREATE, [newEntry({ upc: stored?.upc ?? '' })]);
      expect(await pushesTo(phone)).toEqual([]);
    });
  });
});
