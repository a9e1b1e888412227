// The data-entry table's working state (spec §2 Data entry, §4): the new rows not saved yet (id 0), the stored
// rows a search or a save put on screen, the cells changed per stored row, and the selection. Pure functions
// over an immutable value, so every rule is tested in node; use-sheet.ts holds it for the screen. Stored rows
// themselves live in the replica: the sheet keeps only their ids and the user's unsent edits.
import type { UpcEntry } from '../../protocol/entities';

/** The table's editable columns (spec §2: UPC, Brand, Msrp, Style, Color, Size, Desc). */
export const EDITABLE_FIELDS = ['upc', 'vendorName', 'retailPrice', 'vendorStyleNumber', 'color', 'size', 'itemDescription'] as const;
export type EditableField = (typeof EDITABLE_FIELDS)[number];
export type Edits = Partial<Pick<UpcEntry, EditableField>>;

export interface DraftRow {
  readonly key: string;
  /** id 0 until saved. */
  readonly entry: UpcEntry;
}

export interface Sheet {
  /** New rows, newest first. */
  readonly drafts: readonly DraftRow[];
  /** Stored rows on screen (ids; a saved row's temporary id until the server's arrives), in order. */
  readonly shown: readonly number[];
  /** The changed cells of stored rows, by id: only values that differ from the stored row. */
  readonly edits: ReadonlyMap<number, Edits>;
  /** Row keys (rowKey) of the selected rows. */
  readonly selected: ReadonlySet<string>;
  readonly nextDraft: number;
}

export const EMPTY_SHEET: Sheet = { drafts: [], shown: [], edits: new Map(), selected: new Set(), nextDraft: 1 };

export const storedKey = (id: number): string => `id:${id}`;

/** A new, empty catalogue row (spec §4: new rows have id 0). */
export function blankEntry(source: UpcEntry['source'] = 'dataentry'): UpcEntry {
  return { id: 0, upc: '', vendorName: '', vendorStyleNumber: '', size: '', color: '', itemDescription: '', retailPrice: null, source };
}

/** Adds new rows on top, in their order (a file's rows as in the file), selected (Save saves those). */
export function addDrafts(sheet: Sheet, entries: readonly UpcEntry[]): Sheet {
  const drafts = entries.map((entry, index) => ({ key: `new:${sheet.nextDraft + index}`, entry: { ...entry, id: 0 } }));
  const selected = new Set(sheet.selected);
  drafts.forEach(({ key }) => selected.add(key));
  return { ...sheet, drafts: [...drafts, ...sheet.drafts], selected, nextDraft: sheet.nextDraft + entries.length };
}

export function editDraft<F extends EditableField>(sheet: Sheet, key: string, field: F, value: UpcEntry[F]): Sheet {
  return { ...sheet, drafts: sheet.drafts.map((draft) => (draft.key === key ? { key, entry: { ...draft.entry, [field]: value } } : draft)) };
}

const same = (a: unknown, b: unknown): boolean => (a ?? '') === (b ?? '');

/** Changes a stored row's cell; setting it back to the stored value un-marks it. */
export function editStored<F extends EditableField>(sheet: Sheet, stored: UpcEntry, field: F, value: UpcEntry[F]): Sheet {
  const edits = new Map(sheet.edits);
  const row: Edits = { ...edits.get(stored.id), [field]: value };
  if (same(stored[field], value)) delete row[field];
  if (Object.keys(row).length === 0) edits.delete(stored.id);
  else edits.set(stored.id, row);
  return { ...sheet, edits };
}

export function toggleSelected(sheet: Sheet, key: string): Sheet {
  const selected = new Set(sheet.selected);
  if (!selected.delete(key)) selected.add(key);
  return { ...sheet, selected };
}

/** A search's rows replace the stored rows on screen; rows with unsent edits stay (nothing typed is lost). */
export function showFound(sheet: Sheet, ids: readonly number[]): Sheet {
  const found = new Set(ids);
  const kept = sheet.shown.filter((id) => sheet.edits.has(id) && !found.has(id));
  const shown = [...kept, ...ids];
  const visible = new Set(shown.map(storedKey));
  const selected = new Set([...sheet.selected].filter((key) => !key.startsWith('id:') || visible.has(key)));
  return { ...sheet, shown, selected };
}

/** New rows went to the outbox: they leave the drafts and show as stored rows (their temporary ids). */
export function draftsSaved(sheet: Sheet, saved: ReadonlyArray<{ readonly key: string; readonly id: number }>): Sheet {
  const keys = new Set(saved.map(({ key }) => key));
  const selected = new Set([...sheet.selected].filter((key) => !keys.has(key)));
  return { ...sheet, drafts: sheet.drafts.filter((draft) => !keys.has(draft.key)), shown: [...saved.map(({ id }) => id), ...sheet.shown], selected };
}

/** Edits went to the outbox: the rows show the stored (now pending) values again. */
export function editsSent(sheet: Sheet, ids: readonly number[]): Sheet {
  const edits = new Map(sheet.edits);
  ids.forEach((id) => edits.delete(id));
  return { ...sheet, edits };
}

/** Rows deleted (stored ones through the outbox, new ones simply dropped) leave the table and the selection. */
export function rowsRemoved(sheet: Sheet, keys: readonly string[]): Sheet {
  const gone = new Set(keys);
  const edits = new Map([...sheet.edits].filter(([id]) => !gone.has(storedKey(id))));
  return {
    ...sheet,
    drafts: sheet.drafts.filter((draft) => !gone.has(draft.key)),
    shown: sheet.shown.filter((id) => !gone.has(storedKey(id))),
    edits,
    selected: new Set([...sheet.selected].filter((key) => !gone.has(key))),
  };
}

/** The server replaced temporary ids with real ones: the sheet follows (edits and selection too). */
export function renumber(sheet: Sheet, realIds: ReadonlyMap<number, number>): Sheet {
  if (!sheet.shown.some((id) => realIds.has(id))) return sheet;
  const real = (id: number): number => realIds.get(id) ?? id;
  const rekey = (key: string): string => (key.startsWith('id:') ? storedKey(real(Number(key.slice(3)))) : key);
  return {
    ...sheet,
    shown: sheet.shown.map(real),
    edits: new Map([...sheet.edits].map(([id, edits]) => [real(id), edits])),
    selected: new Set([...sheet.selected].map(rekey)),
  };
}

/** The cells of a row that differ from the server: a stored row's edits, a new row's filled cells. */
export function changedFields(entry: UpcEntry, edits: Edits | undefined): ReadonlySet<EditableField> {
  if (entry.id === 0) return new Set(EDITABLE_FIELDS.filter((field) => !same(entry[field], null)));
  return new Set(EDITABLE_FIELDS.filter((field) => edits !== undefined && field in edits));
}
