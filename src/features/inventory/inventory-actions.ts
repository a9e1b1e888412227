// The Inventory screen's actions (spec §2 Inventory, §5, §9): each tells the person what happened in the spec's words.
// Download CSV works offline (the rows are on the device); Check Lots Status and Get Lot Titles are queries, so they
// need the connection and say so plainly without it.
import {
  applyCount, deleteManifestHistory, HISTORY_CSV_FILE, historyCsv, recordScan, scanLog, type HistoryRow, type LocationCount, type ScanOutcome,
} from '../../domains/inventory';
import { findLotsBySkus, type LotRow } from '../../domains/lots';
import { InventoryMessages, InventoryScreenMessages as T } from '../../protocol/messages';
import { notifier, showError } from '../../sync/feedback/notifier';
import { queueIntent } from '../../sync/intent';
import { sync } from '../../sync/runtime';
import { downloadCsv } from '../../ui/csv';
import type { Location } from '../../ui/location';
import { signalScan } from '../../ui/scan-signal';

/** The sound and buzz of a scan's outcome: a refusal sounds as an unknown lot does. */
export const signalOutcome = (outcome: ScanOutcome): void => signalScan(outcome.kind === 'refused' ? 'unknown' : outcome.kind);

/**
 * One scan, answered at once for that scan: recorded (or not) and logged, then its sound, buzz and words. A lot not on
 * this device is queued by its number and its later answer is written on this scan (scan-log). 'Please select an
 * event first.' as an error.
 */
export async function scanLot(eventId: number | undefined, code: string, location: Location): Promise<void> {
  try {
    const online = sync().connection.getSnapshot().state === 'ready';
    const outcome = await recordScan({ ...sync(), online }, { eventId, code, location });
    scanLog.add(code, outcome);
    signalOutcome(outcome);
    sync().feedback.status.ready(outcome.message);
  } catch (error) {
    signalScan('unknown');
    showError(error);
  }
}

export function downloadHistory(rows: readonly HistoryRow[], lotsByNumber: ReadonlyMap<string, LotRow>): void {
  try {
    downloadCsv(HISTORY_CSV_FILE, historyCsv(rows, lotsByNumber));
  } catch (error) {
    showError(error);
  }
}

export function deleteRows(ids: readonly number[]): void {
  void queueIntent(deleteManifestHistory, ids).catch(showError);
}

/** Check Lots Status: the history again, with the store's stock the server attaches. */
export function checkLotsStatus(eventId: number | undefined): void {
  if (eventId === undefined || eventId <= 0) return notifier.error(InventoryMessages.selectEventFirst);
  if (!sync().queries.send('getManifestHistory', { inventoryEventId: eventId, manifestId: 0 })) return notifier.warning(T.offlineQuery);
  sync().feedback.status.ready(T.checkingStatus);
}

/** Get Lot Titles: the rows' lots by their numbers (getLotsBySkus); the titles show as the lots arrive. */
export function getLotTitles(rows: readonly HistoryRow[]): void {
  const numbers = [...new Set(rows.map((row) => row.lotNumber))];
  if (numbers.length === 0) return notifier.error(InventoryMessages.noTitles);
  if (!findLotsBySkus(numbers)) notifier.warning(T.offlineQuery);
}

/** Apply count: the strays' locations through the outbox; the others named. */
export async function applyLocationCount(count: LocationCount, at: Location): Promise<void> {
  try {
    const { moved, notYours } = await applyCount(sync().enqueue, count, at);
    if (moved.length > 0) notifier.success(T.applied(moved.length));
    if (notYours.length > 0) notifier.warning(T.notYours(notYours));
    if (moved.length === 0 && notYours.length === 0) notifier.info(T.nothingToApply);
  } catch (error) {
    showError(error);
  }
}
