// Inventory history (spec §3): a lot's status and location recorded during an inventory event, with the
// lot and its store status attached for the history table and the CSV export.
import { z } from 'zod';
import { LotNumber, Id, IdFilter, IdOrZero, BinValue, LocationValue, Timestamp } from './primitives';
import { LotSchema, LotStatusSchema, StoreStatusSchema } from './lots';

export const ManifestHistoryEntrySchema = z.object({
  id: Id,
  manifestId: Id, // the lot
  inventoryEventId: Id,
  status: LotStatusSchema,
  locZone: LocationValue.nullable(),
  locAisle: LocationValue.nullable(),
  locColumn: LocationValue.nullable(),
  locRow: LocationValue.nullable(),
  locBox: BinValue.nullable(),
  changedBy: Id.nullable().describe('user id; server-set'),
  changedAt: Timestamp.nullable().describe('server-set'),
  lotNumber: LotNumber,
  manifest: LotSchema.nullish().describe('the attached lot'),
  storeStatus: StoreStatusSchema.nullish().describe('null when the lot is not in the store or the store is down'),
});
export type ManifestHistoryEntry = z.infer<typeof ManifestHistoryEntrySchema>;

/**
 * createManifestHistory body: the entry as the inventory screen builds it (id 0 or none; location defaults to
 * 1 each, spec §9). changedBy, changedAt, manifest and storeStatus are the server's and dropped if sent. With
 * manifestId 0 the server finds the lot by lotNumber, as typed, and records its own status (issue 31).
 */
export const NewManifestHistoryEntrySchema = ManifestHistoryEntrySchema.pick({
  manifestId: true,
  inventoryEventId: true,
  status: true,
  locZone: true,
  locAisle: true,
  locColumn: true,
  locRow: true,
  locBox: true,
  lotNumber: true,
}).extend({
  id: z.literal(0).optional(),
  manifestId: IdOrZero.describe('the lot; 0: the lot whose number is lotNumber, as typed (a device that did not hold the lot)'),
});
export type NewManifestHistoryEntry = z.infer<typeof NewManifestHistoryEntrySchema>;

/** getManifestHistory body: 0, null or absent means any. */
export const ManifestHistoryQuerySchema = z.object({
  inventoryEventId: IdFilter,
  manifestId: IdFilter,
});
export type ManifestHistoryQuery = z.infer<typeof ManifestHistoryQuerySchema>;
