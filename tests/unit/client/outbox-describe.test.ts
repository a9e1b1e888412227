// The outbox panel says what each waiting change does in plain words (issue 13), never a destination name: lots by
// title, boxes by label, items as "Add 2 × {UPC} to box A1". Each domain describes its own changes; a change
// nobody describes (an upload) still gets a sentence. Changes are queued offline in a replica of alice's.
import 'fake-indexeddb/auto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { domains } from '../../../src/domains';
import { auctionManifestsTable } from '../../../src/domains/auctions';
import { addBox, boxesTable, deleteBox, updateBoxInfo } from '../../../src/domains/boxes';
import { addUpc, addUpcs, deleteItems, itemsTable, updateItem } from '../../../src/domains/items';
import { copyManifest, createLot, deleteLots, lotsTable, renameLot, updateLotLocation, updateLotStatus, updateManifest, updateManifests } from '../../../src/domains/lots';
import { listAuctionLot } from '../../../src/domains/listings';
import { createUpc, deleteUpcs, updateUpc } from '../../../src/domains/upcs';
import { contract, isMutation, type MutationName } from '../../../src/protocol/contract';
import { boxesContract } from '../../../src/protocol/contract/boxes';
import { lotsContract } from '../../../src/protocol/contract/lots';
import { Destination, type DestinationName } from '../../../src/protocol/destinations';
import { ApiPath } from '../../../src/protocol/http';
import { LotStatus } from '../../../src/protocol/lots';
import { describedMutations, entryDescriber } from '../../../src/sync/outbox/describe';
import { enqueue, enqueueUpload, type Intent } from '../../../src/sync/outbox/outbox';
import { queuedEntries } from '../../../src/sync/outbox/summary';
import { claimReplica } from '../../../src/sync/replica/owner';
import { makeBox, makeItem, makeLot, makeUpc } from '../../support/factories';
import { freshReplica } from './support/sync-harness';

const UPC = '012345678905';
const OTHER_UPC = '036000291452';
const pallet = makeLot(7, 'Pallet 7');
const boxA1 = makeBox(31, pallet.id, { label: 'A1' });
const scanned = makeItem(51, UPC, { quantity: 2 });
const other = makeItem(52, OTHER_UPC);

/** alice's replica holding lot 'Pallet 7' with box A1 and its two items; `said` lists her queue in words. */
async function offline() {
  const db = freshReplica();
  await claimReplica(db, 'alice');
  await db.rows(lotsTable).put(pallet);
  await db.rows(boxesTable).put(boxA1);
  await db.rows(itemsTable).bulkPut([{ ...scanned, boxId: boxA1.id }, { ...other, boxId: boxA1.id }]);
  const describe = entryDescriber(domains);
  return {
    db,
    queue: (intent: Intent) => enqueue(db, 'alice', intent),
    said: async () => (await queuedEntries(db, 'alice', describe)).map(({ description }) => description),
  };
}

/** The sentence for one change queued alone. */
async function sentence(intent: Intent): Promise<string | undefined> {
  const { queue, said } = await offline();
  await queue(intent);
  return (await said())[0];
}

describe('the outbox panel: lots in words', () => {
  it('names a new or renamed lot by the title it is given', async () => {
    expect(await sentence(createLot.build({ title: 'Pallet 8' }))).toBe("Create lot 'Pallet 8'");
    expect(await sentence(renameLot.build({ lotId: pallet.id, newTitle: 'Pallet 7, sorted' }))).toBe("Rename lot to 'Pallet 7, sorted'");
  });

  it('names a lot by its title from the device, or by its id when the device does not have it', async () => {
    expect(await sentence(copyManifest.build({ id: pallet.id }))).toBe("Duplicate lot 'Pallet 7'");
    expect(await sentence(copyManifest.build({ id: 99 }))).toBe('Duplicate lot #99');
    expect(await sentence(updateLotLocation.build({ id: pallet.id, loc_zone: 1, loc_aisle: 2, loc_column: 3, loc_row: 4, loc_box: 5 }))).toBe(
      "Set the location of lot 'Pallet 7'",
    );
    expect(await sentence(updateManifest.build({ id: pallet.id, change: { numberOfPallets: 2 } }))).toBe("Save changes to lot 'Pallet 7'");
    expect(await sentence(updateManifest.build({ id: 99, change: { numberOfPallets: 2 } }))).toBe('Save changes to lot #99');
    expect(await sentence(updateManifest.build({ id: pallet.id, change: { titleListing: 'Pallet 7b' } }))).toBe("Save changes to lot 'Pallet 7b'");
  });

  it('counts several lots, and names one', async () => {
    expect(await sentence(deleteLots.build({ ids: [pallet.id] }))).toBe("Delete lot 'Pallet 7'");
    expect(await sentence(deleteLots.build({ ids: [pallet.id, 8] }))).toBe('Delete 2 lots');
    expect(await sentence(updateLotStatus.build({ status: LotStatus.LISTED, ids: [pallet.id] }))).toBe("Set lot 'Pallet 7' to LISTED");
    expect(await sentence(updateLotStatus.build({ status: LotStatus.SOLD, ids: [pallet.id, 8, 9] }))).toBe('Set 3 lots to SOLD');
    const lots = [pallet, makeLot(8, 'Pallet 8')];
    expect(await sentence(updateManifests.build({ lots, categories: [17] }))).toBe('Save changes to 2 lots');
    expect(await sentence(updateManifests.build({ lots: [pallet], categories: [17] }))).toBe("Save changes to lot 'Pallet 7'");
  });
});

describe('the outbox panel: boxes and items in words', () => {
  it('names boxes by label and their lot by title', async () => {
    expect(await sentence(addBox.build({ lotId: pallet.id, label: 'A2' }))).toBe("Add box A2 to lot 'Pallet 7'");
    expect(await sentence(deleteBox.build(boxA1))).toBe('Delete box A1');
    expect(await sentence(updateBoxInfo.build({ box: boxA1, info: { ...boxA1, lbs: 12 } }))).toBe('Save box A1');
  });

  it('says how many of which UPC go into which box', async () => {
    expect(await sentence(addUpc.build({ boxId: boxA1.id, upc: UPC, existing: undefined, known: undefined }))).toBe(`Add 1 × ${UPC} to box A1`);
    expect(await sentence(addUpcs.build({ boxId: boxA1.id, upcQuantities: [{ upc: UPC, qnty: 2 }] }))).toBe(`Add 2 × ${UPC} to box A1`);
    const rows = [{ upc: UPC, qnty: 2 }, { upc: OTHER_UPC, qnty: 1 }, { upc: UPC, qnty: 1 }];
    expect(await sentence(addUpcs.build({ boxId: boxA1.id, upcQuantities: rows }))).toBe('Add 2 UPCs to box A1');
    expect(await sentence(addUpc.build({ boxId: 404, upc: UPC, existing: undefined, known: undefined }))).toBe(`Add 1 × ${UPC} to box #404`);
  });

  it('names edited and deleted items by UPC, or counts them, with their box', async () => {
    expect(await sentence(updateItem.build({ item: scanned, edits: { quantity: 3 } }))).toBe(`Save item ${UPC} in box A1`);
    expect(await sentence(deleteItems.build([scanned]))).toBe(`Delete item ${UPC} from box A1`);
    expect(await sentence(deleteItems.build([scanned, other]))).toBe('Delete 2 items from box A1');
  });

  it('follows a lot made offline into its boxes and scans', async () => {
    const { queue, said } = await offline();
    const lot = await queue(createLot.build({ title: 'Pallet 9' }));
    const box = await queue(addBox.build({ lotId: lot.tempId ?? 0, label: 'B1' }));
    await queue(addUpc.build({ boxId: box.tempId, upc: UPC, existing: undefined, known: undefined }));
    expect(await said()).toEqual(["Create lot 'Pallet 9'", "Add box B1 to lot 'Pallet 9'", `Add 1 × ${UPC} to box B1`]);
  });
});

describe('the outbox panel: catalogue changes and the rest in words', () => {
  it('says what happens to which UPC in the catalogue', async () => {
    expect(await sentence(createUpc.build(makeUpc(0, UPC)))).toBe(`Save UPC ${UPC} to the catalogue`);
    expect(await sentence(updateUpc.build({ stored: makeUpc(3, UPC), edits: { color: 'Red' } }))).toBe(`Update UPC ${UPC} in the catalogue`);
    expect(await sentence(deleteUpcs.build([makeUpc(3, UPC), makeUpc(4, OTHER_UPC)]))).toBe('Delete 2 UPCs from the catalogue');
  });

  it('gives an upload, or a change no describer can read, a plain sentence naming where it goes', async () => {
    const { db, queue, said } = await offline();
    await enqueueUpload(db, 'alice', { url: ApiPath.uploadFile, file: new Blob(['x']), fields: { UPC } });
    await queue({ destination: Destination.updateLotStatus, body: 'stored by an older version' });
    expect(await said()).toEqual(['Change sent to upload-file', 'Change sent to updateLotStatus']);
  });

  it("names an auction listing by its row's lot (the Auctions screen holds the row, not always the lot)", async () => {
    const { db, queue, said } = await offline();
    const event = { id: 3, title: 'Spring sale', startTime: null, endTime: null, createdAt: null };
    const row = { id: 41, manifest: makeLot(8, 'Oak chair'), auctionEvent: event, auctionTitle: null, startingPrice: null, startTime: null, endTime: null, sortOrder: 1 };
    await db.rows(auctionManifestsTable).put(row);
    await queue(listAuctionLot.build({ row, templateId: 2, quantity: 0, free_shipping: true }));
    await queue({ destination: Destination.listAuctionOnWC, body: { auctionEventManifestId: 99, templateId: 2, quantity: 0, free_shipping: true } });
    expect(await said()).toEqual(["List lot 'Oak chair' on the store for the auction", 'List auction lot 99 on the store for the auction']);
  });

  it('has a describer for every change a screen can queue', () => {
    const mutations = (Object.keys(contract) as DestinationName[]).filter(isMutation);
    // The destinations the domains' intents send, read from their declarations.
    const root = join(__dirname, '../../../src/domains');
    const sent = readdirSync(root, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .flatMap((entry) => readdirSync(join(root, entry.name)).map((file) => readFileSync(join(root, entry.name, file), 'utf8')))
      .flatMap((source) => [...source.matchAll(/destination: '(\w+)'/g)].map((match) => match[1]));
    const described: readonly MutationName[] = describedMutations(domains);
    expect(sent.length).toBeGreaterThan(0);
    expect(sent.filter((name) => !described.some((known) => known === name))).toEqual([]);
    // Every change of lots, boxes, items and the catalogue has one, whether or not a screen queues it yet.
    const ours = mutations.filter((name) => name in lotsContract || name in boxesContract || name === 'processUPCCrudRequest');
    expect(ours).toContain('addUPCToBox');
    expect(ours.filter((name) => !described.includes(name))).toEqual([]);
  });
});
