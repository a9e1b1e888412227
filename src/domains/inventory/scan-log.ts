// The count's recent scans, newest first, each with its own answer (issue 31). A scan of a lot this device does not
// hold waits in the outbox by its number; when the server answers (at once online, or after the Wi-Fi is back) the
// answer is written on that scan, never on a later one: counted, or refused in the server's words (its entry then
// leaves the outbox: the scan shows why). Kept for the visit, per signed-in user; a scan pushed off the end keeps
// its entry, whose refusal the outbox panel then shows with Retry and Discard.
import { InventoryScreenMessages } from '../../protocol/messages';
import type { BatchEntries } from '../../sync/outbox/batch';
import { resolvedId } from '../../sync/outbox/optimistic';
import type { ReplicaTables } from '../../sync/replica/replica';
import { createRunHolder } from '../../ui/use-outbox-run';
import type { ScanOutcome } from './scan';
import { historyTable } from './tables';

export interface LoggedScan {
  readonly id: number;
  /** What was typed or scanned. */
  readonly code: string;
  readonly outcome: ScanOutcome;
}

/** Scans shown (and followed): a screenful on a phone. */
export const SCAN_LOG_SIZE = 20;

const NONE: readonly LoggedScan[] = [];
const log = createRunHolder<readonly LoggedScan[]>(NONE);
let nextId = 1;

export const scanLog = {
  useScans: log.useState,
  current: log.current,
  add(code: string, outcome: ScanOutcome): LoggedScan {
    const scan = { id: nextId++, code, outcome };
    log.update((scans) => [scan, ...scans].slice(0, SCAN_LOG_SIZE));
    return scan;
  },
  clear: (): void => log.update(() => NONE),
};

/** The outbox entries of the scans still waiting for the server, newest first. */
export const waitingSeqs = (scans: readonly LoggedScan[]): number[] =>
  scans.flatMap((scan) => (scan.outcome.kind === 'checking' ? [scan.outcome.seq] : []));

type Checking = Extract<ScanOutcome, { kind: 'checking' }>;

/** What a waiting scan's entry came to; undefined while it waits. */
async function answerOf(db: Pick<ReplicaTables, 'rows' | 'meta'>, scan: Checking, entries: BatchEntries): Promise<ScanOutcome | undefined> {
  const entry = entries.bySeq.get(scan.seq);
  if (entry === undefined || entry.state === 'pending' || entry.state === 'in-flight') return undefined;
  if (entry.state === 'dead') return { kind: 'refused', lotNumber: scan.lotNumber, message: entry.lastError };
  // Gone: answered (the row the server made names the lot as it is written), or discarded unsent from the outbox panel.
  const id = scan.tempId === undefined ? undefined : await resolvedId(db, scan.tempId);
  const row = id === undefined || id < 0 ? undefined : await db.rows(historyTable).get(id);
  if (row === undefined) return { kind: 'refused', lotNumber: scan.lotNumber, message: InventoryScreenMessages.scanNotSent(scan.lotNumber) };
  return { kind: 'found', lotNumber: row.lotNumber, message: InventoryScreenMessages.recorded(row.lotNumber) };
}

/**
 * Writes the server's answers on their scans; returns the scans answered now and the refused entries, which the
 * caller discards (the scan shows the refusal).
 */
export async function answerScans(db: Pick<ReplicaTables, 'rows' | 'meta'>, entries: BatchEntries): Promise<{ answered: LoggedScan[]; refusedSeqs: number[] }> {
  const answered: LoggedScan[] = [];
  const refusedSeqs: number[] = [];
  for (const scan of log.current()) {
    if (scan.outcome.kind !== 'checking') continue;
    const outcome = await answerOf(db, scan.outcome, entries);
    if (outcome === undefined) continue;
    answered.push({ ...scan, outcome });
    if (entries.bySeq.get(scan.outcome.seq)?.state === 'dead') refusedSeqs.push(scan.outcome.seq);
  }
  // Two reads may overlap (the outbox moved again meanwhile): a scan is answered once.
  const waiting = new Set(log.current().flatMap((scan) => (scan.outcome.kind === 'checking' ? [scan.id] : [])));
  const fresh = answered.filter((scan) => waiting.has(scan.id));
  const byId = new Map(fresh.map((scan) => [scan.id, scan]));
  if (byId.size > 0) log.update((scans) => scans.map((scan) => byId.get(scan.id) ?? scan));
  return { answered: fresh, refusedSeqs };
}
