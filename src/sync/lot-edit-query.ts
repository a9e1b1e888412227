// Lot edit's queries (spec §4 "Box editing"): on connect the lot is fetched, then its boxes, then the items of
// the selected box; the first box is selected after loading. Queries are never queued (DESIGN §4): they go only
// while connected, and again on every (re)connect while the screen is open. Replies to getBoxesByLotId are a bare
// list (an empty one names no lot), so each is paired with its request, as replies come in request order.
import { Destination } from '../protocol/destinations';
import type { Box, BulkAddResponse } from '../protocol/entities';
import { isTempId } from './optimistic';
import { createStore } from './store';

export interface LotEditState {
  /** The lot the screen shows; undefined when none is open. */
  readonly lotId: number | undefined;
  /** The selected box (a tab); undefined until the boxes are known or when the lot has none. */
  readonly boxId: number | undefined;
  /** The last spreadsheet add's answer: which UPCs went in and which the catalogue lacks. */
  readonly bulk: BulkAddResponse | undefined;
}

export interface LotEditQuery {
  readonly get: () => LotEditState;
  readonly subscribe: (listener: () => void) => () => void;
  /** The screen opened a lot: fetch it and its boxes. */
  readonly open: (lotId: number) => void;
  readonly close: () => void;
  /** A tab was chosen: fetch its items. */
  readonly selectBox: (boxId: number | undefined) => void;
  /** (Re)connected, or a reply asks for fresh data: the lot, its boxes, the selected box's items. */
  readonly fetch: () => void;
  readonly fetchLot: () => void;
  /** Ingest: the lot whose boxes the oldest unanswered getBoxesByLotId asked for. */
  readonly takeRequested: () => number | undefined;
  /** Ingest: the boxes of a lot arrived; the first is selected when none (or a gone one) is. */
  readonly boxesArrived: (lotId: number, boxes: readonly Box[]) => void;
  /** A temporary box id the server replaced (a box added offline). */
  readonly boxRenumbered: (tempId: number, realId: number) => void;
  readonly forgetRequests: () => void;
  /** Ingest: an ADDED_MULT_UPCS_TO_BOX answer; undefined clears it (a new file). */
  readonly setBulkResult: (bulk: BulkAddResponse | undefined) => void;
}

type Publish = (destination: typeof Destination.getLotById | typeof Destination.getBoxesByLotId | typeof Destination.getItemsByBoxId, body: number) => boolean;

const CLOSED: LotEditState = { lotId: undefined, boxId: undefined, bulk: undefined };

export function createLotEditQuery({ publish }: { readonly publish: Publish }): LotEditQuery {
  const store = createStore<LotEditState>(CLOSED);
  const requested: number[] = [];
  // Temporary ids are the device's own: the server knows nothing by them yet.
  const known = (id: number | undefined): id is number => id !== undefined && !isTempId(id);

  const fetchLot = (): void => {
    const { lotId } = store.get();
    if (known(lotId)) publish(Destination.getLotById, lotId);
  };
  const fetchBoxes = (): void => {
    const { lotId } = store.get();
    if (known(lotId) && publish(Destination.getBoxesByLotId, lotId)) requested.push(lotId);
  };
  const fetchItems = (): void => {
    const { boxId } = store.get();
    if (known(boxId)) publish(Destination.getItemsByBoxId, boxId);
  };

  return {
    get: store.get,
    subscribe: store.subscribe,
    open(lotId) {
      if (store.get().lotId !== lotId) store.set({ ...CLOSED, lotId });
      fetchLot();
      fetchBoxes();
    },
    close: () => store.set(CLOSED),
    selectBox(boxId) {
      store.update((state) => ({ ...state, boxId }));
      fetchItems();
    },
    fetch() {
      fetchLot();
      fetchBoxes();
      fetchItems();
    },
    fetchLot,
    takeRequested: () => requested.shift(),
    boxesArrived(lotId, boxes) {
      const state = store.get();
      if (state.lotId !== lotId) return;
      const kept = boxes.some((box) => box.id === state.boxId) || isTempId(state.boxId ?? 0);
      const boxId = kept ? state.boxId : boxes[0]?.id;
      if (boxId !== state.boxId) store.set({ ...state, boxId });
      fetchItems();
    },
    boxRenumbered(tempId, realId) {
      store.update((state) => (state.boxId === tempId ? { ...state, boxId: realId } : state));
    },
    forgetRequests: () => void requested.splice(0),
    setBulkResult: (bulk) => store.update((state) => ({ ...state, bulk })),
  };
}
