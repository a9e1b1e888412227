// CSV export (spec §9, issue 16): no text cell can run as a formula in a spreadsheet, whatever the lot's title says.
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { neutralise, toCsv } from '../../../src/ui/csv';

describe('CSV neutralisation', () => {
  it.each(['=1+1', '+1', '-1', '@SUM(A1)', '\t=cmd', '\r=cmd', '=HYPERLINK("http://x","y")'])('a cell starting %j gets a leading quote', (cell) => {
    expect(neutralise(cell)).toBe(`'${cell}`);
  });

  it('leaves ordinary text, numbers (negative ones included) and blanks as they are', () => {
    expect(neutralise('Pallet of shoes')).toBe('Pallet of shoes');
    expect(neutralise('a=b')).toBe('a=b');
    expect(neutralise(-12.5)).toBe(-12.5);
    expect(neutralise(0)).toBe(0);
    expect(neutralise(null)).toBe('');
    expect(neutralise(undefined)).toBe('');
    expect(neutralise(Number.NaN)).toBe('');
  });

  it('the written file reads back with every dangerous cell quoted and commas, quotes and line breaks kept', () => {
    const text = toCsv(['Lot #', 'Title', 'Price'], [
      ['L-1', '=cmd|" /C calc"!A0', 12.5],
      ['-L2', 'Shoes, "size 9"\nand boots', -3],
    ]);
    const read = Papa.parse<string[]>(text, { skipEmptyLines: true }).data;
    expect(read).toEqual([
      ['Lot #', 'Title', 'Price'],
      ['L-1', '\'=cmd|" /C calc"!A0', '12.5'],
      ["'-L2", 'Shoes, "size 9"\nand boots', '-3'],
    ]);
    expect(read.flat().filter((cell) => /^[=+\-@\t\r]/.test(cell))).toEqual(['-3']);
    expect(text.split('\r\n')[0]).toBe('Lot #,Title,Price');
  });
});
