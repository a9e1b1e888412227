// The Listing Manager's form as typed (numbers as text until used) and its reading into the contract's requests
// (spec §3 Price request, Listing request; §9 defaults). Pure: tested in node.
import type { PriceRequest } from '../../protocol/listings';
import { ClientMessages, ListingManagerMessages } from '../../protocol/messages';

export const MULTIPLIERS = ['retailCostMult', 'minOfRetailMult', 'clientCostMult', 'maxOfRetailMult', 'perUnitPriceMult'] as const;
export type MultiplierName = (typeof MULTIPLIERS)[number];

export interface PriceForm {
  readonly multipliers: Readonly<Record<MultiplierName, string>>;
  readonly specialNotes: string;
  readonly freeShipping: boolean;
}

export function priceForm(request: PriceRequest): PriceForm {
  const multipliers = Object.fromEntries(MULTIPLIERS.map((name) => [name, String(request[name])])) as Record<MultiplierName, string>;
  return { multipliers, specialNotes: request.specialNotes, freeShipping: request.free_shipping };
}

/** A typed number, or throws with the spec's words ('ERROR, {label} must be a number. Invalid number:{value}'). */
export function readNumber(label: string, value: string): number {
  const number = value.trim() === '' ? Number.NaN : Number(value);
  if (!Number.isFinite(number)) throw new Error(ClientMessages.numberRequired(label, value));
  return number;
}

/** The price request for a lot (the contract checks the bounds when it is queued). */
export function readPriceForm(form: PriceForm, manifestId: number): PriceRequest {
  const read = (name: MultiplierName): number => readNumber(ListingManagerMessages.multipliers[name], form.multipliers[name]);
  return {
    manifestId,
    retailCostMult: read('retailCostMult'),
    minOfRetailMult: read('minOfRetailMult'),
    clientCostMult: read('clientCostMult'),
    maxOfRetailMult: read('maxOfRetailMult'),
    perUnitPriceMult: read('perUnitPriceMult'),
    specialNotes: form.specialNotes,
    free_shipping: form.freeShipping,
  };
}
