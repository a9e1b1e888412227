// The UPC catalogue domain (spec §2 Data entry, §3 UPC entry, §7 getSuggestion and processUPCCrudRequest): its
// table, intents, ingest, queries and hooks. This file is its only public face.
import { defineDomain } from '../../sync/domain';
import { upcDescribers } from './describe';
import { catalogue } from './catalogue';
import { showDataEntryError, upcMessages, upcTopics } from './ingest';
import { upcsTable } from './tables';

export const upcsDomain = defineDomain({
  name: 'upcs',
  tables: [upcsTable],
  messages: upcMessages,
  topics: upcTopics,
  describe: upcDescribers,
  refusals: { processUPCCrudRequest: showDataEntryError },
  onDisconnect: catalogue.forgetRequests,
  reset: catalogue.reset,
});

export { upcsTable, type UpcRow } from './tables';
export { catalogue, replicaSuggestions, searchReplica, searchUpcs, suggestUpcs, SEARCH_PAGE_SIZE, type CatalogueFound, type CatalogueState } from './catalogue';
export { createUpc, deleteUpcs, updateUpc, type UpcEdits } from './intents';
export { useCatalogue, useUpcRows, type UpcRows } from './hooks';
export {
  distinctValues, EMPTY_SEARCH, fieldValue, matchesSearch, narrowsLocally, SEARCH_FIELDS, SERVER_SUGGESTION_TYPE, startsWith,
  type CatalogueSearch, type SearchField,
} from './match';
