// Inventory events and the manifest history (spec §2 Inventory, §3, §5, §7; issue 16): its replica tables, intents,
// ingest, the count's scans and expected-vs-found, and hooks. Shared by all staff. This file is the domain's only
// public face.
import { defineDomain } from '../../sync/domain';
import { inventoryDescribers } from './describe';
import { inventoryMessages } from './ingest';
import { historyTable, inventoryEventsTable } from './tables';

export const inventoryDomain = defineDomain({
  name: 'inventory',
  tables: [inventoryEventsTable, historyTable],
  messages: inventoryMessages,
  describe: inventoryDescribers,
});

export { historyTable, inventoryEventsTable, type HistoryRow, type InventoryEventRow } from './tables';
export { createInventoryEvent, createManifestHistory, defaultEventLabel, deleteManifestHistory, type CountedLot } from './intents';
export { alreadyCounted, lotByNumber, recordScan, type ScanDevice, type ScanInput, type ScanOutcome } from './scan';
export { answerScans, scanLog, SCAN_LOG_SIZE, waitingSeqs, type LoggedScan } from './scan-log';
export { applicable, asLotLocation, countLocation, entryIsAt, lotIsAt, type LocationCount, type Stray } from './count';
export { applyCount, type Applied } from './apply-count';
export {
  compareEntries, compareEvents, readCount, readHistory, useHistory, useHistoryQuery, useInventoryEvents, useInventoryEventsQuery,
  useLocationCount, useLotsByNumber, useScanLog,
} from './hooks';
export { HISTORY_CSV_COLUMNS, HISTORY_CSV_FILE, historyCsv, historyView, type HistoryView } from './view';
