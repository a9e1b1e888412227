// Intent: save a lot's editable fields (spec §2: the Lots table's numeric cells are editable; /app/updateManifest
// with the lot). The edited values show at once, marked pending; UPDATED_LOT confirms them (the server's
// version wins), a refusal rolls them back. Status is not sent as a change: updateLotStatus and listing set it.
import { useCallback } from 'react';
import { Destination } from '../../protocol/destinations';
import { LotEditSchema, type Lot, type LotEdit } from '../../protocol/lots';
import { enqueue } from '../client';
import type { Intent } from '../outbox';
import { showError } from '../notifier';
import { validated } from '../validated';
import { ClientMessages } from '../../protocol/messages';

/** The lot as the table holds it, with the user's edit applied (e.g. `{ ...lot, numberOfUnits: 12 }`). */
export interface UpdateManifestInput {
  readonly lot: Lot;
}

/** The fields updateManifest saves, and so what the intent changes in the replica. */
export function editableFields(lot: LotEdit): Partial<Lot> {
  const { titleListing, categories, numberOfPallets, numberOfCartons, numberOfUnits, totalOriginalRetail, totalListingPrice,
    specialNotes, loc_zone, loc_aisle, loc_column, loc_row, loc_box } = lot;
  return { titleListing, categories, numberOfPallets, numberOfCartons, numberOfUnits, totalOriginalRetail, totalListingPrice,
    specialNotes, loc_zone, loc_aisle, loc_column, loc_row, loc_box };
}


export function lotEdit(lot: Lot): LotEdit {
  if (lot.id < 0) throw new Error(ClientMessages.lotNotCreatedYet);
  return validated(LotEditSchema, lot, 'lot');
}

export function updateManifestIntent({ lot }: UpdateManifestInput): Intent {
  const body = lotEdit(lot);
  return {
    destination: Destination.updateManifest,
    body,
    optimistic: { kind: 'patch', table: 'lots', id: body.id, patch: editableFields(body) },
  };
}

export async function updateManifest(input: UpdateManifestInput): Promise<void> {
  await enqueue(updateManifestIntent(input));
}

/** For the screen: saves an edited lot (a numeric cell), and shows why when it cannot. */
export function useUpdateManifest(): (lot: Lot) => void {
  return useCallback((lot: Lot) => {
    updateManifest({ lot }).catch(showError);
  }, []);
}
