// Pure data of the location dialog (spec §9): the five fields, their 0–max ranges from the wire contract, and
// a lot's stored location (nullable on the wire) turned into the dialog's numbers. No React here.
import { BIN_MAX, LOCATION_MAX } from '../protocol/primitives';

export interface Location {
  readonly zone: number;
  readonly aisle: number;
  readonly column: number;
  readonly row: number;
  readonly bin: number;
}

export type LocationKey = keyof Location;

/** Order and labels as the spec lists them; zone..row 0–10, bin 0–50 (spec §9, the protocol's limits). */
export const LOCATION_FIELDS: readonly { readonly key: LocationKey; readonly label: string; readonly max: number }[] = [
  { key: 'zone', label: 'Zone', max: LOCATION_MAX },
  { key: 'aisle', label: 'Aisle', max: LOCATION_MAX },
  { key: 'column', label: 'Column', max: LOCATION_MAX },
  { key: 'row', label: 'Row', max: LOCATION_MAX },
  { key: 'bin', label: 'Bin', max: BIN_MAX },
];

/** The integers 0..max, the options of one select. */
export function locationOptions(max: number): number[] {
  return Array.from({ length: Math.max(0, Math.floor(max)) + 1 }, (_, index) => index);
}

/** A stored location with unset (null) or out-of-range parts becomes a valid one: unset is 0 (spec §9 default). */
export function toLocation(stored: { readonly [K in LocationKey]?: number | null }): Location {
  const pick = (key: LocationKey, max: number): number => {
    const value = stored[key];
    return value === null || value === undefined || !Number.isInteger(value) ? 0 : Math.min(Math.max(value, 0), max);
  };
  return {
    zone: pick('zone', LOCATION_MAX),
    aisle: pick('aisle', LOCATION_MAX),
    column: pick('column', LOCATION_MAX),
    row: pick('row', LOCATION_MAX),
    bin: pick('bin', BIN_MAX),
  };
}
