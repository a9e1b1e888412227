// inventory_events and manifest_history rows → the wire's InventoryEvent and ManifestHistoryEntry (spec §3).
import type { InventoryEvent, ManifestHistoryEntry } from '../../../src/protocol/entities';
import { LotStatusSchema, type Lot, type StoreStatus } from '../../../src/protocol/lots';
import type { inventoryEvents, manifestHistory } from '../../db';

export type InventoryEventRow = typeof inventoryEvents.$inferSelect;
export type HistoryRow = typeof manifestHistory.$inferSelect;

export const presentEvent = (row: InventoryEventRow): InventoryEvent => ({
  id: row.id,
  startTime: row.startTime.toISOString(),
  endTime: row.endTime?.toISOString() ?? null,
  label: row.label,
  createdById: row.createdById,
});

/**
 * One entry with what the history table shows beside it: the lot when the user may see it (a lot of another
 * user's shows by its number only), and its store stock when asked for.
 */
export function presentEntry(row: HistoryRow, lot: Lot | undefined, storeStatus: StoreStatus | null = null): ManifestHistoryEntry {
  return {
    id: row.id,
    manifestId: row.manifestId,
    inventoryEventId: row.inventoryEventId,
    status: LotStatusSchema.parse(row.status), // written from the wire's enum: anything else is a fault
    locZone: row.locZone,
    locAisle: row.locAisle,
    locColumn: row.locColumn,
    locRow: row.locRow,
    locBox: row.locBox,
    changedBy: row.changedBy,
    changedAt: row.changedAt.toISOString(),
    lotNumber: row.lotNumber,
    manifest: lot ?? null,
    storeStatus,
  };
}
