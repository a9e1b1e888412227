// Lot edit's screen rules for what it shows and asks (spec §4 "Box editing"), as plain functions so they are tested
// without a DOM: which box is selected, and which queries the screen keeps open for it.
import type { PayloadInputOf, QueryName } from '../../protocol/contract';
import { isTempId } from '../../sync/outbox/entry';

/** The chosen box while the lot has it; until a tab is chosen, or when the chosen box is gone, the first box. */
export function selectedBox<B extends { readonly id: number }>(boxes: readonly B[], chosen: number | undefined): B | undefined {
  return boxes.find((box) => box.id === chosen) ?? boxes[0];
}

/**
 * Screen state kept by row id (a box's unsent cell edits, its ticked rows) with each row the server has numbered
 * since under its real id, so nothing on screen is lost when a scan made offline arrives; the same map when no key
 * moved (no re-render).
 */
export function followRenumbered<V>(state: ReadonlyMap<number, V>, renumbered: ReadonlyMap<number, number>): ReadonlyMap<number, V> {
  if (![...state.keys()].some((id) => renumbered.has(id))) return state;
  return new Map([...state].map(([id, value]) => [renumbered.get(id) ?? id, value]));
}

/** followRenumbered for a set of row ids. */
export function followRenumberedIds(ids: ReadonlySet<number>, renumbered: ReadonlyMap<number, number>): ReadonlySet<number> {
  if (![...ids].some((id) => renumbered.has(id))) return ids;
  return new Set([...ids].map((id) => renumbered.get(id) ?? id));
}

/** An id the server knows: a row made offline (a temporary id) is not asked for until the server names it. */
const known = (id: number | undefined): number | undefined => (id === undefined || isTempId(id) ? undefined : id);

export interface LotEditQueries {
  readonly getLotById: PayloadInputOf<'getLotById'> | undefined;
  readonly getBoxesByLotId: PayloadInputOf<'getBoxesByLotId'> | undefined;
  readonly getItemsByBoxId: PayloadInputOf<'getItemsByBoxId'> | undefined;
}

/**
 * What the replica knows of the lot: 'stored' (a row), 'unknown' (no row yet: a link to a lot never seen here), or
 * 'refused' (the server said it is not found or not the user's).
 */
export type LotKnown = 'stored' | 'unknown' | 'refused';

/**
 * Spec §4: the lot, its boxes and the selected box's items, each kept open (undefined: not asked). A lot not stored
 * yet is asked alone first, so a missing one is refused once, not once per query; a refused lot is not asked again.
 */
export function lotEditQueries(lotId: number, selectedBoxId: number | undefined, lot: LotKnown = 'stored'): LotEditQueries {
  if (lot === 'refused') return { getLotById: undefined, getBoxesByLotId: undefined, getItemsByBoxId: undefined };
  const stored = lot === 'stored';
  return { getLotById: known(lotId), getBoxesByLotId: stored ? known(lotId) : undefined, getItemsByBoxId: stored ? known(selectedBoxId) : undefined };
}

/** The kept queries as [destination, body] pairs, in the order the screen asks them. */
export const lotEditQueryList = (queries: LotEditQueries): Array<[QueryName, number]> =>
  (Object.entries(queries) as Array<[QueryName, number | undefined]>).flatMap(([name, body]) => (body === undefined ? [] : [[name, body]]));
