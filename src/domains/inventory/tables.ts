// The inventory domain's replica tables (DESIGN §4): events and the manifest history, shared by all staff.
import type { InventoryEvent, ManifestHistoryEntry } from '../../protocol/entities';
import { defineTable, type Replicated } from '../../sync/replica/table';

export type InventoryEventRow = Replicated<InventoryEvent>;
export type HistoryRow = Replicated<ManifestHistoryEntry>;

export const inventoryEventsTable = defineTable<InventoryEvent>({
  name: 'inventoryEvents',
  schema: { 1: 'id, createdById' },
  rules: 'Shared by all staff. The server wins. Replaced whole by each getInventoryEvents reply; an event made offline stays until its create settles.',
});

export const historyTable = defineTable<ManifestHistoryEntry>({
  name: 'history',
  schema: { 1: 'id, inventoryEventId, manifestId' },
  parent: { table: 'inventoryEvents', field: 'inventoryEventId' },
  rules: 'The server wins. Replaced per event by its getManifestHistory reply; a scan waiting in the outbox stays until it settles.',
});
