// The lots domain (spec §2 Lots list and Lot edit's summary, §3 Lot, §7 lot destinations): its table, intents,
// ingest, queries and hooks. This file is its only public face.
import { defineDomain } from '../../sync/domain';
import { lotDescribers } from './describe';
import { lotMessages, lotTopics } from './ingest';
import { lotLookups } from './lookups';
import { lotsFilter } from './query';
import { lotRefused, refusedLots } from './refused';
import { lotChangesTopic, stopLotsSync, syncLots, syncLotsRefused } from './sync';
import { lotsTable } from './tables';

export const lotsDomain = defineDomain({
  name: 'lots',
  tables: [lotsTable],
  messages: lotMessages,
  topics: { ...lotTopics, lotChanges: lotChangesTopic },
  // Lot edit shows a refused lot on the page (spec §8 words, once).
  refusals: { getLotById: lotRefused, syncLots: syncLotsRefused },
  describe: lotDescribers,
  // On every connect the replica catches up on the lots it may see, from its cursor (./sync.ts; DESIGN §4: queries
  // are re-fetched, never queued); the list shows them by its filter from the replica.
  onConnect: ({ queries, replica }) => void syncLots(queries, replica),
  onDisconnect: stopLotsSync,
  // After a rejected lot change, or a create the server answered unseen, the replica catches up with the server's lots.
  onSettled(entry, queries, replica) {
    if (entry.change?.table !== lotsTable.name) return;
    if (entry.state === 'dead' || (entry.state === 'done' && entry.change.kind === 'insert')) void syncLots(queries, replica);
  },
  reset() {
    lotsFilter.restore();
    lotLookups.reset();
    refusedLots.reset();
  },
});

export { lotsTable, LOTS_SYNC_CURSOR, OWN_USER_ID, type LotRow } from './tables';
export { allowedFilter, lotShown, replyCovers, selectedStatuses, type LotsScope } from './filter';
export { matchLots, searchReplicaLots, LOT_SUGGESTIONS_MIN_CHARS } from './search';
export { asLotNumber, lotNumberCandidates } from './lot-number';
export { lotsFilter, setLotsFilter, LOTS_FILTER } from './query';
export { clearLotSuggestions, findLotByNumber, findLotsBySkus, gettingLotsMessage, lotLookups, suggestLots, type LotLookupsState } from './lookups';
export {
  changedFields, copyManifest, createLot, deleteLots, lotChange, lotsWithNewCategories, renameLot, setLotCategories, updateLotLocation,
  updateLotStatus, updateManifest, updateManifests, validTitle,
} from './intents';
export { putLots } from './ingest';
export { syncLots } from './sync';
export { lotName } from './describe';
export { compareLots, isShown, readLot, useFoundLots, useLot, useLotLookups, useLotRefusal, useLots, useLotsById, useLotsFilterValue } from './hooks';
export { refusedLots } from './refused';
export { useLotSuggestions, type LotSuggestionsControl } from './use-lot-suggestions';
