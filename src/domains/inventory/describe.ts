// The inventory changes in words for the outbox panel.
import { InventoryScreenMessages } from '../../protocol/messages';
import type { Describers } from '../../sync/domain';
import { locationText } from '../../ui/lot-display';

export const inventoryDescribers: Describers = {
  createInventoryEvent: ({ label }) => InventoryScreenMessages.describeCreateEvent(label),
  createManifestHistory: (entry) => InventoryScreenMessages.describeRecord(entry.lotNumber, locationText({
    loc_zone: entry.locZone, loc_aisle: entry.locAisle, loc_column: entry.locColumn, loc_row: entry.locRow, loc_box: entry.locBox,
  })),
  deleteManifestHistory: (ids) => InventoryScreenMessages.describeDelete(ids.length),
};
