// A spreadsheet's rows for a box (spec §3 box bulk add: upc and qnty, matched by header). Rows without a usable
// UPC or a whole, non-negative quantity are left out and counted; the same UPC twice is summed, as the server
// would. A UPC that cannot be right (a wrong check digit, digits missing) is kept and marked with why, never
// dropped: the catalogue decides whether it knows it. Pure: tested in node.
import { Count, Upc } from '../../protocol/primitives';
import { upcProblem } from '../../protocol/upc';

export interface UpcQuantity {
  readonly upc: string;
  readonly qnty: number;
}

/** A row of the file: what is sent, and why its UPC looks wrong (undefined when it does not). */
export interface XlsRow extends UpcQuantity {
  readonly problem?: string;
}

export interface XlsRows {
  readonly rows: readonly XlsRow[];
  readonly skipped: number;
}

export function xlsRows(records: ReadonlyArray<Readonly<Record<'upc' | 'qnty', string>>>): XlsRows {
  const totals = new Map<string, number>();
  let skipped = 0;
  for (const record of records) {
    const upc = Upc.safeParse(record.upc);
    const qnty = Count.safeParse(record.qnty.trim() === '' ? Number.NaN : Number(record.qnty));
    if (!upc.success || !qnty.success || qnty.data === 0) {
      skipped += 1;
      continue;
    }
    totals.set(upc.data, (totals.get(upc.data) ?? 0) + qnty.data);
  }
  const rows = [...totals].map(([upc, qnty]): XlsRow => {
    const problem = upcProblem(upc);
    return problem === undefined ? { upc, qnty } : { upc, qnty, problem };
  });
  return { rows, skipped };
}

/** The rows as the box bulk add sends them: UPC and quantity only. */
export const upcQuantities = (rows: readonly XlsRow[]): UpcQuantity[] => rows.map(({ upc, qnty }) => ({ upc, qnty }));
