// The label sizes staff print on (issue 16): single labels for a thermal printer and sheets for an office printer.
// Each names the page rule in labels.css that sets its paper; the numbers lay the labels out on that paper.
import { BIN_MAX, LOCATION_MAX } from '../../protocol/primitives';
import type { Location } from '../location';

export interface LabelFormat {
  readonly id: string;
  readonly name: string;
  /** The CSS class of the sheet (labels.css): the @page size and each label's box. */
  readonly className: string;
  /** Labels on one printed page (1 for a roll of single labels). */
  readonly perPage: number;
}

export const LABEL_FORMATS = [
  { id: '4x2', name: '4 × 2 in (thermal)', className: 'labels-4x2', perPage: 1 },
  { id: '2x1', name: '2 × 1 in (thermal)', className: 'labels-2x1', perPage: 1 },
  { id: '4x6', name: '4 × 6 in (shipping)', className: 'labels-4x6', perPage: 1 },
  { id: 'a4', name: 'A4 sheet, 3 × 8 (70 × 37 mm)', className: 'labels-a4', perPage: 24 },
  { id: 'letter', name: 'Letter sheet, 3 × 10 (Avery 5160)', className: 'labels-letter', perPage: 30 },
] as const satisfies readonly LabelFormat[];

export type LabelFormatId = (typeof LABEL_FORMATS)[number]['id'];
export const DEFAULT_LABEL_FORMAT: LabelFormatId = '4x2';

export const labelFormat = (id: string): LabelFormat => LABEL_FORMATS.find((format) => format.id === id) ?? LABEL_FORMATS[0];

/** What a location label encodes (QR) and a count reads back: zone-aisle-column-row-bin. */
export const locationCode = ({ zone, aisle, column, row, bin }: Location): string => `${zone}-${aisle}-${column}-${row}-${bin}`;

/** A scanned location label; undefined for any other code. */
export function parseLocationCode(code: string): Location | undefined {
  const match = /^(\d{1,2})-(\d{1,2})-(\d{1,2})-(\d{1,2})-(\d{1,2})$/.exec(code.trim());
  if (match === null) return undefined;
  const [zone, aisle, column, row, bin] = match.slice(1).map(Number);
  if (zone === undefined || aisle === undefined || column === undefined || row === undefined || bin === undefined) return undefined;
  if (Math.max(zone, aisle, column, row) > LOCATION_MAX || bin > BIN_MAX) return undefined;
  return { zone, aisle, column, row, bin };
}

/** The labels split into printed pages. */
export function pagesOf<T>(labels: readonly T[], perPage: number): T[][] {
  const pages: T[][] = [];
  for (let start = 0; start < labels.length; start += perPage) pages.push(labels.slice(start, start + perPage));
  return pages;
}
