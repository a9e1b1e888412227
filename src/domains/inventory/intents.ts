// The inventory changes (spec §2 Inventory, §5, §7), each through the outbox so a count made with the Wi-Fi gone shows
// at once and arrives once, in order: create an event, record a lot in an event's history (a scan), delete entries.
// "Already in history" is judged on the device first (the replica holds the event's rows, pending ones included), so
// an offline double scan is told at once; the server judges again and wins.
import type { LotStatus } from '../../protocol/lots';
import { InventoryMessages, InventoryScreenMessages } from '../../protocol/messages';
import { atLeastOne, defineIntent } from '../../sync/intent';
import { creates, removes } from '../../sync/outbox/outbox';
import type { Location } from '../../ui/location';
import { historyTable, inventoryEventsTable } from './tables';

/** Spec §9: a new event's default label is the local date and time. */
export const defaultEventLabel = (now: Date = new Date()): string => now.toLocaleString();

/** Create: shows at once with a temporary id; CREATED_UPDATED_INVENTORY_EVENT names the real one. */
export const createInventoryEvent = defineIntent({
  destination: 'createInventoryEvent',
  build: ({ label, now = new Date() }: { readonly label: string; readonly now?: Date }) => {
    const trimmed = label.trim() === '' ? defaultEventLabel(now) : label.trim();
    return {
      body: { label: trimmed },
      optimistic: creates(inventoryEventsTable, { startTime: now.toISOString(), endTime: null, label: trimmed, createdById: null }),
    };
  },
});

/** The lot a scan found, as the history row needs it. */
export interface CountedLot {
  readonly id: number;
  readonly lotNumber: string;
  readonly status: LotStatus;
}

export interface Scan {
  /** The chosen event; undefined: 'Please select an event first.' */
  readonly eventId: number | undefined;
  readonly lot: CountedLot;
  readonly location: Location;
  /** True when the event's history already holds the lot (historyContext). */
  readonly alreadyCounted: boolean;
}

/** Add to history (a scan): the row shows at once, pending, with the location chosen. */
export const createManifestHistory = defineIntent({
  destination: 'createManifestHistory',
  ids: ['inventoryEventId', 'manifestId'],
  build: ({ eventId, lot, location, alreadyCounted }: Scan) => {
    if (eventId === undefined) throw new Error(InventoryMessages.selectEventFirst);
    if (alreadyCounted) throw new Error(InventoryMessages.alreadyInHistory(lot.lotNumber));
    const entry = {
      manifestId: lot.id, inventoryEventId: eventId, status: lot.status, lotNumber: lot.lotNumber,
      locZone: location.zone, locAisle: location.aisle, locColumn: location.column, locRow: location.row, locBox: location.bin,
    };
    return { body: entry, optimistic: creates(historyTable, { ...entry, changedBy: null, changedAt: null, manifest: null, storeStatus: null }) };
  },
});

/** Delete Selected: the entries leave the table at once (kept, marked removed, so a refusal brings them back). */
export const deleteManifestHistory = defineIntent({
  destination: 'deleteManifestHistory',
  ids: ['*'],
  build: (ids: readonly number[]) => {
    const chosen = atLeastOne([...new Set(ids)], InventoryScreenMessages.noRowsSelected);
    return { body: chosen, optimistic: removes(historyTable, chosen) };
  },
});
