// Expected vs found for one location of an inventory event (issue 16): the lots the replica says are there, which of
// them this event found there, which are missing, and which were found there but belong elsewhere. Pure: no Dexie.
import type { Lot } from '../../protocol/lots';
import type { Location } from '../../ui/location';
import type { ManifestHistoryEntry } from '../../protocol/entities';

type Placed = Pick<Lot, 'loc_zone' | 'loc_aisle' | 'loc_column' | 'loc_row' | 'loc_box'>;
type Counted = Pick<ManifestHistoryEntry, 'id' | 'manifestId' | 'lotNumber' | 'locZone' | 'locAisle' | 'locColumn' | 'locRow' | 'locBox'>;
type CountLot = Pick<Lot, 'id' | 'lotNumber'> & Placed;

/** A lot's stored location is this one (unset parts never match). */
export const lotIsAt = (lot: Placed, at: Location): boolean =>
  lot.loc_zone === at.zone && lot.loc_aisle === at.aisle && lot.loc_column === at.column && lot.loc_row === at.row && lot.loc_box === at.bin;

/** A history entry was recorded at this location. */
export const entryIsAt = (entry: Counted, at: Location): boolean =>
  entry.locZone === at.zone && entry.locAisle === at.aisle && entry.locColumn === at.column && entry.locRow === at.row && entry.locBox === at.bin;

/** The lot fields a count writes: the location as the lot stores it. */
export const asLotLocation = (at: Location): Placed => ({ loc_zone: at.zone, loc_aisle: at.aisle, loc_column: at.column, loc_row: at.row, loc_box: at.bin });

export interface Stray {
  readonly entryId: number;
  readonly manifestId: number;
  readonly lotNumber: string;
  /** The lot as this device knows it (so the user may change it), or undefined: someone else's lot. */
  readonly lot: CountLot | undefined;
}

export interface LocationCount {
  /** Lots the replica places here. */
  readonly expected: readonly CountLot[];
  /** Expected lots this event found here. */
  readonly found: readonly CountLot[];
  /** Expected lots this event has not found here (yet). */
  readonly missing: readonly CountLot[];
  /** Lots found here whose stored location is elsewhere (or unknown to this device). */
  readonly strays: readonly Stray[];
}

const byNumber = (a: { lotNumber: string }, b: { lotNumber: string }): number => a.lotNumber.localeCompare(b.lotNumber);

/** The count of one location from the replica's lots and the event's history rows. */
export function countLocation(at: Location, lots: readonly CountLot[], history: readonly Counted[]): LocationCount {
  const expected = lots.filter((lot) => lotIsAt(lot, at)).sort(byNumber);
  const here = history.filter((entry) => entryIsAt(entry, at));
  const foundIds = new Set(here.map((entry) => entry.manifestId));
  const lotsById = new Map(lots.map((lot) => [lot.id, lot]));
  const strays = here.flatMap((entry): Stray[] => {
    const lot = lotsById.get(entry.manifestId);
    if (lot !== undefined && lotIsAt(lot, at)) return [];
    return [{ entryId: entry.id, manifestId: entry.manifestId, lotNumber: entry.lotNumber, lot }];
  });
  return {
    expected,
    found: expected.filter((lot) => foundIds.has(lot.id)),
    missing: expected.filter((lot) => !foundIds.has(lot.id)),
    strays: strays.sort(byNumber),
  };
}

/** Apply count: the strays this device may move here (lots it holds), and those it may not (someone else's). */
export function applicable(count: LocationCount): { readonly movable: readonly CountLot[]; readonly notYours: readonly string[] } {
  const movable = count.strays.flatMap((stray) => (stray.lot === undefined ? [] : [stray.lot]));
  // A scan still waiting for the server to find its lot (manifestId 0) is neither: it is applied once found.
  const notYours = count.strays.filter((stray) => stray.lot === undefined && stray.manifestId > 0).map((stray) => stray.lotNumber);
  return { movable, notYours };
}
