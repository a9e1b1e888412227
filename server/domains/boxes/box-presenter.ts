// presentBox: a boxes row → the wire's Box (spec §3 names), and its inverse for what a client may write (boxColumnsOf).
// The one place this shape is built. Never reads the database.
import type { Box } from '../../../src/protocol/boxes';
import type { boxes } from '../../db';

export type BoxRow = typeof boxes.$inferSelect;

export function presentBox(row: BoxRow): Box {
  return {
    id: row.id,
    label: row.label,
    manualManiestId: row.lotId,
    w: row.w,
    l: row.l,
    h: row.h,
    lbs: row.lbs,
    ozs: row.ozs,
    zone: row.zone,
    aisle: row.aisle,
    col: row.col,
    row: row.row,
    bin: row.bin,
    boxNumber: row.boxNumber,
    userId: row.userId,
  };
}

/** The box's label for a message: the label, or its id when it has none (as the tabs say 'box ' + label or id). */
export const boxName = (row: BoxRow): string => row.label || String(row.id);

/**
 * The columns a client may write on a box (addBoxToLot, updateBoxInfo): label, dimensions, weight and shelf location.
 * Never id, lot, owner or box number (the server's). A missing measure is 0 and a null coordinate 0, "unset"
 * (spec §9: a new box defaults to zero for all of them); the label is stored trimmed, null as ''.
 */
export type BoxColumns = Pick<BoxRow, 'label' | 'w' | 'l' | 'h' | 'lbs' | 'ozs' | 'zone' | 'aisle' | 'col' | 'row' | 'bin'>;

export function boxColumnsOf(box: Partial<Box>): BoxColumns {
  return {
    label: box.label?.trim() ?? '',
    w: box.w ?? 0,
    l: box.l ?? 0,
    h: box.h ?? 0,
    lbs: box.lbs ?? 0,
    ozs: box.ozs ?? 0,
    zone: box.zone ?? 0,
    aisle: box.aisle ?? 0,
    col: box.col ?? 0,
    row: box.row ?? 0,
    bin: box.bin ?? 0,
  };
}
