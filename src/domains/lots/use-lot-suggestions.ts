// A lot search's suggestions (spec §2 Lots list and Inventory, §5): asked above 2 characters; offline the replica
// answers. The Lots page and the Inventory screen share it.
import { useCallback } from 'react';
import type { Lot } from '../../protocol/lots';
import { showError } from '../../sync/feedback/notifier';
import { useLotLookups } from './hooks';
import { clearLotSuggestions, suggestLots } from './lookups';

export interface LotSuggestionsControl {
  readonly suggestions: readonly Lot[];
  /** Suggestions for the typed text (none at 2 characters or fewer): the server's, or offline the replica's. */
  readonly suggest: (text: string) => void;
  readonly clear: () => void;
}

export function useLotSuggestions(): LotSuggestionsControl {
  const { suggestions } = useLotLookups();
  const suggest = useCallback((text: string) => void suggestLots(text).catch(showError), []);
  return { suggestions, suggest, clear: clearLotSuggestions };
}
