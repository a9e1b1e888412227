// The Lots page's look-ups (spec §2, §5): search suggestions (asked above 2 characters) and Multiple SKUs.
// Queries are never queued (DESIGN §4): offline nothing is sent and the page keeps what it shows.
import { useLiveQuery } from 'dexie-react-hooks';
import { useCallback, useSyncExternalStore } from 'react';
import type { Lot } from '../../protocol/lots';
import { lotLookups, replica } from '../../sync/client';
import { Messages, notifier } from '../../sync/notifier';
import type { LotRow } from '../../sync/replica';
import { isShown } from './use-lots';

export interface LotSuggestionsControl {
  readonly suggestions: readonly Lot[];
  /** Asks for suggestions for the typed text; nothing is sent at 2 characters or fewer, or offline. */
  readonly suggest: (text: string) => void;
  readonly clear: () => void;
}

export function useLotSuggestions(): LotSuggestionsControl {
  const { suggestions } = useSyncExternalStore(lotLookups.subscribe, lotLookups.get);
  const suggest = useCallback((text: string) => void lotLookups.suggest(text), []);
  return { suggestions, suggest, clear: lotLookups.clearSuggestions };
}

/**
 * Multiple SKUs: the SKUs the dialog parsed (ui/skus.ts: one a line, trimmed, blanks dropped). With none,
 * alerts 'No SKUs entered.' and sends nothing (spec §5). Offline nothing is sent either (a query).
 */
export function findLotsBySkus(skus: readonly string[]): readonly string[] {
  if (skus.length === 0) {
    notifier.alert(Messages.noSkus);
    return skus;
  }
  lotLookups.findBySkus(skus);
  return skus;
}

export function useFindLotsBySkus(): (skus: readonly string[]) => readonly string[] {
  return useCallback((skus: readonly string[]) => findLotsBySkus(skus), []);
}

const NONE: readonly LotRow[] = [];

/** The found set: the lots the last Multiple SKUs reply held, from the replica, in its order. */
export function useFoundLots(): readonly LotRow[] {
  const { found } = useSyncExternalStore(lotLookups.subscribe, lotLookups.get);
  return useLiveQuery(
    async () => {
      if (found === undefined) return NONE;
      const rows = await replica.lots.bulkGet([...found]);
      return rows.filter((row): row is LotRow => row !== undefined && isShown(row));
    },
    [found],
    NONE,
  );
}
