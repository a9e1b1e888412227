// One scan of the count (issue 16): a lot number (typed, or a hardware scanner's code + Enter) becomes a history entry
// of the chosen event at the chosen location, recorded in the replica and queued at once, online or not. The lot is
// found on this device: a lot it holds, or one an earlier history row named (counting is shared, so another person's
// lot is known by its number once anyone has counted it); online, the server is asked for one it does not hold. The
// event's rows, pending ones included, say whether the lot is already counted.
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
  | { readonly kind: 'unknown'; readonly code: string; readonly message: string };

/** The lot with this number as this device knows it, typed as people type it ('lot-7', '7'); undefined when none. */
export async function lotByNumber(db: Pick<ReplicaTables, 'rows'>, code: string): Promise<CountedLot | undefined> {
  const candidates = await lotNumberCandidates(db, code);
  if (candidates.length === 0) return undefined;
  const lot = await db.rows(lotsTable).where('lotNumber').anyOf(candidates).filter((row) => row.removed !== 1 && row.id > 0).first();
  if (lot !== undefined) return { id: lot.id, lotNumber: lot.lotNumber, status: lot.status };
  const counted = await db.rows(historyTable).where('manifestId').above(0).filter((row) => candidates.includes(row.lotNumber)).first();
  return counted === undefined ? undefined : { id: counted.manifestId, lotNumber: counted.lotNumber, status: counted.manifest?.status ?? counted.status };
}

/** True when the event's history (as this device holds it, scans waiting included) has the lot. */
export async function alreadyCounted(db: Pick<ReplicaTables, 'rows' | 'meta'>, eventId: number, manifestId: number): Promise<boolean> {
  const event = await resolvedId(db, eventId);
  const rows = await db.rows(historyTable).where('inventoryEventId').equals(event).filter((row) => row.manifestId === manifestId && row.removed !== 1).count();
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
  /** Asks the server for a lot this device does not hold; resolves once its answer is in the replica (or not at all). */
  readonly lookUp?: (lotNumber: string) => Promise<void>;
}

/**
 * Records the scan: found (queued now), already counted, or unknown on this device. Throws with the user's words when
 * nothing can be recorded at all ('Please select an event first.', a blank code).
 */
export async function recordScan(device: ScanDevice, { eventId, code, location }: ScanInput): Promise<ScanOutcome> {
  if (eventId === undefined) throw new Error(InventoryMessages.selectEventFirst);
  const trimmed = code.trim();
  if (trimmed === '') throw new Error(InventoryScreenMessages.noLotNumber);
  let lot = await lotByNumber(device.replica, trimmed);
  if (lot === undefined && device.lookUp !== undefined) {
    // The server knows lot numbers only as it wrote them: ask for the one this device reads the code as.
    const [asWritten] = (await lotNumberCandidates(device.replica, trimmed)).slice(-1);
    await device.lookUp(asWritten ?? trimmed);
    lot = await lotByNumber(device.replica, trimmed);
  }
  if (lot === undefined) return { kind: 'unknown', code: trimmed, message: InventoryScreenMessages.unknownLot(trimmed) };
  const event = await resolvedId(device.replica, eventId);
  if (await alreadyCounted(device.replica, event, lot.id)) {
    return { kind: 'already', lotNumber: lot.lotNumber, message: InventoryMessages.alreadyInHistory(lot.lotNumber) };
  }
  await device.enqueue(createManifestHistory.build({ eventId: event, lot, location, alreadyCounted: false }));
  return { kind: 'found', lotNumber: lot.lotNumber, message: InventoryScreenMessages.recorded(lot.lotNumber) };
}
