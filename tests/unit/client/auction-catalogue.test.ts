// Issue 17's catalogue export: the auction's lots as CSV in sale order (lot number, sale order, title, description,
// starting price, quantity, category, image URLs), read back as auction software would, with formula-like text
// neutralised as in the inventory CSV.
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { CATALOGUE_CSV_COLUMNS, catalogueCsv, catalogueFileName, type AuctionManifestRow } from '../../../src/domains/auctions';
import { AuctionScreenMessages } from '../../../src/protocol/messages';
import { makeLot } from '../../support/factories';

const EVENT = { id: 4, title: 'Spring sale', startTime: null, endTime: null, createdAt: null };
const row = (id: number, sortOrder: number, lot: ReturnType<typeof makeLot>, fields: Partial<AuctionManifestRow> = {}): AuctionManifestRow => ({
  id, sortOrder, manifest: lot, auctionEvent: EVENT, auctionTitle: null, startingPrice: null, startTime: null, endTime: null, ...fields,
});
const lookups = {
  categoryName: (id: number) => ({ 1: 'Kitchen', 2: 'Garden' })[id],
  imageUrls: (lotId: number) => (lotId === 10 ? ['https://desk.example/images/a.jpg', 'https://desk.example/images/b.jpg'] : []),
};
const read = (text: string) => Papa.parse<string[]>(text, { skipEmptyLines: true }).data;

describe('catalogueCsv', () => {
  it('writes one line per lot in the order shown, numbering the sale 1..N, with the lot title when no auction title is set', () => {
    const kettles = makeLot(10, '40 kettles, boxed', 7, { lotNumber: 'LOT-0010', numberOfUnits: 40, categories: [1, 2], specialNotes: 'Pick up only' });
    const lamps = makeLot(11, 'Desk lamps', 7, { lotNumber: 'LOT-0011', numberOfUnits: 12, categories: [] });
    const lines = read(catalogueCsv([row(5, 7, lamps, { auctionTitle: 'Lamps x12', startingPrice: 15 }), row(3, 9, kettles)], lookups));
    expect(lines).toEqual([
      [...CATALOGUE_CSV_COLUMNS],
      ['LOT-0011', '1', 'Lamps x12', 'Desk lamps', '15', '12', '', ''],
      ['LOT-0010', '2', '40 kettles, boxed', '40 kettles, boxed\n\nPick up only', '', '40', 'Kitchen | Garden', 'https://desk.example/images/a.jpg, https://desk.example/images/b.jpg'],
    ]);
  });

  it('neutralises titles, notes and lot numbers a spreadsheet would run as formulas', () => {
    const risky = makeLot(12, '=HYPERLINK("http://evil","click")', 7, { lotNumber: '@LOT', specialNotes: '+cmd', numberOfUnits: 1 });
    const [, line] = read(catalogueCsv([row(1, 1, risky, { auctionTitle: '-1+1' })], lookups));
    expect(line?.slice(0, 4)).toEqual(["'@LOT", '1', "'-1+1", '\'=HYPERLINK("http://evil","click")\n\n+cmd']);
    expect(line?.filter((cell) => /^[=+\-@\t\r]/.test(cell))).toEqual([]);
  });

  it('says so when the auction has no lots, and names the file by the event', () => {
    expect(() => catalogueCsv([], lookups)).toThrow(AuctionScreenMessages.catalogueEmpty);
    expect(catalogueFileName(4)).toBe('auction-4-catalogue.csv');
  });
});
