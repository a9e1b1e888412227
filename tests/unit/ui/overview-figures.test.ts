// The Overview's figures (issue 34) from the lots a device holds: by status, the unlisted lots' ageing, the weeks'
// listings and sales, and the value by zone, with the edge cases a replica really holds.
import { describe, expect, it } from 'vitest';
import { lotFigures, weekStart, WEEKS_SHOWN } from '../../../src/features/overview/figures';
import type { Lot } from '../../../src/protocol/lots';
import { makeLot } from '../../support/factories';

/** Wednesday 2026-11-25, 15:00 local: the figures' "now". */
const NOW = new Date(2026, 10, 25, 15, 0, 0).getTime();
const daysAgo = (days: number): string => new Date(NOW - days * 24 * 60 * 60 * 1000).toISOString();

let nextId = 1;
const lot = (fields: Partial<Lot>): Lot => makeLot(nextId++, `Lot ${nextId}`, 7, { status: 'NOT_LISTED', totalOriginalRetail: 0, createdAt: daysAgo(1), listedAt: null, soldAt: null, loc_zone: null, ...fields });

describe('the Overview figures', () => {
  it('are all zero, with every status, band and week shown, when the device holds no lots', () => {
    const figures = lotFigures([], NOW);
    expect(figures.byStatus).toEqual([
      { status: 'NOT_LISTED', count: 0, retail: 0 },
      { status: 'LISTED', count: 0, retail: 0 },
      { status: 'SOLD', count: 0, retail: 0 },
      { status: 'SHIPPED', count: 0, retail: 0 },
    ]);
    expect(figures.ageing.map(({ band, count }) => [band, count])).toEqual([['0–7 days', 0], ['8–30 days', 0], ['31–90 days', 0], ['> 90 days', 0]]);
    expect(figures.weeks).toHaveLength(WEEKS_SHOWN);
    expect(figures.weeks.every((week) => week.listed === 0 && week.sold === 0)).toBe(true);
    expect(figures.byZone).toEqual([]);
  });

  it('count the lots and add their retail value by status, to the cent (other statuses are not shown)', () => {
    const figures = lotFigures([
      lot({ status: 'NOT_LISTED', totalOriginalRetail: 0.1 }),
      lot({ status: 'NOT_LISTED', totalOriginalRetail: 0.2 }),
      lot({ status: 'LISTED', totalOriginalRetail: 150 }),
      lot({ status: 'SHIPPED', totalOriginalRetail: 20.05 }),
      lot({ status: 'UNSOLD', totalOriginalRetail: 999 }),
    ], NOW);
    expect(figures.byStatus).toEqual([
      { status: 'NOT_LISTED', count: 2, retail: 0.3 },
      { status: 'LISTED', count: 1, retail: 150 },
      { status: 'SOLD', count: 0, retail: 0 },
      { status: 'SHIPPED', count: 1, retail: 20.05 },
    ]);
  });

  it('band the unlisted lots by the days since they were made; one made offline, not yet numbered, is new', () => {
    const figures = lotFigures([
      lot({ createdAt: daysAgo(0), totalOriginalRetail: 10 }),
      lot({ createdAt: daysAgo(7), totalOriginalRetail: 10 }),
      lot({ createdAt: daysAgo(8), totalOriginalRetail: 20 }),
      lot({ createdAt: daysAgo(30), totalOriginalRetail: 20 }),
      lot({ createdAt: daysAgo(31), totalOriginalRetail: 30 }),
      lot({ createdAt: daysAgo(91), totalOriginalRetail: 40 }),
      lot({ id: -3, lotNumber: '', createdAt: undefined, totalOriginalRetail: 5 }), // made offline: no server time yet
      lot({ status: 'LISTED', createdAt: daysAgo(200) }), // listed: not waiting
    ], NOW);
    expect(figures.ageing).toEqual([
      { band: '0–7 days', count: 3, retail: 25 },
      { band: '8–30 days', count: 2, retail: 40 },
      { band: '31–90 days', count: 1, retail: 30 },
      { band: '> 90 days', count: 1, retail: 40 },
    ]);
  });

  it('count the lots listed and sold in each of the last 12 weeks, Monday to Sunday; older ones are not shown', () => {
    const thisMonday = weekStart(NOW);
    const figures = lotFigures([
      lot({ status: 'LISTED', listedAt: new Date(thisMonday.getTime()).toISOString() }), // this week's first moment
      lot({ status: 'LISTED', listedAt: new Date(thisMonday.getTime() - 1).toISOString() }), // last Sunday, 23:59:59.999
      lot({ status: 'SOLD', listedAt: daysAgo(20), soldAt: daysAgo(2) }),
      lot({ status: 'SHIPPED', listedAt: daysAgo(400), soldAt: daysAgo(400) }), // long ago
      // Sold, then back to LISTED: the server cleared the sale and stamped the new listing.
      lot({ status: 'LISTED', listedAt: daysAgo(0), soldAt: null }),
    ], NOW);
    const [current, previous] = [figures.weeks[WEEKS_SHOWN - 1], figures.weeks[WEEKS_SHOWN - 2]];
    expect(current).toEqual({ start: '2026-11-23', listed: 2, sold: 1 });
    expect(previous).toEqual({ start: '2026-11-16', listed: 1, sold: 0 });
    expect(figures.weeks[0]?.start).toBe('2026-09-07');
    expect(figures.weeks.reduce((sum, week) => sum + week.listed, 0)).toBe(4); // the one listed 20 days ago too
    expect(figures.weeks.reduce((sum, week) => sum + week.sold, 0)).toBe(1);
  });

  it('add the value on the floor by zone in zone order, lots with no location (none, or zone 0) last; shipped lots have left', () => {
    const figures = lotFigures([
      lot({ loc_zone: 3, totalOriginalRetail: 30 }),
      lot({ loc_zone: 1, totalOriginalRetail: 10 }),
      lot({ loc_zone: null, totalOriginalRetail: 7 }),
      lot({ loc_zone: 0, totalOriginalRetail: 3 }),
      lot({ loc_zone: 3, totalOriginalRetail: 5, status: 'SOLD' }), // sold, still here until shipped
      lot({ loc_zone: 1, totalOriginalRetail: 500, status: 'SHIPPED' }),
    ], NOW);
    expect(figures.byZone).toEqual([
      { zone: 1, count: 1, retail: 10 },
      { zone: 3, count: 2, retail: 35 },
      { zone: null, count: 2, retail: 10 },
    ]);
  });
});
