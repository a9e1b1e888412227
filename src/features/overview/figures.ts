// The Overview's figures (issue 34), from the lots the device holds: what is waiting and its retail value by status,
// how long the unlisted lots have waited, what was listed and sold each week, and where the value stands by zone
// (every lot not yet shipped).
// Pure: one pass over the lots, given the time it is now, so the same lots always give the same figures.
import type { Lot, LotStatus } from '../../protocol/lots';

/** The statuses the spec's filters name, in the order the chart shows them. */
export const OVERVIEW_STATUSES = ['NOT_LISTED', 'LISTED', 'SOLD', 'SHIPPED'] as const satisfies readonly LotStatus[];

export interface Tally {
  readonly count: number;
  /** The lots' total original retail, to the cent. */
  readonly retail: number;
}

/** How long an unlisted lot has waited since it was made, in days (bounds inclusive). */
export const AGE_BANDS = [
  { label: '0–7 days', from: 0, to: 7 },
  { label: '8–30 days', from: 8, to: 30 },
  { label: '31–90 days', from: 31, to: 90 },
  { label: '> 90 days', from: 91, to: Number.POSITIVE_INFINITY },
] as const;
export type AgeBand = (typeof AGE_BANDS)[number]['label'];

export const WEEKS_SHOWN = 12;

export interface Week {
  /** The week's Monday, 00:00 local time, as yyyy-mm-dd. */
  readonly start: string;
  readonly listed: number;
  readonly sold: number;
}

export interface ZoneTally extends Tally {
  /** The zone's number; null for lots with no location yet. */
  readonly zone: number | null;
}

export interface LotFigures {
  readonly byStatus: ReadonlyArray<Tally & { readonly status: (typeof OVERVIEW_STATUSES)[number] }>;
  readonly ageing: ReadonlyArray<Tally & { readonly band: AgeBand }>;
  readonly weeks: readonly Week[];
  readonly byZone: readonly ZoneTally[];
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** The Monday 00:00 (local) of the week holding `time`. */
export function weekStart(time: number): Date {
  const day = new Date(time);
  day.setHours(0, 0, 0, 0);
  day.setDate(day.getDate() - ((day.getDay() + 6) % 7));
  return day;
}

const isoDay = (day: Date): string =>
  `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, '0')}-${String(day.getDate()).padStart(2, '0')}`;

/** Whole days from `from` to `now`; a lot not yet answered by the server was made now (0). */
const daysSince = (from: string | undefined, now: number): number => (from === undefined ? 0 : Math.max(0, Math.floor((now - Date.parse(from)) / DAY_MS)));

const cents = (value: number): number => Math.round(value * 100);
const tally = (count: number, retailCents: number): Tally => ({ count, retail: retailCents / 100 });

class Counter {
  count = 0;
  retailCents = 0;
  add(lot: Lot): void {
    this.count += 1;
    this.retailCents += cents(lot.totalOriginalRetail);
  }
  get tally(): Tally {
    return tally(this.count, this.retailCents);
  }
}

export function lotFigures(lots: Iterable<Lot>, now: number): LotFigures {
  const statuses = new Map(OVERVIEW_STATUSES.map((status) => [status, new Counter()]));
  const bands = AGE_BANDS.map(() => new Counter());
  const zones = new Map<number | null, Counter>();
  const firstWeek = weekStart(now);
  firstWeek.setDate(firstWeek.getDate() - 7 * (WEEKS_SHOWN - 1));
  const weekStarts: number[] = [];
  for (let week = 0, day = new Date(firstWeek); week < WEEKS_SHOWN; week++, day.setDate(day.getDate() + 7)) weekStarts.push(day.getTime());
  const listed = new Array<number>(WEEKS_SHOWN).fill(0);
  const sold = new Array<number>(WEEKS_SHOWN).fill(0);
  const weekOf = (time: string | null | undefined): number => {
    if (time == null) return -1;
    const start = weekStart(Date.parse(time)).getTime();
    return weekStarts.indexOf(start);
  };

  for (const lot of lots) {
    statuses.get(lot.status as (typeof OVERVIEW_STATUSES)[number])?.add(lot);
    if (lot.status === 'NOT_LISTED') {
      const age = daysSince(lot.createdAt, now);
      bands[AGE_BANDS.findIndex((band) => age >= band.from && age <= band.to)]?.add(lot);
    }
    if (lot.status !== 'SHIPPED') {
      // What stands on the floor: a shipped lot has left the warehouse.
      const zone = lot.loc_zone === null || lot.loc_zone === 0 ? null : lot.loc_zone;
      let counter = zones.get(zone);
      if (counter === undefined) zones.set(zone, (counter = new Counter()));
      counter.add(lot);
    }
    const listedWeek = weekOf(lot.listedAt);
    if (listedWeek >= 0) listed[listedWeek] = (listed[listedWeek] ?? 0) + 1;
    const soldWeek = weekOf(lot.soldAt);
    if (soldWeek >= 0) sold[soldWeek] = (sold[soldWeek] ?? 0) + 1;
  }

  return {
    byStatus: OVERVIEW_STATUSES.map((status) => ({ status, ...(statuses.get(status)?.tally ?? tally(0, 0)) })),
    ageing: AGE_BANDS.map(({ label }, index) => ({ band: label, ...(bands[index]?.tally ?? tally(0, 0)) })),
    weeks: weekStarts.map((start, index) => ({ start: isoDay(new Date(start)), listed: listed[index] ?? 0, sold: sold[index] ?? 0 })),
    // By zone number, lots with no location last.
    byZone: [...zones.entries()]
      .sort(([a], [b]) => (a === null ? 1 : b === null ? -1 : a - b))
      .map(([zone, counter]) => ({ zone, ...counter.tally })),
  };
}
