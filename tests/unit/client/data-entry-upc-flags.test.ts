// Issue 13: in the data-entry table, a row whose UPC cannot be right (a wrong check digit, digits missing) is
// kept and marked with a plain sentence; fixing the UPC clears the mark. The table's rows as use-sheet builds them.
import { describe, expect, it } from 'vitest';
import { addDrafts, blankEntry, editDraft, editStored, EMPTY_SHEET, showFound } from '../../../src/features/data-entry/sheet';
import { tableRows } from '../../../src/features/data-entry/use-sheet';
import type { UpcEntry } from '../../../src/protocol/catalogue';
import type { UpcRow } from '../../../src/domains/upcs';

const entry = (upc: string): UpcEntry => ({ ...blankEntry('excel'), upc });
const stored = (id: number, upc: string): UpcRow => ({ ...entry(upc), id, source: 'dataentry' });
const marks = (rows: ReturnType<typeof tableRows>) => rows.map((row) => [row.entry.upc, row.upcProblem]);

describe('data-entry rows whose UPC looks wrong', () => {
  it('are shown with why, among rows that are not marked', () => {
    const sheet = addDrafts(EMPTY_SHEET, [entry('027466802337'), entry('027466802338'), entry('27466802337'), entry('ABC-1')]);
    expect(marks(tableRows(sheet, new Map()))).toEqual([
      ['027466802337', undefined],
      ['027466802338', 'UPC 027466802338 has a wrong check digit: for these digits the last one should be 7. Check the number.'],
      ['27466802337', 'UPC 27466802337 has 11 digits; a UPC has 12 (an EAN 13). Check the number.'],
      ['ABC-1', undefined],
    ]);
  });

  it('lose the mark once the UPC is corrected in the cell', () => {
    const sheet = addDrafts(EMPTY_SHEET, [entry('027466802338')]);
    const key = sheet.drafts[0]?.key ?? '';
    expect(marks(tableRows(editDraft(sheet, key, 'upc', '027466802337'), new Map()))).toEqual([['027466802337', undefined]]);
  });

  it('are marked among stored rows too, by the UPC the user sees (their unsent edit included)', () => {
    const row = stored(7, '123456789012');
    const sheet = showFound(EMPTY_SHEET, [7]);
    expect(marks(tableRows(sheet, new Map([[7, row]])))).toEqual([['123456789012', undefined]]);
    expect(marks(tableRows(editStored(sheet, row, 'upc', '123456789013'), new Map([[7, row]])))).toEqual([
      ['123456789013', 'UPC 123456789013 has a wrong check digit: for these digits the last one should be 2. Check the number.'],
    ]);
  });
});
