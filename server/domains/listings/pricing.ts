// The price of a lot by the multipliers of a price request (DESIGN §5 "Prices"), as pure arithmetic: the handler
// reads the items, prices them here, and refuses before writing when a total would leave the wire's range.
import type { PriceRequest } from '../../../src/protocol/entities';

export type Multipliers = Pick<PriceRequest, 'retailCostMult' | 'minOfRetailMult' | 'clientCostMult' | 'maxOfRetailMult' | 'perUnitPriceMult'>;

/** What pricing needs of an item: an unknown (null) price counts as 0. */
export interface PricedItem {
  quantity: number;
  retailPrice: number | null;
  clientCost: number | null;
}

/**
 * To the nearest cent, half up, immune to binary fractions (1.005 → 1.01): 15 significant digits, all a double holds
 * for certain, drop the representation error and nothing else. (12 digits rounded twice: an amount in the millions
 * with a fraction of a cent, like a cost × a four-decimal multiplier, could land a cent off.)
 */
export function toCents(amount: number): number {
  return Math.round(Number((amount * 100).toPrecision(15))) / 100;
}

/**
 * One item's listing price: from its cost when it has one (cost × clientCostMult), else from its retail
 * (retail × retailCostMult); with a retail, kept between retail × minOfRetailMult and retail × maxOfRetailMult (the
 * cap wins when the two bounds cross). Rounded to cents.
 */
export function itemListingPrice(item: Pick<PricedItem, 'retailPrice' | 'clientCost'>, multipliers: Multipliers): number {
  const retail = item.retailPrice ?? 0;
  const cost = item.clientCost ?? 0;
  const base = cost > 0 ? cost * multipliers.clientCostMult : retail * multipliers.retailCostMult;
  const bounded = retail > 0 ? Math.min(Math.max(base, retail * multipliers.minOfRetailMult), retail * multipliers.maxOfRetailMult) : base;
  return toCents(bounded);
}

export interface LotPricing {
  /** Each item's listing price, in the items' order. */
  prices: number[];
  /** Σ quantity × listing price + units × perUnitPriceMult, in cents. */
  listingTotal: number;
}

export function priceLot(items: readonly PricedItem[], multipliers: Multipliers): LotPricing {
  const prices = items.map((item) => itemListingPrice(item, multipliers));
  const units = items.reduce((sum, item) => sum + item.quantity, 0);
  // Summed in whole cents so a thousand items add up exactly.
  const itemCents = items.reduce((sum, item, index) => sum + item.quantity * Math.round((prices[index] ?? 0) * 100), 0);
  return { prices, listingTotal: toCents(itemCents / 100 + units * multipliers.perUnitPriceMult) };
}
