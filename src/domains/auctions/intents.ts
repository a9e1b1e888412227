// The auctions changes (spec §2 Auctions, §5, §7), each through the outbox so they show at once and arrive once, in
// order: create and save an event, add lots to it, save edited rows, remove rows, move a row up or down. A move
// shows at once: the moved row takes a sortOrder between its new neighbours (the server renumbers 1..N and wins).
import type { AuctionEvent, AuctionEventManifestUpdate } from '../../protocol/entities';
import { AuctionMessages, AuctionScreenMessages } from '../../protocol/messages';
import { atLeastOne, defineIntent } from '../../sync/intent';
import { creates, patches, removes } from '../../sync/outbox/outbox';
import { auctionEventsTable, auctionManifestsTable } from './tables';

/** Spec §9: a new event's default label is the local date and time. */
export const defaultAuctionLabel = (now: Date = new Date()): string => now.toLocaleString();

/** Create: shows at once with a temporary id; createdAuctionEvent names the real one. */
export const createAuctionEvent = defineIntent({
  destination: 'createAuctionEvent',
  build: ({ label, now = new Date() }: { readonly label: string; readonly now?: Date }) => {
    const title = label.trim() === '' ? defaultAuctionLabel(now) : label.trim();
    return { body: { label: title }, optimistic: creates(auctionEventsTable, { title, startTime: null, endTime: null, createdAt: null }) };
  },
});

/** Save an event's title and times (an event made offline: once its create has named it). */
export const updateAuctionEvent = defineIntent({
  destination: 'updateAuctionEvent',
  ids: ['id'],
  build: (event: AuctionEvent) => {
    const { id, ...fields } = event;
    return { body: event, optimistic: patches(auctionEventsTable, [id], fields) };
  },
});

/** Add to Auction: the chosen lots join the end of the chosen event's sale (§5: both needed). */
export const addManifestsToAuctionEvent = defineIntent({
  destination: 'addManifestsToAuctionEvent',
  ids: ['auctionEventId'],
  build: ({ eventId, lotIds }: { readonly eventId: number | undefined; readonly lotIds: readonly number[] }) => {
    if (eventId === undefined || eventId === 0) throw new Error(AuctionMessages.selectEventAndLots);
    const manifestIds = atLeastOne([...new Set(lotIds)], AuctionMessages.selectEventAndLots);
    return { body: { auctionEventId: eventId, manifestIds } };
  },
});

/** Update: one edited row (its title, starting price, times), shown at once. The screen queues one per changed row. */
export const updateAuctionEventManifest = defineIntent({
  destination: 'updateAuctionEventManifests',
  build: (row: AuctionEventManifestUpdate) => {
    const { id, ...fields } = row;
    return { body: [row], optimistic: patches(auctionManifestsTable, [id], fields) };
  },
});

/** Remove Lot: the rows leave the table at once (kept, marked removed, so a refusal brings them back). */
export const deleteAuctionEventManifests = defineIntent({
  destination: 'deleteAuctionEventManifests',
  build: (ids: readonly number[]) => {
    const chosen = atLeastOne([...new Set(ids)], AuctionScreenMessages.noRowsSelected);
    return { body: chosen.map((id) => ({ id })), optimistic: removes(auctionManifestsTable, chosen) };
  },
});

interface Placed {
  readonly id: number;
  readonly sortOrder: number;
}

/** Sale order: sortOrder, then id (as the server sorts). */
export const bySaleOrder = (a: Placed, b: Placed): number => a.sortOrder - b.sortOrder || a.id - b.id;

/**
 * The sortOrder that shows row `id` at index `to` of `rows` (the event's rows as shown) at once: between its new
 * neighbours. Undefined when it is already there, `to` is outside the sale, or the row is unknown.
 */
export function placedSortOrder(rows: readonly Placed[], id: number, to: number): number | undefined {
  const sorted = [...rows].sort(bySaleOrder);
  const from = sorted.findIndex((row) => row.id === id);
  if (from < 0 || to === from || to < 0 || to >= sorted.length) return undefined;
  const others = sorted.filter((row) => row.id !== id);
  const before = others[to - 1];
  const after = others[to];
  if (before !== undefined && after !== undefined) return (before.sortOrder + after.sortOrder) / 2;
  return before === undefined ? (after?.sortOrder ?? 1) - 1 : before.sortOrder + 1;
}

/** The sortOrder that puts row `id` one place up (-1) or down (+1): undefined when it is already at that end. */
export function movedSortOrder(rows: readonly Placed[], id: number, step: -1 | 1): number | undefined {
  const index = [...rows].sort(bySaleOrder).findIndex((row) => row.id === id);
  return index < 0 ? undefined : placedSortOrder(rows, id, index + step);
}

interface Move {
  readonly id: number;
  /** The event's rows as the screen shows them (pending moves included). */
  readonly rows: readonly Placed[];
}

const moveIntent = (destination: 'moveUpManifestInAuctionEvent' | 'moveDownManifestInAuctionEvent', step: -1 | 1) =>
  defineIntent({
    destination,
    build: ({ id, rows }: Move) => {
      const sortOrder = movedSortOrder(rows, id, step);
      return sortOrder === undefined ? { body: id } : { body: id, optimistic: patches(auctionManifestsTable, [id], { sortOrder }) };
    },
  });

export const moveUpManifest = moveIntent('moveUpManifestInAuctionEvent', -1);
export const moveDownManifest = moveIntent('moveDownManifestInAuctionEvent', 1);

/**
 * A drop (mouse, touch or keyboard): the row goes to index `to` of the sale as shown, in one change that sends its
 * place (1-based); the server puts it there and numbers the sale 1..N. Shown at once, between its new neighbours.
 */
export const placeManifest = defineIntent({
  destination: 'updateAuctionEventManifests',
  build: ({ id, rows, to }: Move & { readonly to: number }) => {
    const sortOrder = placedSortOrder(rows, id, to);
    const body = [{ id, sortOrder: to + 1 }];
    return sortOrder === undefined ? { body } : { body, optimistic: patches(auctionManifestsTable, [id], { sortOrder }) };
  },
});
