// Inventory events and the manifest history (spec §2 Inventory, §3). Its replica tables only, for now: the
// inventory issue adds its intents, ingest and hooks here. This file is the domain's only public face.
import type { InventoryEvent, ManifestHistoryEntry } from '../../protocol/entities';
import { defineDomain } from '../../sync/domain';
import { defineTable } from '../../sync/replica/table';

export const inventoryEventsTable = defineTable<InventoryEvent>({
  name: 'inventoryEvents',
  schema: { 1: 'id, createdById' },
  rules: 'Shared by all staff. The server wins. Replaced whole by each getInventoryEvents reply.',
});

export const historyTable = defineTable<ManifestHistoryEntry>({
  name: 'history',
  schema: { 1: 'id, inventoryEventId, manifestId' },
  rules: 'The server wins. Replaced per event by its getManifestHistory reply.',
});

export const inventoryDomain = defineDomain({ name: 'inventory', tables: [inventoryEventsTable, historyTable] });
