// The items of boxes (spec §2 Lot edit's items table and scanner field, §3 Box item, §7 item destinations): its
// table, intents, ingest and hooks. This file is its only public face.
import { defineDomain } from '../../sync/domain';
import { itemDescribers } from './describe';
import { bulkResult, itemMessages } from './ingest';
import { itemsTable } from './tables';

export const itemsDomain = defineDomain({
  name: 'items',
  tables: [itemsTable],
  messages: itemMessages,
  describe: itemDescribers,
  reset: () => bulkResult.set(undefined),
});

export { itemsTable, type Item, type ItemRow } from './tables';
export { addUpc, addUpcs, deleteItems, notOnDevice, updateItem, type ItemEdits, type Scan } from './intents';
export { byId, readItems, readShownItems, scanContext, useBoxContents, useBulkResult, type BoxContents, type FailedScan, type ShownItem } from './hooks';
/** A new spreadsheet: its answer is not the last one's. */
export const clearBulkResult = (): void => bulkResult.set(undefined);
