// What the data-entry buttons do (spec §2 Data entry, §4): Search, ADD UPC(+), cell edits, Update (only the
// changed rows), Delete (the selected rows; stored ones through the outbox) and the Excel import (parsed by
// the spreadsheet worker into new rows, source excel). Save is save-upcs.ts. Every failure reaches the user.
import { useCallback, useEffect } from 'react';
import type { UpcEntry } from '../../protocol/entities';
import { deleteUpcs, searchUpcs, updateUpc, type CatalogueFound, type CatalogueSearch } from '../../domains/upcs';
import { queueIntent } from '../../sync/intent';
import { notifier } from '../../sync/feedback/notifier';
import { status } from '../../sync/feedback/status';
import { messageOf } from '../../sync/validated';
import { readSheet } from '../../workers/read-spreadsheet';
import { excelEntries, importMessage } from './excel-rows';
import {addDrafts, blankEntry, editDraft, editsSent, editStored, rowsRemoved, showFound, type EditableField } from './sheet';
import { currentSheet, updateSheet, type SheetRow } from './use-sheet';
import { ClientMessages } from '../../protocol/messages';

// The search whose rows the sheet shows: a screen coming back must not replace rows saved since.
let shownFound: CatalogueFound | undefined;

/** Shows a search's rows once, when they arrive. */
export function useFoundRows(found: CatalogueFound | undefined): void {
  useEffect(() => {
    if (found === undefined || found === shownFound) return;
    shownFound = found;
    updateSheet((sheet) => showFound(sheet, found.ids));
  }, [found]);
}

export function editRow<F extends EditableField>(row: SheetRow, field: F, value: UpcEntry[F]): void {
  const { stored } = row;
  updateSheet((sheet) => (stored === undefined ? editDraft(sheet, row.key, field, value) : editStored(sheet, stored, field, value)));
}

export const addRow = (): void => updateSheet((sheet) => addDrafts(sheet, [blankEntry()]));

/** Update: each changed stored row, with only its changed cells. */
export async function updateChanged(rows: readonly SheetRow[]): Promise<void> {
  const { edits } = currentSheet();
  const changed = rows.flatMap((row) => {
    const rowEdits = row.stored === undefined ? undefined : edits.get(row.stored.id);
    return row.stored === undefined || rowEdits === undefined ? [] : [{ stored: row.stored, edits: rowEdits }];
  });
  if (changed.length === 0) return notifier.warning(ClientMessages.noChangedRows);
  const sent: number[] = [];
  try {
    for (const { stored, edits: rowEdits } of changed) {
      await queueIntent(updateUpc, { stored, edits: rowEdits });
      sent.push(stored.id);
    }
    status.show(ClientMessages.updatingUpcs(sent.length));
  } catch (error) {
    notifier.error(messageOf(error));
  }
  updateSheet((sheet) => editsSent(sheet, sent));
}

/** The selected rows: stored ones for the server, new ones to drop. */
export function selectedRows(rows: readonly SheetRow[], selected: ReadonlySet<string>): { stored: UpcEntry[]; keys: string[] } {
  const chosen = rows.filter((row) => selected.has(row.key));
  return { stored: chosen.flatMap((row) => (row.stored === undefined ? [] : [row.stored])), keys: chosen.map((row) => row.key) };
}

/** Delete (after the confirmation): stored rows in one DELETE through the outbox; new rows just go. */
export async function deleteSelected(rows: readonly SheetRow[], selected: ReadonlySet<string>): Promise<void> {
  const { stored, keys } = selectedRows(rows, selected);
  if (keys.length === 0) return notifier.warning(ClientMessages.noItemsToDelete);
  try {
    if (stored.length > 0) await queueIntent(deleteUpcs, stored);
    updateSheet((sheet) => rowsRemoved(sheet, keys));
  } catch (error) {
    notifier.error(messageOf(error));
  }
}

/** The Excel file's rows become new rows (source excel), off the main thread. */
export async function importExcel(file: File): Promise<void> {
  status.busy(ClientMessages.reading(file.name));
  try {
    const sheet = await readSheet(file, 'catalogue', ['xlsx', 'xls']);
    if (sheet.missing.includes('upc')) throw new Error(ClientMessages.noUpcColumn);
    const imported = excelEntries(sheet);
    updateSheet((current) => addDrafts(current, imported.entries));
    const message = importMessage(file.name, imported, sheet.truncated);
    status.ready(message);
    if (imported.skipped.length > 0 || imported.flagged.length > 0 || sheet.truncated) notifier.warning(message);
    else notifier.success(message);
  } catch (error) {
    status.ready();
    notifier.error(`${file.name}: ${messageOf(error)}`);
  }
}

export function useSearch(): (search: CatalogueSearch) => void {
  return useCallback((search) => {
    void searchUpcs(search).catch((error: unknown) => notifier.error(messageOf(error)));
  }, []);
}
