// Intent: a lot's warehouse location (spec §2 location dialog 'Update Location for {lotNumber} {status}';
// /app/updateLotLocation with the lot's id and zone, aisle, column, row, bin). Shows at once, marked pending;
// UPDATED_LOT confirms it, a refusal rolls it back.
import { useCallback } from 'react';
import { Destination } from '../../protocol/destinations';
import { LotLocationUpdateSchema, type LotLocationUpdate } from '../../protocol/lots';
import { enqueue } from '../../sync/client';
import { isTempId } from '../../sync/optimistic';
import type { Intent } from '../../sync/outbox';
import { showError } from '../../sync/notifier';
import { validated } from '../../sync/validated';

export type UpdateLotLocationInput = LotLocationUpdate;

export function updateLotLocationIntent(input: UpdateLotLocationInput): Intent {
  const { id, ...location } = validated(LotLocationUpdateSchema, input, 'lot');
  return {
    destination: Destination.updateLotLocation,
    body: { id, ...location },
    optimistic: { kind: 'patch', table: 'lots', id, patch: location },
    ...(isTempId(id) ? { tempRefs: ['id'] } : {}),
  };
}

export async function updateLotLocation(input: UpdateLotLocationInput): Promise<void> {
  await enqueue(updateLotLocationIntent(input));
}

/** For the screen (the location dialog's Save Changes). */
export function useUpdateLotLocation(): (location: UpdateLotLocationInput) => void {
  return useCallback((location: UpdateLotLocationInput) => {
    updateLotLocation(location).catch(showError);
  }, []);
}
