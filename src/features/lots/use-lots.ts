// The Lots list's filter control (spec §2, §3, §9): the saved filter, shown from the replica at once and asked of
// the server when connected; only admins may change 'My Lots' (spec §6).
import { useCallback } from 'react';
import type { LotsFilter } from '../../protocol/lots';
import { setLotsFilter, useLotsFilterValue } from '../../domains/lots';
import { showError } from '../../sync/feedback/notifier';
import { useSession } from '../../sync/hooks';

export interface LotsFilterControl {
  readonly filter: LotsFilter;
  /** Shows the new filter's lots from the replica at once (offline too) and asks the server when connected. */
  readonly setFilter: (filter: LotsFilter) => void;
  /** Spec §6: only admins may change 'My Lots' (a user's change of it is ignored). */
  readonly canToggleMyLots: boolean;
}

export function useLotsFilter(): LotsFilterControl {
  const filter = useLotsFilterValue();
  const { isAdmin } = useSession();
  const setFilter = useCallback(
    (next: LotsFilter) => {
      try {
        setLotsFilter(next, isAdmin);
      } catch (error) {
        showError(error); // a full storage: the list already shows the filter, it just is not saved
      }
    },
    [isAdmin],
  );
  return { filter, setFilter, canToggleMyLots: isAdmin };
}
