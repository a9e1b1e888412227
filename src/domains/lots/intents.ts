// The lots' changes (spec §2 Lots list and Lot edit, §7), each declared once: what it sends and what the replica
// shows until the server answers (the server's reply wins; a refusal rolls the change back). A lot made offline
// has a temporary id until CREATED_MANIFEST names the real one; the `ids` paths say where bodies may name it.
import {
  LOT_EDITABLE_FIELDS, LotEditSchema, LotLocationUpdateSchema, LotStatus, TITLE_MAX, CATEGORIES_MAX, type Lot, type LotChange, type LotEdit,
  type LotLocationUpdate, type LotStatus as LotStatusValue,
} from '../../protocol/lots';
import { ClientMessages } from '../../protocol/messages';
import { LIST_MAX } from '../../protocol/primitives';
import { createManifestBody } from '../../protocol/rehearsal';
import { atLeastOne, defineIntent, queueIntent } from '../../sync/intent';
import { creates, patches, removes } from '../../sync/outbox/outbox';
import { validatedNaming } from '../../sync/validated';
import { lotsTable } from './tables';

/** The title to send, or throws with the text the user sees ('Title cannot be empty'). */
export function validTitle(title: string): string {
  const trimmed = title.trim();
  if (trimmed === '') throw new Error(ClientMessages.titleRequired);
  if (trimmed.length > TITLE_MAX) throw new Error(ClientMessages.titleTooLong(TITLE_MAX));
  return trimmed;
}

/** The selected lots, each once, at least one and at most LIST_MAX. */
function someLots(ids: readonly number[]): [number, ...number[]] {
  const lots = atLeastOne([...new Set(ids)], ClientMessages.selectLotFirst);
  if (lots.length > LIST_MAX) throw new Error(ClientMessages.atMostLots(LIST_MAX));
  return lots;
}

/** What the replica shows until the server answers: an empty NOT_LISTED lot without a number yet. */
function draftLot(titleListing: string): Omit<Lot, 'id'> {
  return {
    lotNumber: '', titleListing, status: LotStatus.NOT_LISTED, slug: null, categories: [], numberOfPallets: 0,
    numberOfCartons: 0, numberOfUnits: 0, totalOriginalRetail: 0, totalListingPrice: 0, specialNotes: null,
    userId: 0, loc_zone: null, loc_aisle: null, loc_column: null, loc_row: null, loc_box: null, auctionEventManifests: [],
  };
}

/** Create Lot: shows at once as a pending row with a temporary id; CREATED_MANIFEST replaces it. */
export const createLot = defineIntent({
  destination: 'createManifest',
  build: ({ title }: { readonly title: string }) => {
    const titleListing = validTitle(title);
    return { body: createManifestBody(titleListing), optimistic: creates(lotsTable, draftLot(titleListing)) };
  },
});

/** Rename (edit title): a lot made offline can be renamed before the server knows it. */
export const renameLot = defineIntent({
  destination: 'updateManifestTitleById',
  ids: ['lotId'],
  build: ({ lotId, newTitle }: { readonly lotId: number; readonly newTitle: string }) => {
    const titleListing = validTitle(newTitle);
    return { body: { lotId, newTitle: titleListing }, optimistic: patches(lotsTable, [lotId], { titleListing }) };
  },
});

/** The editable fields a body names, as the replica shows them until the server answers. */
export function changedFields(edit: LotEdit): LotChange {
  const change: LotChange = {};
  for (const field of LOT_EDITABLE_FIELDS) if (edit[field] !== undefined) Object.assign(change, { [field]: edit[field] });
  return change;
}

/**
 * updateManifest(s)' body for one lot: its id and only the fields that change (issue 13), so a stale copy of the
 * lot never overwrites another person's newer value of a field this device did not touch. A lot made offline goes
 * by its temporary id, which the outbox rewrites once the server has created the lot.
 */
export function lotChange(id: number, change: LotChange): LotEdit {
  return validatedNaming(LotEditSchema, { ...change, id }, ['id']);
}

/** Some editable fields of one lot (the Lots table's numeric cells). Status is not sent: updateLotStatus sets it. */
export const updateManifest = defineIntent({
  destination: 'updateManifest',
  ids: ['id'],
  build: ({ id, change }: { readonly id: number; readonly change: LotChange }) => {
    const body = lotChange(id, change);
    return { body, optimistic: patches(lotsTable, [body.id], changedFields(body)) };
  },
});

const sameSet = (a: readonly number[], b: readonly number[]): boolean => {
  const left = new Set(a);
  const right = new Set(b);
  return left.size === right.size && [...left].every((id) => right.has(id));
};

/** The lots whose categories the choice would change (only those are sent); none: nothing to queue. */
export function lotsWithNewCategories(lots: readonly Lot[], categories: readonly number[]): Lot[] {
  if (new Set(categories).size > CATEGORIES_MAX) throw new Error(ClientMessages.atMostCategories(CATEGORIES_MAX));
  return lots.filter((lot) => !sameSet(lot.categories, [...new Set(categories)]));
}

/** Select Categories: the lots whose categories change, all or nothing. Call with lotsWithNewCategories' lots. */
export const updateManifests = defineIntent({
  destination: 'updateManifests',
  ids: ['*.id'],
  build: ({ lots, categories }: { readonly lots: readonly Lot[]; readonly categories: readonly number[] }) => {
    const chosen = [...new Set(categories)];
    const changed = lotsWithNewCategories(lots, chosen);
    const ids = someLots(changed.map((lot) => lot.id));
    return { body: changed.map((lot) => lotChange(lot.id, { categories: chosen })), optimistic: patches(lotsTable, ids, { categories: chosen }) };
  },
});

/** Select Categories: queues the change for the lots it changes; resolves with how many (0: nothing queued). */
export async function setLotCategories(lots: readonly Lot[], categories: readonly number[]): Promise<number> {
  const changed = lotsWithNewCategories(lots, categories);
  if (changed.length === 0) return 0;
  await queueIntent(updateManifests, { lots: changed, categories });
  return changed.length;
}

/** Update Lot(s) Status: every selected lot, all or nothing. */
export const updateLotStatus = defineIntent({
  destination: 'updateLotStatus',
  ids: ['lotIds.*'],
  build: ({ status, ids }: { readonly status: LotStatusValue; readonly ids: readonly number[] }) => {
    const lotIds = someLots(ids);
    return { body: { status, lotIds }, optimistic: patches(lotsTable, lotIds, { status }) };
  },
});

/** A lot's warehouse location (the location dialog's Save Changes). */
export const updateLotLocation = defineIntent({
  destination: 'updateLotLocation',
  ids: ['id'],
  build: (input: LotLocationUpdate) => {
    const { id, ...location } = validatedNaming(LotLocationUpdateSchema, input, ['id']);
    return { body: { id, ...location }, optimistic: patches(lotsTable, [id], location) };
  },
});

/** Delete Lot: the lots leave the list at once (kept, marked removed, so a refusal brings them back). */
export const deleteLots = defineIntent({
  destination: 'deleteLots',
  ids: ['*.id'],
  build: ({ ids }: { readonly ids: readonly number[] }) => {
    const lots = someLots(ids);
    return { body: lots.map((id) => ({ id })), optimistic: removes(lotsTable, lots) };
  },
});

/** Duplicate Lot: the copy's number is the server's, so nothing shows before COPIED_MANIFEST. */
export const copyManifest = defineIntent({
  destination: 'copyManifest',
  ids: [''],
  build: ({ id }: { readonly id: number }) => ({ body: id }),
});
