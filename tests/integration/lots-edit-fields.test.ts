// Edits send only the fields that change (issue 13), on the real server with real STOMP clients: two people
// changing different fields of one lot both keep their change; a partial body's unknown and server-owned fields
// are ignored; a body that names no field to change is refused in words; a whole lot is still taken.
import { describe, expect, it } from 'vitest';
import { ErrorCode } from '../../src/protocol/error-codes';
import { MessageType } from '../../src/protocol/message-types';
import { ServerMessages } from '../../src/protocol/messages';
import { okData, pushesTo, refusal, send } from '../support/lot-replies';
import { ADMIN, ALICE, createLot, staffSuite } from '../support/staff';
import type { TestClient } from '../support/stomp-client';

const suite = staffSuite();

const getLot = (client: TestClient, lotId: number) => client.request('getLotById', lotId, 'lotById');

describe('/app/updateManifest with only the fields that change', () => {
  it('keeps both changes when one person changes the Title and another the Units of the same lot', async () => {
    const [owner, admin] = [await suite.staff.connect(ALICE), await suite.staff.connect(ADMIN)];
    const lot = await createLot(owner, 'Shared pallet');
    await pushesTo(owner);
    const renamed = await send(owner, 'updateManifest', { id: lot.id, titleListing: 'Shared pallet, sorted' });
    const counted = await send(admin, 'updateManifest', { id: lot.id, numberOfUnits: 48 });
    const both = { ...lot, titleListing: 'Shared pallet, sorted', numberOfUnits: 48 };
    expect(renamed).toEqual({ errorCode: ErrorCode.OK, messageType: MessageType.UPDATED_LOT, data: { ...lot, titleListing: 'Shared pallet, sorted' } });
    expect(counted).toEqual({ errorCode: ErrorCode.OK, messageType: MessageType.UPDATED_LOT, data: both });
    expect(await pushesTo(owner)).toEqual([counted]); // the whole lot, as the reply is
    expect(await getLot(admin, lot.id)).toEqual(both);
  });

  it("ignores unknown and server-owned fields beside the change (lot number, status, slug, owner)", async () => {
    const owner = await suite.staff.connect(ALICE);
    const lot = await createLot(owner, 'Partial');
    const body = { id: lot.id, numberOfCartons: 3, lotNumber: 'LOT-HACKED', status: 'SOLD', slug: 'stolen', userId: lot.userId + 1, colour: 'red' };
    expect(okData(await send(owner, 'updateManifest', body))).toEqual({ ...lot, numberOfCartons: 3 });
    expect(await getLot(owner, lot.id)).toEqual({ ...lot, numberOfCartons: 3 });
  });

  it('refuses a body that names no field to change, in words, changing nothing', async () => {
    const owner = await suite.staff.connect(ALICE);
    const lot = await createLot(owner, 'Untouched');
    const nothing = refusal(ServerMessages.nothingToChange);
    expect(await send(owner, 'updateManifest', { id: lot.id })).toEqual(nothing);
    expect(await send(owner, 'updateManifest', { id: lot.id, status: 'SOLD', colour: 'red' })).toEqual(nothing);
    expect(await send(owner, 'updateManifests', [{ id: lot.id, categories: [10] }, { id: lot.id }])).toEqual(refusal(`item 2: ${ServerMessages.nothingToChange}`));
    expect(await getLot(owner, lot.id)).toEqual(lot);
  });

  it('saves a null note as an empty one and a null coordinate as unset when only they are sent', async () => {
    const owner = await suite.staff.connect(ALICE);
    const lot = await createLot(owner, 'Nulls');
    await send(owner, 'updateManifest', { id: lot.id, specialNotes: 'fragile', loc_zone: 4 });
    expect(okData(await send(owner, 'updateManifest', { id: lot.id, specialNotes: null, loc_zone: null }))).toEqual({ ...lot, specialNotes: '', loc_zone: lot.loc_zone });
  });
});

describe('/app/updateManifests with only the fields that change', () => {
  it('applies a lot sent twice in order, field by field, and keeps what another person changed meanwhile', async () => {
    const [owner, admin] = [await suite.staff.connect(ALICE), await suite.staff.connect(ADMIN)];
    const [first, second] = [await createLot(owner, 'Cats A'), await createLot(owner, 'Cats B')];
    await send(admin, 'updateManifest', { id: first.id, totalListingPrice: 99.5 });
    const reply = await send(owner, 'updateManifests', [{ id: first.id, categories: [10] }, { id: second.id, categories: [11] }, { id: first.id, titleListing: 'Cats A2' }]);
    const saved = [{ ...first, categories: [10], titleListing: 'Cats A2', totalListingPrice: 99.5 }, { ...second, categories: [11] }];
    expect(reply).toEqual({ errorCode: ErrorCode.OK, messageType: MessageType.UPDATED_LOTS, data: saved });
    expect(await getLot(owner, first.id)).toEqual(saved[0]);
  });
});
