// Intent: Delete Lot (spec §2 Lots list; /app/deleteLots with the selected lots as {id} rows). The lots leave
// the list at once: their rows stay in the replica marked `removed` (pending), so a refusal (all or nothing:
// one lot not the user's refuses all) brings them all back. DELETED_LOTS removes the rows and says
// 'Deleted lots: {count}'. The confirmation (boxes and items are deleted permanently) is the dialog's.
import { useCallback } from 'react';
import { Destination } from '../../protocol/destinations';
import { LIST_MAX } from '../../protocol/primitives';
import { enqueue } from '../../sync/client';
import { isTempId } from '../../sync/optimistic';
import type { Intent } from '../../sync/outbox';
import { showError } from '../../sync/notifier';

export interface DeleteLotsInput {
  readonly ids: readonly number[];
}

export function deleteLotsIntent({ ids }: DeleteLotsInput): Intent {
  const unique = [...new Set(ids)];
  const [first, ...rest] = unique;
  if (first === undefined) throw new Error('Please select a lot first');
  if (unique.length > LIST_MAX) throw new Error(`At most ${LIST_MAX} lots at a time`);
  const tempRefs = unique.flatMap((id, index) => (isTempId(id) ? [`${index}.id`] : []));
  return {
    destination: Destination.deleteLots,
    body: unique.map((id) => ({ id })),
    optimistic: { kind: 'patch', table: 'lots', id: first, ids: rest, patch: { removed: 1 } },
    ...(tempRefs.length === 0 ? {} : { tempRefs }),
  };
}

export async function deleteLots(input: DeleteLotsInput): Promise<void> {
  await enqueue(deleteLotsIntent(input));
}

/** For the screen: deletes the selected lots (after its confirmation), and shows why when it cannot. */
export function useDeleteLots(): (ids: readonly number[]) => void {
  return useCallback((ids: readonly number[]) => {
    deleteLots({ ids }).catch(showError);
  }, []);
}
