// One scan of the count (issue 16), answered at once for that very scan (issue 31): a lot number (typed as people type
// it, or a hardware scanner's code + Enter) becomes a history entry of the chosen event at the chosen location,
// recorded in the replica and queued, online or not. A lot this device holds (or one an earlier history row named:
// counting is shared) is judged here: found, or already counted. A lot it does not hold is queued by its number all
// the same (manifestId 0: the server finds it) and told "not on this device"; the server's answer, however late,
// belongs to that scan alone (scan-log.ts follows it). Nothing waits for a server that may not answer.
import { LotNumber } from '../../protocol/primitives';
import { InventoryMessages, InventoryScreenMessages } from '../../protocol/messages';
import type { Enqueued, Intent } from '../../sync/outbox/outbox';
import { resolvedId } from '../../sync/outbox/optimistic';
import type { ReplicaTables } from '../../sync/replica/replica';
import type { Location } from '../../ui/location';
import { lotNumberCandidates, lotsTable } from '../lots';
import { createManifestHistory, type CountedLot } from './intents';
import { historyTable } from './tables';

/** What the person hears and sees for a scan (a sound and a vibration each). */
export type ScanOutcome =
  | { readonly kind: 'found'; readonly lotNumber: string; readonly message: string }
  | { readonly kind: 'already'; readonly lotNumber: string; readonly message: string }
  /** Not on this device: queued by its number; `seq` is the outbox entry whose answer settles it. */
  | { readonly kind: 'checking'; readonly lotNumber: string; readonly message: string; readonly seq: number; readonly tempId: number | undefined }
  /** The server would not count it (no such lot, already counted elsewhere): its words. */
  | { readonly kind: 'refused'; readonly lotNumber: string; readonly message: string }
  | { readonly kind: 'unknown'; readonly code: string; readonly message: string };

/** The lot with this number as this device knows it, typed as people type it ('lot-7', '7'); undefined when none. */
export async function lotByNumber(db: Pick<ReplicaTables, 'rows'>, code: string): Promise<CountedLot | undefined> {
  return lotAmong(db, await lotNumberCandidates(db, code));
}

/** The lot written as one of `candidates` (best first) that this device knows, by its lots or its history rows. */
async function lotAmong(db: Pick<ReplicaTables, 'rows'>, candidates: readonly string[]): Promise<CountedLot | undefined> {
  if (candidates.length === 0) return undefined;
  const lot = await db.rows(lotsTable).where('lotNumber').anyOf([...candidates]).filter((row) => row.removed !== 1 && row.id > 0).first();
  if (lot !== undefined) return { id: lot.id, lotNumber: lot.lotNumber, status: lot.status };
  const counted = await db.rows(historyTable).where('manifestId').above(0).filter((row) => candidates.includes(row.lotNumber)).first();
  return counted === undefined ? undefined : { id: counted.manifestId, lotNumber: counted.lotNumber, status: counted.manifest?.status ?? counted.status };
}

/** True when the event's history (as this device holds it, scans waiting included) has the lot, by id or number. */
export async function alreadyCounted(db: Pick<ReplicaTables, 'rows' | 'meta'>, eventId: number, lot: Pick<CountedLot, 'id' | 'lotNumber'>): Promise<boolean> {
  const event = await resolvedId(db, eventId);
  const rows = await db.rows(historyTable).where('inventoryEventId').equals(event)
    .filter((row) => row.removed !== 1 && ((lot.id > 0 && row.manifestId === lot.id) || row.lotNumber === lot.lotNumber)).count();
  return rows > 0;
}

export interface ScanInput {
  readonly eventId: number | undefined;
  readonly code: string;
  readonly location: Location;
}

/** The runtime parts a scan uses (the page's `sync()`, or a test's device). */
export interface ScanDevice {
  readonly replica: Pick<ReplicaTables, 'rows' | 'meta'>;
  readonly enqueue: (intent: Intent) => Promise<Enqueued>;
  /** Connected now: a lot not on the device is checked at once rather than "when online". */
  readonly online?: boolean;
}

/**
 * Records the scan: found (queued now), already counted, not on this device (queued by number, checked by the server)
 * or not a lot number at all. Throws with the user's words when nothing can be recorded ('Please select an event
 * first.', a blank code).
 */
export async function recordScan(device: ScanDevice, { eventId, code, location }: ScanInput): Promise<ScanOutcome> {
  if (eventId === undefined) throw new Error(InventoryMessages.selectEventFirst);
  const trimmed = code.trim();
  if (trimmed === '') throw new Error(InventoryScreenMessages.noLotNumber);
  const event = await resolvedId(device.replica, eventId);
  const candidates = await lotNumberCandidates(device.replica, trimmed);
  const held = await lotAmong(device.replica, candidates);
  // Not held: the number as this device reads it (its lots' format), with a status the server replaces with the lot's.
  const [asWritten = trimmed] = candidates.slice(-1);
  const lot = held ?? { id: 0, lotNumber: asWritten, status: 'NOT_LISTED' };
  if (!LotNumber.safeParse(lot.lotNumber).success) return { kind: 'unknown', code: trimmed, message: InventoryScreenMessages.unknownLot(trimmed) };
  if (await alreadyCounted(device.replica, event, lot)) {
    return { kind: 'already', lotNumber: lot.lotNumber, message: InventoryMessages.alreadyInHistory(lot.lotNumber) };
  }
  const queued = await device.enqueue(createManifestHistory.build({ eventId: event, lot, location, alreadyCounted: false }));
  if (held !== undefined) return { kind: 'found', lotNumber: lot.lotNumber, message: InventoryScreenMessages.recorded(lot.lotNumber) };
  const message = device.online === true ? InventoryScreenMessages.checkingLot(lot.lotNumber) : InventoryScreenMessages.checkWhenOnline(lot.lotNumber);
  return { kind: 'checking', lotNumber: lot.lotNumber, message, seq: queued.seq, tempId: queued.tempId };
}
