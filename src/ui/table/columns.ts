// What a table column is, and the pure rules every layout of it shares: which columns show (the chooser's hidden
// set, never a key column), where a pinned column sticks on a desk, and which part of a phone card a cell goes
// to. No React state here, so it is tested in node; the components only draw what these rules say.
import type { ReactNode } from 'react';

/**
 * Where a cell goes in a phone card: 'title' the card's first line (the key, the name), 'field' a labelled value
 * in the card's grid ('wide' spans the card), 'action' the row of controls at its foot, 'hidden' nowhere.
 */
export type CardRole = 'title' | 'field' | 'wide' | 'action' | 'hidden';

export interface TableColumn<Row> {
  readonly id: string;
  /** The column's name in words: the chooser's checkbox, the card field's label, the header when none is given. */
  readonly label: string;
  /** What the header cell shows, when not just the label (a select-all checkbox, a hint). */
  readonly header?: ReactNode;
  /** Width in px on a desk; a `grow` column takes any room left and never goes below it. */
  readonly width: number;
  readonly grow?: boolean;
  readonly cell: (row: Row, index: number) => ReactNode;
  readonly align?: 'left' | 'right' | 'center';
  /** Sticks to the table's start (the key column) or end (the select column) while the table scrolls sideways. */
  readonly pin?: 'start' | 'end';
  /** A key column cannot be hidden by the chooser (pinned columns are key columns too). */
  readonly key?: boolean;
  /** How the cell shows in a phone card (default 'field'). */
  readonly card?: CardRole;
  /** Its header acts on every row (select all): on a phone it shows above the cards, beside Columns. */
  readonly headerAboveCards?: boolean;
  /**
   * Shown at first only on a desk (>= 1024 px): on a tablet the column starts hidden, so the columns a person works
   * with fit its width without scrolling sideways (issue 31: Auctions at 768 px); the Columns chooser shows it again.
   */
  readonly deskOnly?: boolean;
}

/** Pinned and key columns always show: without them a row cannot be named or selected. */
export const canHide = (column: Pick<TableColumn<unknown>, 'pin' | 'key'>): boolean => column.pin === undefined && column.key !== true;

/** The columns that show, in their order: every column but the hideable ones in `hidden`. */
export function visibleColumns<C extends Pick<TableColumn<unknown>, 'id' | 'pin' | 'key'>>(columns: readonly C[], hidden: readonly string[]): C[] {
  const off = new Set(hidden);
  return columns.filter((column) => !canHide(column) || !off.has(column.id));
}

/** The hidden set after the chooser's checkbox for `column` is set to `shown`; a key column never joins it. */
export function setColumnShown(hidden: readonly string[], column: Pick<TableColumn<unknown>, 'id' | 'pin' | 'key'>, shown: boolean): string[] {
  const rest = hidden.filter((id) => id !== column.id);
  return shown || !canHide(column) ? rest : [...rest, column.id];
}

/** Left or right offsets in px of pinned columns (several pinned at one side stack); undefined for the others. */
export function pinOffsets(columns: readonly Pick<TableColumn<unknown>, 'width' | 'pin'>[]): Array<{ readonly side: 'left' | 'right'; readonly px: number } | undefined> {
  const offsets: Array<{ readonly side: 'left' | 'right'; readonly px: number } | undefined> = columns.map(() => undefined);
  let left = 0;
  columns.forEach((column, index) => {
    if (column.pin !== 'start') return;
    offsets[index] = { side: 'left', px: left };
    left += column.width;
  });
  let right = 0;
  for (let index = columns.length - 1; index >= 0; index -= 1) {
    const column = columns[index];
    if (column?.pin !== 'end') continue;
    offsets[index] = { side: 'right', px: right };
    right += column.width;
  }
  return offsets;
}

/** How wide the columns pinned at each side are together: what scrolls under them is out of view there. */
export function pinnedWidths(columns: readonly Pick<TableColumn<unknown>, 'width' | 'pin'>[]): { readonly start: number; readonly end: number } {
  const sum = (side: 'start' | 'end'): number => columns.reduce((total, column) => total + (column.pin === side ? column.width : 0), 0);
  return { start: sum('start'), end: sum('end') };
}

/** The hideable columns a tablet starts without (deskOnly). */
export const tabletHidden = (columns: readonly Pick<TableColumn<unknown>, 'id' | 'pin' | 'key' | 'deskOnly'>[]): string[] =>
  columns.filter((column) => column.deskOnly === true && canHide(column)).map((column) => column.id);

/**
 * Where the chooser's choice is remembered: a table with desk-only columns keeps a tablet's choice apart from a
 * desk's (a tablet turned on its side becomes a desk, and back), so each starts from what fits it.
 */
export const choiceId = (tableId: string, tablet: boolean, tabletHiddenIds: readonly string[]): string =>
  (tablet && tabletHiddenIds.length > 0 ? `${tableId}:tablet` : tableId);

export interface CardParts<C> {
  readonly title: C[];
  readonly fields: C[];
  readonly actions: C[];
}

/**
 * Splits the shown columns into a card's parts, each in column order; 'hidden' ones go nowhere. Wide fields come
 * after the others, so the two-column grid has no half-empty lines.
 */
export function cardParts<C extends Pick<TableColumn<unknown>, 'card'>>(columns: readonly C[]): CardParts<C> {
  const role = (column: C): CardRole => column.card ?? 'field';
  return {
    title: columns.filter((column) => role(column) === 'title'),
    fields: [...columns.filter((column) => role(column) === 'field'), ...columns.filter((column) => role(column) === 'wide')],
    actions: columns.filter((column) => role(column) === 'action'),
  };
}
