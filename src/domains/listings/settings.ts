// What the Listing Manager remembers on this device (spec §3 Price request "Saved locally", §9): the price
// multipliers (restored with the manifest id reset to -1) and the listing quantity (default 0). Keys are declared
// here, by their owner (sync/session/settings.ts).
import { z } from 'zod';
import { Count } from '../../protocol/primitives';
import { DEFAULT_PRICE_REQUEST, NO_MANIFEST_ID, PriceRequestSchema, type PriceRequest } from '../../protocol/listings';
import { defineSetting, type Settings } from '../../sync/session/settings';

export const PRICE_REQUEST = defineSetting('priceRequest', PriceRequestSchema.extend({ manifestId: z.number().int() }));
export const LISTING_QUANTITY = defineSetting('listingQuantity', Count);

/** The stored multipliers, or spec §9's defaults; never a lot's id (it is chosen again each time). */
export function restorePriceRequest(settings: Settings): PriceRequest {
  return { ...DEFAULT_PRICE_REQUEST, ...settings.get(PRICE_REQUEST), manifestId: NO_MANIFEST_ID };
}

/** Remembers the multipliers (a full storage only loses the memory, never the change). */
export function savePriceRequest(settings: Settings, request: PriceRequest): void {
  try {
    settings.set(PRICE_REQUEST, { ...request, manifestId: NO_MANIFEST_ID });
  } catch {
    // A full storage: the form still works for this visit.
  }
}

export const restoreQuantity = (settings: Settings): number => settings.get(LISTING_QUANTITY) ?? 0;

export function saveQuantity(settings: Settings, quantity: number): void {
  try {
    settings.set(LISTING_QUANTITY, quantity);
  } catch {
    // As above.
  }
}
