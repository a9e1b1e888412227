// Which lots the table shows (spec §2): the filtered list; or, after a search pick, that one lot (live from the
// replica, else as suggested); or, after Multiple SKUs, the found lots. And the selection, kept by id across
// live updates, with the selected rows among those shown.
import { useMemo } from 'react';
import type { Lot } from '../../protocol/lots';
import { isShown, useFoundLots, useLot, useLots, type LotRow } from '../../domains/lots';

export type LotsView = { readonly kind: 'filter' } | { readonly kind: 'lot'; readonly lot: Lot } | { readonly kind: 'found' };

const NONE: readonly LotRow[] = [];

function useChosenLot(lot: Lot | undefined): readonly LotRow[] {
  const stored = useLot(lot?.id);
  return useMemo(() => {
    if (lot === undefined) return NONE;
    if (stored === undefined || stored === null) return [lot];
    return isShown(stored) ? [stored] : NONE;
  }, [lot, stored]);
}

/** The rows shown, and whether the filtered list is still being read from the replica (its count not yet known). */
export function useShownLots(view: LotsView): { readonly lots: readonly LotRow[]; readonly loading: boolean } {
  const filtered = useLots();
  const found = useFoundLots();
  const chosen = useChosenLot(view.kind === 'lot' ? view.lot : undefined);
  if (view.kind === 'lot') return { lots: chosen, loading: false };
  if (view.kind === 'found') return { lots: found, loading: false };
  return { lots: filtered ?? NONE, loading: filtered === undefined };
}
