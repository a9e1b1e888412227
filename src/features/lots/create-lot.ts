// Intent: Create Lot (spec §2 Lots list; /app/createManifest with the title). The lot shows at once as a
// pending row with a temporary (negative) id; the server's CREATED_MANIFEST reply replaces it with the real
// lot and number, and later intents naming the temporary id are rewritten to the real one (sync/optimistic).
import { useCallback } from 'react';
import { Destination } from '../../protocol/destinations';
import { LotStatus, type Lot } from '../../protocol/lots';
import { enqueue } from '../../sync/client';
import { showError } from '../../sync/notifier';
import type { Intent } from '../../sync/outbox';
import { validTitle } from '../../sync/intents/title';

export interface CreateLotInput {
  readonly title: string;
}

/** What the replica shows until the server answers: an empty NOT_LISTED lot without a number yet. */
function draftLot(titleListing: string): Omit<Lot, 'id'> {
  return {
    lotNumber: '', titleListing, status: LotStatus.NOT_LISTED, slug: null, categories: [], numberOfPallets: 0,
    numberOfCartons: 0, numberOfUnits: 0, totalOriginalRetail: 0, totalListingPrice: 0, specialNotes: null,
    userId: 0, loc_zone: null, loc_aisle: null, loc_column: null, loc_row: null, loc_box: null, auctionEventManifests: [],
  };
}

export function createLotIntent({ title }: CreateLotInput): Intent {
  const titleListing = validTitle(title);
  return {
    destination: Destination.createManifest,
    body: titleListing,
    optimistic: { kind: 'create', table: 'lots', row: draftLot(titleListing) },
  };
}

/** Queues the create; resolves with the lot's temporary id. */
export async function createLot(input: CreateLotInput): Promise<number | undefined> {
  const { tempId } = await enqueue(createLotIntent(input));
  return tempId;
}

/** For the screen: creates, and shows why when it cannot (e.g. storage full). */
export function useCreateLot(): (title: string) => void {
  return useCallback((title: string) => {
    createLot({ title }).catch(showError);
  }, []);
}
