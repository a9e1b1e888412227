// React bindings for Lot edit: which lot and box are open, and live queries over the replica for the lot, its
// boxes, the selected box's items and the scans the server refused, so the screen follows every reply, push
// and pending intent, online or offline. Also the look-up a scan needs before it is queued.
import { useLiveQuery } from 'dexie-react-hooks';
import { useSyncExternalStore } from 'react';
import { AddUpcRequestSchema, type UpcEntry } from '../protocol/entities';
import { Destination } from '../protocol/destinations';
import { lotEditQuery, replica } from './client';
import { session } from './session';
import type { LotEditState } from './lot-edit-query';
import type { BoxRow, ItemRow, LotRow } from './replica';

export function useLotEditState(): LotEditState {
  return useSyncExternalStore(lotEditQuery.subscribe, lotEditQuery.get);
}

/** The lot as the replica holds it; null while unknown, undefined while loading. */
export function useLot(lotId: number): LotRow | null | undefined {
  return useLiveQuery(async () => (await replica.lots.get(lotId)) ?? null, [lotId]);
}

const NO_BOXES: readonly BoxRow[] = [];
const NO_ITEMS: readonly ItemRow[] = [];

/** Server rows by id, then the ones made on this device (negative ids) in the order they were made. */
const byId = (a: { id: number }, b: { id: number }): number => (a.id < 0 || b.id < 0 ? (a.id < 0 && b.id < 0 ? b.id - a.id : a.id < 0 ? 1 : -1) : a.id - b.id);

/** The lot's boxes in tab order (box number, then id), without those being deleted. */
export function useBoxes(lotId: number): readonly BoxRow[] {
  return useLiveQuery(
    async () => {
      const boxes = (await replica.boxes.where('manualManiestId').equals(lotId).toArray()).filter((box) => box.removed !== 1);
      return boxes.sort((a, b) => (a.boxNumber ?? Number.MAX_SAFE_INTEGER) - (b.boxNumber ?? Number.MAX_SAFE_INTEGER) || byId(a, b));
    },
    [lotId],
    NO_BOXES,
  );
}

export function useItems(boxId: number | undefined): readonly ItemRow[] {
  return useLiveQuery(
    async () => (boxId === undefined ? NO_ITEMS : (await replica.items.where('boxId').equals(boxId).toArray()).filter((item) => item.removed !== 1).sort(byId)),
    [boxId],
    NO_ITEMS,
  );
}

/** A scan the server refused (an unknown UPC): the row shows it failed, with Retry and Discard. */
export interface FailedScan {
  readonly seq: number;
  readonly upc: string;
  readonly error: string;
}

const NO_FAILED: readonly FailedScan[] = [];

export function useFailedScans(boxId: number | undefined): readonly FailedScan[] {
  const user = useSyncExternalStore(session.subscribe, session.get).username;
  return useLiveQuery(
    async () => {
      if (boxId === undefined) return NO_FAILED;
      const dead = await replica.outbox.where('[user+state]').equals([user, 'dead']).toArray();
      return dead.flatMap((entry) => {
        if (entry.kind !== 'send' || entry.destination !== Destination.addUPCToBox) return [];
        const body = AddUpcRequestSchema.safeParse(entry.body);
        return body.success && body.data.boxId === boxId ? [{ seq: entry.seq, upc: body.data.upc, error: entry.lastError }] : [];
      });
    },
    [boxId, user],
    NO_FAILED,
  );
}

/** What a scan needs to know first: the box's row with that UPC, and the catalogue entry this device has. */
export async function scanContext(boxId: number, upc: string): Promise<{ existing: ItemRow | undefined; known: UpcEntry | undefined }> {
  const [existing, known] = await Promise.all([
    replica.items.where('boxId').equals(boxId).filter((item) => item.upc === upc && item.removed !== 1).first(),
    replica.upcs.where('upc').equals(upc).first(),
  ]);
  return { existing, known };
}
