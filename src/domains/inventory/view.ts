// What a history row shows (spec §2 Inventory's table, §9 CSV): the lot's title and price from the lot the server
// attached, or else from the lot this device holds (Get Lot Titles fills it in), the location as Z A C R B, the
// store status with its stock quantity. Pure: the table and the CSV read the same values.
import { InventoryScreenMessages } from '../../protocol/messages';
import type { Lot } from '../../protocol/lots';
import { toCsv, type CsvCell } from '../../ui/csv';
import { locationText } from '../../ui/lot-display';
import type { HistoryRow } from './tables';

export interface HistoryView {
  readonly title: string;
  readonly price: number | null;
  readonly location: string;
  /** 'instock' and the like, '' when the store has no word on it. */
  readonly storeStatus: string;
  readonly stockQuantity: number | null;
}

type KnownLot = Pick<Lot, 'titleListing' | 'totalListingPrice'>;

export function historyView(row: HistoryRow, known: KnownLot | undefined): HistoryView {
  const lot = row.manifest ?? known;
  return {
    title: lot?.titleListing ?? '',
    price: lot?.totalListingPrice ?? null,
    location: locationText({ loc_zone: row.locZone, loc_aisle: row.locAisle, loc_column: row.locColumn, loc_row: row.locRow, loc_box: row.locBox }),
    storeStatus: row.storeStatus?.stock_status ?? '',
    stockQuantity: row.storeStatus?.stock_quantity ?? null,
  };
}

/** Spec §9: the file's name and columns, word for word. */
export const HISTORY_CSV_FILE = 'manifest_history.csv';
export const HISTORY_CSV_COLUMNS = ['Lot #', 'STATUS', 'Location', 'Title', 'Price', 'Qnt', 'WC Status'] as const;

/** The history as CSV text, one line per row in the table's order; formula-like text neutralised (ui/csv.ts). */
export function historyCsv(rows: readonly HistoryRow[], lotsByNumber: ReadonlyMap<string, KnownLot>): string {
  if (rows.length === 0) throw new Error(InventoryScreenMessages.csvEmpty);
  return toCsv(HISTORY_CSV_COLUMNS, rows.map((row): CsvCell[] => {
    const view = historyView(row, lotsByNumber.get(row.lotNumber));
    return [row.lotNumber, row.status, view.location, view.title, view.price, view.stockQuantity, view.storeStatus];
  }));
}
