// The Lots page's look-ups (spec §2, §5): search suggestions (asked above 2 characters) and Multiple SKUs.
// Queries are never queued (DESIGN §4): offline the suggestions come from the replica instead, and Multiple
// SKUs sends nothing.
import { useLiveQuery } from 'dexie-react-hooks';
import { useCallback, useRef, useSyncExternalStore } from 'react';
import type { Lot } from '../../protocol/lots';
import { lotLookups, replica } from '../../sync/client';
import { searchReplicaLots } from '../../sync/lot-search';
import { notifier } from '../../sync/notifier';
import { status } from '../../sync/status';
import type { LotRow } from '../../sync/replica';
import { showError } from '../../sync/notifier';
import { gettingLotsMessage } from './skus-run';
import { isShown } from './use-lots';
import { ClientMessages } from '../../protocol/messages';

export interface LotSuggestionsControl {
  readonly suggestions: readonly Lot[];
  /** Suggestions for the typed text (none at 2 characters or fewer): the server's, or offline the replica's. */
  readonly suggest: (text: string) => void;
  readonly clear: () => void;
}

export function useLotSuggestions(): LotSuggestionsControl {
  const { suggestions } = useSyncExternalStore(lotLookups.subscribe, lotLookups.get);
  // Each keystroke takes a ticket; a replica answer for older text (it is async) is dropped.
  const latest = useRef(0);
  const suggest = useCallback((text: string) => {
    const ticket = ++latest.current;
    if (lotLookups.suggest(text)) return;
    searchReplicaLots(replica, text)
      .then((found) => {
        if (ticket === latest.current) lotLookups.setSuggestions(found);
      })
      .catch(showError);
  }, []);
  const clear = useCallback(() => {
    latest.current++;
    lotLookups.clearSuggestions();
  }, []);
  return { suggestions, suggest, clear };
}

/**
 * Multiple SKUs: the SKUs the dialog parsed (ui/skus.ts: one a line, trimmed, blanks dropped). With none,
 * alerts 'No SKUs entered.' and sends nothing (spec §5). Offline nothing is sent either (a query). Once sent,
 * the status says so (busy) until the reply. True when it was sent.
 */
export function findLotsBySkus(skus: readonly string[]): boolean {
  if (skus.length === 0) {
    notifier.alert(ClientMessages.noSkus);
    return false;
  }
  if (!lotLookups.findBySkus(skus)) return false;
  status.busy(gettingLotsMessage(skus.length));
  return true;
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
