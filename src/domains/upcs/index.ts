// The UPC catalogue domain (spec §2 Data entry, §3 UPC entry, §7 getSuggestion and processUPCCrudRequest): its
// table, intents, ingest, queries and hooks. This file is its only public face.
import { defineDomain } from '../../sync/domain';
import { upcDescribers } from './describe';
import { catalogue } from './catalogue';
import { showDataEntryError, upcMessages, upcTopics } from './ingest';
import { fillCatalogueCache } from './offline-cache';
import { upcsTable, upcUseTable } from './tables';

export const upcsDomain = defineDomain({
  name: 'upcs',
  tables: [upcsTable, upcUseTable],
  messages: upcMessages,
  topics: upcTopics,
  describe: upcDescribers,
  refusals: { processUPCCrudRequest: showDataEntryError },
  // The entries kept for scanning offline, asked again every few hours (./offline-cache.ts).
  onConnect: (context) => void fillCatalogueCache(context),
  onDisconnect: catalogue.forgetRequests,
  reset: catalogue.reset,
});

export { upcsTable, upcUseTable, type UpcRow } from './tables';
export { CATALOGUE_BUDGET, ENTRY_BYTES, cacheFilled, evictOverBudget, fillCatalogueCache, touchUpcs } from './offline-cache';
export { catalogue, replicaSuggestions, searchReplica, searchUpcs, suggestUpcs, SEARCH_PAGE_SIZE, type CatalogueFound, type CatalogueState } from './catalogue';
export { createUpc, deleteUpcs, updateUpc, type UpcEdits } from './intents';
export { useCatalogue, useCatalogueHeld, useUpcRows, type UpcRows } from './hooks';
export {
  distinctValues, EMPTY_SEARCH, fieldValue, matchesSearch, narrowsLocally, SEARCH_FIELDS, SERVER_SUGGESTION_TYPE, startsWith,
  type CatalogueSearch, type SearchField,
} from './match';
