// A spreadsheet's rows for a box (spec §3 box bulk add: upc and qnty, matched by header). Rows without a usable
// UPC or a whole, non-negative quantity are left out and counted; the same UPC twice is summed, as the server
// would. Pure: tested in node.
import { Count, Upc } from '../../protocol/primitives';

export interface UpcQuantity {
  readonly upc: string;
  readonly qnty: number;
}

export interface XlsRows {
  readonly rows: readonly UpcQuantity[];
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
  return { rows: [...totals].map(([upc, qnty]) => ({ upc, qnty })), skipped };
}
