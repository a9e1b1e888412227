// The rules every table layout shares (issue 13, layout at every size): the chooser hides columns but never a
// key column, pinned columns stick at stacked offsets, and each column's cell lands in one part of a phone card.
import { describe, expect, it } from 'vitest';
import { canHide, cardParts, choiceId, pinnedWidths, pinOffsets, setColumnShown, tabletHidden, visibleColumns, type CardRole } from '../../../src/ui/table/columns';

interface Column {
  readonly id: string;
  readonly width: number;
  readonly pin?: 'start' | 'end';
  readonly key?: boolean;
  readonly card?: CardRole;
}

const lots: Column[] = [
  { id: 'lotNumber', width: 120, pin: 'start', card: 'title' },
  { id: 'status', width: 120, key: true },
  { id: 'title', width: 200, key: true, card: 'title' },
  { id: 'category', width: 130, card: 'wide' },
  { id: 'units', width: 100 },
  { id: 'edit', width: 64, key: true, card: 'action' },
  { id: 'auction', width: 110, card: 'hidden' },
  { id: 'select', width: 56, pin: 'end', card: 'action' },
];
const ids = (columns: readonly Column[]): string[] => columns.map((column) => column.id);

describe('the column chooser', () => {
  it('hides the columns unticked and keeps the others in their order', () => {
    expect(ids(visibleColumns(lots, ['category', 'units']))).toEqual(['lotNumber', 'status', 'title', 'edit', 'auction', 'select']);
  });

  it('never hides a key column or a pinned one, even when the stored choice names it', () => {
    expect(ids(visibleColumns(lots, ['lotNumber', 'title', 'select', 'edit']))).toEqual(ids(lots));
    expect(lots.filter(canHide).map((column) => column.id)).toEqual(['category', 'units', 'auction']);
  });

  it('adds an unticked column to the hidden set once and removes a ticked one', () => {
    const category = lots[3];
    if (category === undefined) throw new Error('fixture');
    const hidden = setColumnShown([], category, false);
    expect(hidden).toEqual(['category']);
    expect(setColumnShown(hidden, category, false)).toEqual(['category']);
    expect(setColumnShown(hidden, category, true)).toEqual([]);
  });

  it('refuses to hide a key column', () => {
    const title = lots[2];
    if (title === undefined) throw new Error('fixture');
    expect(setColumnShown(['units'], title, false)).toEqual(['units']);
  });
});

describe('pinned columns on a desk', () => {
  it('stick the key column at the start and the select column at the end; several stack', () => {
    const offsets = pinOffsets([
      { width: 120, pin: 'start' },
      { width: 80, pin: 'start' },
      { width: 300 },
      { width: 70, pin: 'end' },
      { width: 56, pin: 'end' },
    ]);
    expect(offsets).toEqual([{ side: 'left', px: 0 }, { side: 'left', px: 120 }, undefined, { side: 'right', px: 56 }, { side: 'right', px: 0 }]);
  });
});

describe('a cell brought into view (issue 31)', () => {
  it('stops clear of the columns pinned at each side: their widths together', () => {
    expect(pinnedWidths([{ width: 120, pin: 'start' }, { width: 80, pin: 'start' }, { width: 300 }, { width: 160, pin: 'end' }])).toEqual({ start: 200, end: 160 });
    expect(pinnedWidths([{ width: 300 }])).toEqual({ start: 0, end: 0 });
  });
});

describe('a tablet starts without the desk-only columns (issue 31)', () => {
  const columns = [
    { id: 'select', pin: 'start' as const },
    { id: 'name', deskOnly: true },
    { id: 'title', key: true, deskOnly: true },
    { id: 'units' },
  ];
  it('hides the hideable desk-only columns at first, never a key column', () => {
    expect(tabletHidden(columns)).toEqual(['name']);
  });
  it('remembers a tablet\'s choice apart from a desk\'s, only for a table that has desk-only columns', () => {
    expect(choiceId('auction-manifests', true, ['name'])).toBe('auction-manifests:tablet');
    expect(choiceId('auction-manifests', false, [])).toBe('auction-manifests');
    expect(choiceId('lots', true, [])).toBe('lots');
  });
});

describe('a row as a phone card', () => {
  it('puts the title cells on its first line, the fields in its grid (wide ones last) and the actions at its foot; hidden ones nowhere', () => {
    const parts = cardParts(lots);
    expect(ids(parts.title)).toEqual(['lotNumber', 'title']);
    expect(ids(parts.fields)).toEqual(['status', 'units', 'category']);
    expect(ids(parts.actions)).toEqual(['edit', 'select']);
  });
});
