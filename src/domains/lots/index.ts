// The lots domain (spec §2 Lots list and Lot edit's summary, §3 Lot, §7 lot destinations): its table, intents,
// ingest, queries and hooks. This file is its only public face.
import { defineDomain } from '../../sync/domain';
import { lotDescribers } from './describe';
import { lotMessages, lotTopics } from './ingest';
import { lotLookups } from './lookups';
import { fetchLots, lotsFilter } from './query';
import { lotRefused, refusedLots } from './refused';
import { lotsTable } from './tables';

export const lotsDomain = defineDomain({
  name: 'lots',
  tables: [lotsTable],
  messages: lotMessages,
  topics: lotTopics,
  // Lot edit shows a refused lot on the page (spec §8 words, once).
  refusals: { getLotById: lotRefused },
  describe: lotDescribers,
  // The lots the list shows, on every connect (DESIGN §4: queries are re-fetched, never queued).
  onConnect: ({ queries }) => void fetchLots(queries),
  // After a rejected lot change, or a create the server answered unseen, the replica asks for the server's lots.
  onSettled(entry, queries) {
    if (entry.change?.table !== lotsTable.name) return;
    if (entry.state === 'dead' || (entry.state === 'done' && entry.change.kind === 'insert')) fetchLots(queries);
  },
  reset() {
    lotsFilter.restore();
    lotLookups.reset();
    refusedLots.reset();
  },
});

export { lotsTable, OWN_USER_ID, type LotRow } from './tables';
export { allowedFilter, lotShown, replyCovers, selectedStatuses, type LotsScope } from './filter';
export { matchLots, searchReplicaLots, LOT_SUGGESTIONS_MIN_CHARS } from './search';
export { fetchLots, lotsFilter, setLotsFilter, LOTS_FILTER } from './query';
export { clearLotSuggestions, findLotByNumber, findLotsBySkus, gettingLotsMessage, lookUpLots, lotLookups, LOOK_UP_TIMEOUT_MS, suggestLots, type LotLookupsState } from './lookups';
export {
  changedFields, copyManifest, createLot, deleteLots, lotChange, lotsWithNewCategories, renameLot, setLotCategories, updateLotLocation,
  updateLotStatus, updateManifest, updateManifests, validTitle,
} from './intents';
export { putLots } from './ingest';
export { lotName } from './describe';
export { compareLots, isShown, readLot, useFoundLots, useLot, useLotLookups, useLotRefusal, useLots, useLotsById, useLotsFilterValue } from './hooks';
export { refusedLots } from './refused';
export { useLotSuggestions, type LotSuggestionsControl } from './use-lot-suggestions';
