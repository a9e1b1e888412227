// React bindings for inventory: live queries over the replica (the events, an event's history, a location's count,
// the lots the rows name), so the screen follows every reply, push and pending scan, online or offline; and the kept
// queries that keep them fresh while the screen shows them.
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useMemo, useRef } from 'react';
import { useKeptQuery } from '../../sync/hooks';
import { useOutboxEntries } from '../../sync/live-hooks';
import { resolvedId } from '../../sync/outbox/optimistic';
import type { ReplicaTables } from '../../sync/replica/replica';
import { sync } from '../../sync/runtime';
import type { Location } from '../../ui/location';
import { lotsTable, type LotRow } from '../lots';
import { countLocation, type LocationCount } from './count';
import { answerScans, scanLog, waitingSeqs, type LoggedScan } from './scan-log';
import { historyTable, inventoryEventsTable, type HistoryRow, type InventoryEventRow } from './tables';

const NO_EVENTS: readonly InventoryEventRow[] = [];
const NO_ROWS: readonly HistoryRow[] = [];
const NO_LOTS: readonly LotRow[] = [];

/** Newest first: events made on this device (not yet numbered) first, then the server's by id, descending. */
export function compareEvents(a: { id: number }, b: { id: number }): number {
  if (a.id < 0 || b.id < 0) return a.id < 0 && b.id < 0 ? a.id - b.id : a.id < 0 ? -1 : 1;
  return b.id - a.id;
}

/** In the order counted: the server's rows by id, then this device's scans still waiting, in the order made. */
export function compareEntries(a: { id: number }, b: { id: number }): number {
  if (a.id < 0 || b.id < 0) return a.id < 0 && b.id < 0 ? b.id - a.id : a.id < 0 ? 1 : -1;
  return a.id - b.id;
}

export function useInventoryEvents(): readonly InventoryEventRow[] {
  return useLiveQuery(async () => (await sync().replica.rows(inventoryEventsTable).toArray()).sort(compareEvents), [], NO_EVENTS);
}

/** Keeps the events fresh while the screen shows them (all of them: inventory is shared). */
export function useInventoryEventsQuery(): void {
  useKeptQuery('getInventoryEvents', {});
}

/** An event's history as the screen shows it; an event made offline's under its temporary id, and after. */
export function readHistory(db: Pick<ReplicaTables, 'rows' | 'meta'>, eventId: number): Promise<HistoryRow[]> {
  // Chained, not awaited: the live query watches only reads made in Dexie's promises (resolvedId says why).
  return resolvedId(db, eventId)
    .then((event) => db.rows(historyTable).where('inventoryEventId').equals(event).toArray())
    .then((rows) => rows.filter((row) => row.removed !== 1).sort(compareEntries));
}

export function useHistory(eventId: number | undefined): readonly HistoryRow[] {
  return useLiveQuery(() => (eventId === undefined ? Promise.resolve(NO_ROWS) : readHistory(sync().replica, eventId)), [eventId], NO_ROWS);
}

/** Keeps the event's history fresh while shown (a stored event only: one made offline has nothing on the server). */
export function useHistoryQuery(eventId: number | undefined): void {
  useKeptQuery('getManifestHistory', eventId !== undefined && eventId > 0 ? { inventoryEventId: eventId, manifestId: 0 } : undefined);
}

/** The lots this device holds with these numbers (titles and locations for the history table), by number. */
export function useLotsByNumber(lotNumbers: readonly string[]): ReadonlyMap<string, LotRow> {
  const key = [...new Set(lotNumbers)].sort().join('\n');
  const lots = useLiveQuery(
    async () => (key === '' ? NO_LOTS : sync().replica.rows(lotsTable).where('lotNumber').anyOf(key.split('\n')).filter((lot) => lot.removed !== 1).toArray()),
    [key],
    NO_LOTS,
  );
  return useMemo(() => new Map(lots.map((lot) => [lot.lotNumber, lot])), [lots]);
}

/** The count of one location: the replica's lots against the event's history rows. */
export function readCount(db: Pick<ReplicaTables, 'rows' | 'meta'>, eventId: number | undefined, at: Location): Promise<LocationCount> {
  return Promise.all([
    db.rows(lotsTable).filter((lot) => lot.removed !== 1 && lot.id > 0).toArray(),
    eventId === undefined ? Promise.resolve(NO_ROWS) : readHistory(db, eventId),
  ]).then(([lots, rows]) => countLocation(at, lots, rows));
}

const NO_COUNT: LocationCount = { expected: [], found: [], missing: [], strays: [] };

export function useLocationCount(eventId: number | undefined, at: Location): LocationCount {
  const { zone, aisle, column, row, bin } = at;
  return useLiveQuery(() => readCount(sync().replica, eventId, { zone, aisle, column, row, bin }), [eventId, zone, aisle, column, row, bin], NO_COUNT);
}

/**
 * The recent scans, newest first, following the ones waiting for the server: each answer is written on its own scan,
 * and `onAnswer` hears of it (the screen signals it only while it is still the latest scan).
 */
export function useScanLog(onAnswer: (scan: LoggedScan) => void): readonly LoggedScan[] {
  const scans = scanLog.useScans();
  const seqs = useMemo(() => waitingSeqs(scans), [scans]);
  const entries = useOutboxEntries(seqs);
  const heard = useRef(onAnswer);
  heard.current = onAnswer;
  useEffect(() => {
    if (entries === undefined || entries.seqs.length === 0) return;
    void answerScans(sync().replica, entries).then(async ({ answered, refusedSeqs }) => {
      for (const scan of answered) heard.current(scan);
      for (const seq of refusedSeqs) await sync().discardEntry(seq);
    });
  }, [entries]);
  return scans;
}
