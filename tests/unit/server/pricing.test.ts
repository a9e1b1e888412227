// DESIGN §5 "Prices" (server/domains/listings/pricing.ts): the examples written out, then properties over any items
// and multipliers the wire allows (money in cents up to MONEY_MAX, multipliers 0 to 1000): bounds, whole cents, zero
// retail, zero cost, and the lot's listing total.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_PRICE_REQUEST } from '../../../src/protocol/listings';
import { MONEY_MAX } from '../../../src/protocol/limits';
import { itemListingPrice, type Multipliers, priceLot, type PricedItem, toCents } from '../../../server/domains/listings/pricing';

const DEFAULTS: Multipliers = DEFAULT_PRICE_REQUEST; // spec §9: 0.2, 0.1, 2.5, 0.25, 0
/** Rounding to the nearest cent moves a price by at most half a cent; the rest is binary fractions. */
const CENT = 0.01;

const cents = fc.integer({ min: 0, max: MONEY_MAX * 100 });
const money = cents.map((value) => value / 100);
const moneyOrNull = fc.option(money, { nil: null });
const multiplier = fc.double({ min: 0, max: 1000, noNaN: true, noDefaultInfinity: true });
/** A multiplier as a person types one: up to four decimals. */
const typedMultiplier = fc.integer({ min: 0, max: 1000 * 10_000 }).map((value) => value / 10_000);
const multipliers = fc.record({
  retailCostMult: multiplier,
  minOfRetailMult: multiplier,
  clientCostMult: multiplier,
  maxOfRetailMult: multiplier,
  perUnitPriceMult: multiplier,
});
const item = fc.record({ quantity: fc.integer({ min: 0, max: 10_000 }), retailPrice: moneyOrNull, clientCost: moneyOrNull });

const isWholeCents = (amount: number): boolean => Number(amount.toFixed(2)) === amount;

describe('DESIGN §5 examples with the spec §9 defaults', () => {
  it.each([
    ['cost × 2.5 inside the bounds', { retailPrice: 100, clientCost: 10 }, 25],
    ['raised to 10 % of retail', { retailPrice: 100, clientCost: 2 }, 10],
    ['capped at 25 % of retail', { retailPrice: 100, clientCost: 30 }, 25],
    ['no cost: 20 % of retail', { retailPrice: 100, clientCost: 0 }, 20],
    ['unknown cost: 20 % of retail, rounded to cents', { retailPrice: 19.99, clientCost: null }, 4],
    ['no retail: cost × 2.5, unbounded', { retailPrice: 0, clientCost: 4 }, 10],
    ['unknown retail and cost: nothing', { retailPrice: null, clientCost: null }, 0],
  ])('%s', (_name, prices, expected) => {
    expect(itemListingPrice(prices, DEFAULTS)).toBe(expected);
  });

  it('adds quantity × price for each item and units × perUnitPriceMult', () => {
    const items: PricedItem[] = [
      { quantity: 2, retailPrice: 100, clientCost: 10 }, // 25.00 each
      { quantity: 3, retailPrice: 100, clientCost: 2 }, // 10.00 each
      { quantity: 1, retailPrice: 19.99, clientCost: null }, // 4.00
    ];
    expect(priceLot(items, { ...DEFAULTS, perUnitPriceMult: 0.5 })).toEqual({ prices: [25, 10, 4], listingTotal: 2 * 25 + 3 * 10 + 4 + 6 * 0.5 });
    expect(priceLot([], DEFAULTS)).toEqual({ prices: [], listingTotal: 0 });
  });

  it('rounds half a cent up, whatever the binary fraction', () => {
    expect([toCents(1.005), toCents(2.675), toCents(0.125), toCents(1.0049)]).toEqual([1.01, 2.68, 0.13, 1]);
    // Rounded once, not twice: at 12 significant digits, 1 234 567 889.4996 cents became …889.50, then …890.
    expect(toCents(12_345_678.894996)).toBe(12_345_678.89);
    // 5 551 801.81 × 2.1464 = 11 916 387.404 584: 12 digits made it …387.41.
    expect(itemListingPrice({ retailPrice: 0, clientCost: 5_551_801.81 }, { ...DEFAULTS, clientCostMult: 2.1464 })).toBe(11_916_387.4);
  });
});

describe('itemListingPrice', () => {
  it('is within [retail × min, retail × max], up to a cent, when the item has a retail and min ≤ max', () => {
    fc.assert(
      fc.property(money.filter((retail) => retail > 0), moneyOrNull, multipliers, (retail, cost, m) => {
        fc.pre(m.minOfRetailMult <= m.maxOfRetailMult);
        const price = itemListingPrice({ retailPrice: retail, clientCost: cost }, m);
        expect(price).toBeGreaterThanOrEqual(retail * m.minOfRetailMult - CENT);
        expect(price).toBeLessThanOrEqual(retail * m.maxOfRetailMult + CENT);
      }),
    );
  });

  it('is capped at retail × max when the bounds cross', () => {
    fc.assert(
      fc.property(money.filter((retail) => retail > 0), moneyOrNull, multipliers, (retail, cost, m) => {
        fc.pre(m.minOfRetailMult > m.maxOfRetailMult);
        expect(Math.abs(itemListingPrice({ retailPrice: retail, clientCost: cost }, m) - retail * m.maxOfRetailMult)).toBeLessThanOrEqual(CENT);
      }),
    );
  });

  it('is always whole cents and never negative', () => {
    fc.assert(
      fc.property(moneyOrNull, moneyOrNull, multipliers, (retail, cost, m) => {
        const price = itemListingPrice({ retailPrice: retail, clientCost: cost }, m);
        expect(isWholeCents(price)).toBe(true);
        expect(price).toBeGreaterThanOrEqual(0);
      }),
    );
  });

  it('rounds exactly: cost × a typed multiplier to the nearest cent, half up (checked in integers)', () => {
    fc.assert(
      // Multipliers up to 50 keep most products inside the wire's range, where an exact cent matters.
      fc.property(cents, fc.integer({ min: 0, max: 50 * 10_000 }), (costCents, multiplierTenThousandths) => {
        // cost × multiplier in cents = costCents × multiplierTenThousandths / 10 000, rounded half up.
        const exact = (BigInt(costCents) * BigInt(multiplierTenThousandths) + 5000n) / 10_000n;
        fc.pre(exact <= BigInt(MONEY_MAX * 100)); // the handler refuses a price past the wire's range
        const price = itemListingPrice({ retailPrice: 0, clientCost: costCents / 100 }, { ...DEFAULTS, clientCostMult: multiplierTenThousandths / 10_000 });
        expect(Math.round(price * 100)).toBe(Number(exact));
      }),
    );
  });

  it('with no retail, is cost × clientCostMult, or 0 with no cost', () => {
    fc.assert(
      fc.property(fc.constantFrom(0, null), moneyOrNull, multipliers, (retail, cost, m) => {
        const price = itemListingPrice({ retailPrice: retail, clientCost: cost }, m);
        if (cost === null || cost === 0) expect(price).toBe(0);
        else expect(Math.abs(price - cost * m.clientCostMult)).toBeLessThanOrEqual(CENT / 2 + cost * m.clientCostMult * Number.EPSILON * 4);
      }),
    );
  });

  it('with no cost, is retail × retailCostMult kept within the bounds', () => {
    fc.assert(
      fc.property(fc.constantFrom(0, null), money, multipliers, (cost, retail, m) => {
        const bounded = retail > 0 ? Math.min(Math.max(retail * m.retailCostMult, retail * m.minOfRetailMult), retail * m.maxOfRetailMult) : 0;
        expect(Math.abs(itemListingPrice({ retailPrice: retail, clientCost: cost }, m) - bounded)).toBeLessThanOrEqual(CENT);
      }),
    );
  });

  it('with a cost, ignores retailCostMult', () => {
    fc.assert(
      fc.property(moneyOrNull, money.filter((cost) => cost > 0), multipliers, typedMultiplier, (retail, cost, m, other) => {
        const prices = { retailPrice: retail, clientCost: cost };
        expect(itemListingPrice(prices, { ...m, retailCostMult: other })).toBe(itemListingPrice(prices, m));
      }),
    );
  });
});

describe('priceLot', () => {
  it('prices each item in order and totals Σ quantity × price + units × perUnitPriceMult in whole cents', () => {
    fc.assert(
      fc.property(fc.array(item, { maxLength: 50 }), multipliers, (items, m) => {
        const { prices, listingTotal } = priceLot(items, m);
        expect(prices).toEqual(items.map((one) => itemListingPrice(one, m)));
        const units = items.reduce((sum, one) => sum + one.quantity, 0);
        const itemCents = items.reduce((sum, one, index) => sum + BigInt(one.quantity) * BigInt(Math.round((prices[index] ?? 0) * 100)), 0n);
        const expected = Number(itemCents) / 100 + units * m.perUnitPriceMult;
        fc.pre(expected <= MONEY_MAX); // past it the handler refuses the lot, so its cents never matter
        expect(isWholeCents(listingTotal)).toBe(true);
        expect(Math.abs(listingTotal - expected)).toBeLessThanOrEqual(CENT / 2 + expected * Number.EPSILON * 8);
      }),
    );
  });
});
