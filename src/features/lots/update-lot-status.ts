// Intent: Update Lot(s) Status (spec §2 status dialog, §4 lot status; /app/updateLotStatus with status and
// lotIds). The new status shows at once on every selected lot, marked pending; UPDATED_LOTS confirms them, a
// refusal (all or nothing) rolls all back.
import { useCallback } from 'react';
import { Destination } from '../../protocol/destinations';
import type { LotStatus } from '../../protocol/lots';
import { LIST_MAX } from '../../protocol/primitives';
import { enqueue } from '../../sync/client';
import { isTempId } from '../../sync/optimistic';
import type { Intent } from '../../sync/outbox';
import { showError } from '../../sync/notifier';

export interface UpdateLotStatusInput {
  readonly status: LotStatus;
  readonly ids: readonly number[];
}

export function updateLotStatusIntent({ status, ids }: UpdateLotStatusInput): Intent {
  const lotIds = [...new Set(ids)];
  const [first, ...rest] = lotIds;
  if (first === undefined) throw new Error('Please select a lot first');
  if (lotIds.length > LIST_MAX) throw new Error(`At most ${LIST_MAX} lots at a time`);
  const tempRefs = lotIds.flatMap((id, index) => (isTempId(id) ? [`lotIds.${index}`] : []));
  return {
    destination: Destination.updateLotStatus,
    body: { status, lotIds },
    optimistic: { kind: 'patch', table: 'lots', id: first, ids: rest, patch: { status } },
    ...(tempRefs.length === 0 ? {} : { tempRefs }),
  };
}

export async function updateLotStatus(input: UpdateLotStatusInput): Promise<void> {
  await enqueue(updateLotStatusIntent(input));
}

/** For the screen: sets the status of the given lots, and shows why when it cannot. */
export function useUpdateLotStatus(): (status: LotStatus, ids: readonly number[]) => void {
  return useCallback((status: LotStatus, ids: readonly number[]) => {
    updateLotStatus({ status, ids }).catch(showError);
  }, []);
}
