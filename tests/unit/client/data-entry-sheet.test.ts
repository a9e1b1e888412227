// The data-entry table's working state (spec §2 Data entry, §4, §5): new rows on top and selected, changed
// cells tracked per row (a cell set back to its stored value is unchanged), the selection, and what happens to
// the rows when a search, a Save, an Update or a Delete goes through.
import { describe, expect, it } from 'vitest';
import {
  addDrafts, blankEntry, changedFields, draftsSaved, editDraft, editsSent, editStored, EMPTY_SHEET, renumber, rowsRemoved,
  showFound, storedKey, toggleSelected, type Sheet,
} from '../../../src/features/data-entry/sheet';
import type { UpcEntry } from '../../../src/protocol/catalogue';

function upcEntry(id: number, upc: string, fields: Partial<UpcEntry> = {}): UpcEntry {
  return {
    id, upc, vendorName: 'Acme', vendorStyleNumber: null, size: null, color: 'Blue', itemDescription: null,
    retailPrice: 10, source: 'dataentry', ...fields,
  };
}

const upcs = (sheet: Sheet) => sheet.drafts.map((draft) => draft.entry.upc);
const selection = (sheet: Sheet) => [...sheet.selected].sort();

/** A sheet showing stored rows 1, 2 and 3, with one new row on top. */
function sheetWithRows(): Sheet {
  return addDrafts(showFound(EMPTY_SHEET, [1, 2, 3]), [{ ...blankEntry(), upc: 'new' }]);
}

describe('ADD UPC(+) and new rows', () => {
  it('adds an empty new row (id 0, source dataentry) on top of the earlier ones, selected so Save takes it', () => {
    const one = addDrafts(EMPTY_SHEET, [blankEntry()]);
    const two = addDrafts(editDraft(one, 'new:1', 'upc', 'first'), [blankEntry()]);
    expect(two.drafts.map((draft) => [draft.key, draft.entry.upc])).toEqual([['new:2', ''], ['new:1', 'first']]);
    expect(two.drafts[0]?.entry).toEqual({
      id: 0, upc: '', vendorName: '', vendorStyleNumber: '', size: '', color: '', itemDescription: '', retailPrice: null, source: 'dataentry',
    });
    expect(selection(two)).toEqual(['new:1', 'new:2']);
  });

  it('makes every added row a new one (id 0) with its own key, however many come at once', () => {
    const sheet = addDrafts(addDrafts(EMPTY_SHEET, [blankEntry()]), [upcEntry(9, '900'), upcEntry(8, '800')]);
    expect(sheet.drafts.every((draft) => draft.entry.id === 0)).toBe(true);
    expect(new Set(sheet.drafts.map((draft) => draft.key)).size).toBe(3);
    expect(sheet.drafts.at(-1)?.key).toBe('new:1'); // the earlier row stays below the new ones
    expect(selection(sheet)).toEqual(['new:1', 'new:2', 'new:3']);
  });

  it('editing a new row changes that row only; its filled cells show as changed', () => {
    const sheet = editDraft(editDraft(addDrafts(EMPTY_SHEET, [blankEntry(), blankEntry()]), 'new:1', 'upc', '0123'), 'new:1', 'retailPrice', 5);
    expect(sheet.drafts.map((draft) => [draft.key, draft.entry.upc, draft.entry.retailPrice])).toEqual([['new:1', '0123', 5], ['new:2', '', null]]);
    const [edited] = sheet.drafts;
    expect(edited === undefined ? [] : [...changedFields(edited.entry, undefined)]).toEqual(['upc', 'retailPrice']);
    expect([...changedFields(blankEntry(), undefined)]).toEqual([]);
  });
});

describe('editing stored rows (spec §4: changed cells are tracked per row; §5: a value equal to the original is unchanged)', () => {
  const stored = upcEntry(1, '100');

  it('marks only the cells that differ from the stored row', () => {
    const sheet = editStored(editStored(sheetWithRows(), stored, 'color', 'Red'), stored, 'retailPrice', 12);
    expect(sheet.edits.get(1)).toEqual({ color: 'Red', retailPrice: 12 });
    expect([...changedFields(stored, sheet.edits.get(1))]).toEqual(['retailPrice', 'color']);
    expect([...changedFields(upcEntry(2, '200'), sheet.edits.get(2))]).toEqual([]);
  });

  it('un-marks a cell set back to its stored value, and the row once none is left', () => {
    const edited = editStored(editStored(sheetWithRows(), stored, 'color', 'Red'), stored, 'size', 'M');
    const oneBack = editStored(edited, stored, 'color', 'Blue');
    expect(oneBack.edits.get(1)).toEqual({ size: 'M' });
    const allBack = editStored(oneBack, stored, 'size', '');
    expect(allBack.edits.has(1)).toBe(false); // an empty cell equals a null one
  });

  it('a cell emptied where the stored row has nothing is no change', () => {
    const sheet = editStored(editStored(sheetWithRows(), stored, 'itemDescription', ''), stored, 'vendorStyleNumber', null);
    expect(sheet.edits.size).toBe(0);
  });

  it('Update sent the edits: the rows show their stored (now pending) values again', () => {
    const edited = editStored(editStored(sheetWithRows(), stored, 'color', 'Red'), upcEntry(2, '200'), 'size', 'S');
    const sent = editsSent(edited, [1]);
    expect([...sent.edits.keys()]).toEqual([2]);
    expect(sent.shown).toEqual(edited.shown);
  });
});

describe('selection', () => {
  it('toggles a row in and out', () => {
    const on = toggleSelected(sheetWithRows(), storedKey(2));
    expect(selection(on)).toEqual(['id:2', 'new:1']);
    expect(selection(toggleSelected(on, storedKey(2)))).toEqual(['new:1']);
  });
});

describe('Search shows its rows', () => {
  it("replaces the stored rows on screen, keeping rows with unsent edits (nothing typed is lost) and the new rows", () => {
    let sheet = sheetWithRows();
    sheet = editStored(sheet, upcEntry(2, '200'), 'color', 'Red');
    sheet = toggleSelected(toggleSelected(sheet, storedKey(1)), storedKey(2));
    const found = showFound(sheet, [5, 2, 6]);
    expect(found.shown).toEqual([5, 2, 6]); // row 2 was found again: once
    const again = showFound(found, [7]);
    expect(again.shown).toEqual([2, 7]);
    expect(upcs(again)).toEqual(['new']);
    expect(again.edits.get(2)).toEqual({ color: 'Red' });
    expect(selection(again)).toEqual(['id:2', 'new:1']); // row 1 left the table, and the selection
  });
});

describe('Save, Delete and the server renumbering', () => {
  it('saved new rows leave the new rows and show as stored rows (temporary ids), on top, unselected', () => {
    const sheet = addDrafts(showFound(EMPTY_SHEET, [1]), [{ ...blankEntry(), upc: 'a' }, { ...blankEntry(), upc: 'b' }]);
    const saved = draftsSaved(sheet, [{ key: 'new:1', id: -1 }]);
    expect(upcs(saved)).toEqual(['b']);
    expect(saved.shown).toEqual([-1, 1]);
    expect(selection(saved)).toEqual(['new:2']);
  });

  it('deleted rows leave the table, their edits and the selection, new and stored alike', () => {
    let sheet = editStored(sheetWithRows(), upcEntry(1, '100'), 'color', 'Red');
    sheet = toggleSelected(toggleSelected(sheet, storedKey(1)), storedKey(3));
    const after = rowsRemoved(sheet, ['new:1', storedKey(1)]);
    expect(upcs(after)).toEqual([]);
    expect(after.shown).toEqual([2, 3]);
    expect(after.edits.size).toBe(0);
    expect(selection(after)).toEqual(['id:3']);
  });

  it("follows the server's real ids: rows, edits and selection", () => {
    let sheet = draftsSaved(addDrafts(showFound(EMPTY_SHEET, [5]), [blankEntry()]), [{ key: 'new:1', id: -1 }]);
    sheet = editStored(sheet, { ...upcEntry(-1, '100'), id: -1 }, 'color', 'Red');
    sheet = toggleSelected(toggleSelected(sheet, storedKey(-1)), storedKey(5));
    const real = renumber(sheet, new Map([[-1, 42]]));
    expect(real.shown).toEqual([42, 5]);
    expect(real.edits.get(42)).toEqual({ color: 'Red' });
    expect(real.edits.has(-1)).toBe(false);
    expect(selection(real)).toEqual(['id:42', 'id:5']);
    expect(renumber(real, new Map([[-9, 50]]))).toBe(real); // nothing on screen renumbered: the same sheet
  });
});
