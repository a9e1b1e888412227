// The data-entry sheet for the screen: the working state (sheet.ts) kept per signed-in user for the visit, so
// going to another screen and back keeps unsaved rows; the stored rows read live from the replica; and the
// rows as the table shows them: new rows first, then stored ones with the user's edits laid on top, each with
// why its UPC looks wrong, if it does (a wrong check digit; the row is marked, never dropped).
import { useEffect, useMemo, useSyncExternalStore } from 'react';
import type { UpcEntry } from '../../protocol/entities';
import { useSession } from '../../sync/hooks';
import { useUpcRows, type UpcRow } from '../../domains/upcs';
import { upcProblem } from '../../protocol/upc';
import { createStore } from '../../sync/store';
import { changedFields, EMPTY_SHEET, renumber, storedKey, type EditableField, type Sheet } from './sheet';

export interface SheetRow {
  readonly key: string;
  /** What the table shows: the stored row with the user's edits, or the new row. */
  readonly entry: UpcEntry;
  /** The replica's row (undefined for a new row). */
  readonly stored: UpcRow | undefined;
  readonly changed: ReadonlySet<EditableField>;
  /** Sent, not yet confirmed by the server. */
  readonly pending: boolean;
  /** Why the UPC shown cannot be right (upcProblem), in a plain sentence; undefined when it can be. */
  readonly upcProblem: string | undefined;
}

interface Held {
  readonly user: string;
  readonly sheet: Sheet;
}

const held = createStore<Held>({ user: '', sheet: EMPTY_SHEET });

/** Changes the signed-in user's sheet. */
export function updateSheet(change: (sheet: Sheet) => Sheet): void {
  held.update((current) => ({ ...current, sheet: change(current.sheet) }));
}

export function currentSheet(): Sheet {
  return held.get().sheet;
}

export function tableRows(sheet: Sheet, byId: ReadonlyMap<number, UpcRow>): SheetRow[] {
  const drafts = sheet.drafts.map(({ key, entry }) => ({
    key, entry, stored: undefined, changed: changedFields(entry, undefined), pending: false, upcProblem: upcProblem(entry.upc),
  }));
  const stored = sheet.shown.flatMap((id) => {
    const row = byId.get(id);
    if (row === undefined || row.removed === 1) return [];
    const edits = sheet.edits.get(id);
    const entry = { ...row, ...edits };
    return [{ key: storedKey(id), entry, stored: row, changed: changedFields(row, edits), pending: row.pending === 1, upcProblem: upcProblem(entry.upc) }];
  });
  return [...drafts, ...stored];
}

export function useSheet(): { readonly sheet: Sheet; readonly rows: readonly SheetRow[] } {
  const { username } = useSession();
  const current = useSyncExternalStore(held.subscribe, held.get);
  // Another user's unsaved rows are never shown: the sheet starts empty for whoever signs in.
  useEffect(() => {
    if (current.user !== username) held.set({ user: username, sheet: EMPTY_SHEET });
  }, [current.user, username]);
  const sheet = current.user === username ? current.sheet : EMPTY_SHEET;
  const { byId, realIds } = useUpcRows(sheet.shown);
  useEffect(() => {
    if (realIds.size > 0) updateSheet((latest) => renumber(latest, realIds));
  }, [realIds]);
  const rows = useMemo(() => tableRows(sheet, byId), [sheet, byId]);
  return { sheet, rows };
}
