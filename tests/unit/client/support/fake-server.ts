// An in-memory stand-in for the server's lots handlers, hung on a FakeConnection: it applies createManifest,
// updateManifestTitleById and deleteLots once per client-msg-id (a replay gets the stored replies again), answers
// getLots and getLotById, repeats the client-msg-id on every reply, and sends the RECEIPT after the replies,
// as the real server does. Replies travel on a later tick; if the socket drops first they are lost.
// Lot edit's part (server/handlers/boxes.ts, box-items.ts): addBoxToLot and addUPCToBox (a UPC from `catalogue`,
// 1 more of a row already in the box, the lot's totals recomputed), getBoxesByLotId and getItemsByBoxId.
import { CLIENT_MSG_ID_HEADER } from '../../../../src/protocol/auth';
import { Destination } from '../../../../src/protocol/destinations';
import { errorEnvelope, okEnvelope } from '../../../../src/protocol/envelope';
import { ErrorCode } from '../../../../src/protocol/error-codes';
import { AddUpcRequestSchema, NewBoxSchema, type Box, type BoxItem } from '../../../../src/protocol/boxes';
import type { UpcEntry } from '../../../../src/protocol/catalogue';
import { TitleUpdateRequestSchema, type Lot } from '../../../../src/protocol/lots';
import { MessageType } from '../../../../src/protocol/message-types';
import { Topic, type TopicPath } from '../../../../src/protocol/topics';
import type { FakeConnection, SentFrame } from './fake-connection';
import { ServerMessages } from '../../../../src/protocol/messages';

type Reply = { topic: TopicPath; body: unknown };

export interface AppliedMutation {
  readonly clientMsgId: string;
  readonly destination: string;
  readonly body: unknown;
}

/** An item as the server stores it: the wire's fields and its box. */
export type StoredItem = BoxItem & { readonly boxId: number };

export const NO_BOX = 'Error, boxId is null or invalid';
export const upcNotFound = (upc: string): string => `UPC ${upc} not found.`;

export interface FakeServer {
  readonly lots: Map<number, Lot>;
  readonly boxes: Map<number, Box>;
  readonly items: Map<number, StoredItem>;
  /** The UPC catalogue addUPCToBox fills new rows from, by UPC; a UPC missing here is NOT_FOUND. */
  readonly catalogue: Map<string, UpcEntry>;
  /** Mutations applied, in order: each client-msg-id at most once. */
  readonly applied: AppliedMutation[];
  /** Codes the next mutations fail with before touching anything (500, 401, …), first first. */
  readonly failNext: number[];
  /** The next mutation is applied, then the socket drops before its replies and receipt go out. */
  dropAfterApplyNext: boolean;
  /** While true, replies wait in `held` until `release()`. */
  holding: boolean;
  release(): void;
}

export function makeLot(id: number, titleListing: string, userId = 7, fields: Partial<Lot> = {}): Lot {
  return {
    id, lotNumber: `LOT-${String(id).padStart(6, '0')}`, titleListing, status: 'NOT_LISTED', slug: null, categories: [],
    numberOfPallets: 0, numberOfCartons: 0, numberOfUnits: 0, totalOriginalRetail: 0, totalListingPrice: 0,
    specialNotes: null, userId, loc_zone: null, loc_aisle: null, loc_column: null, loc_row: null, loc_box: null,
    auctionEventManifests: [], ...fields,
  };
}

export function createFakeServer(connection: FakeConnection, userId = 7): FakeServer {
  const lots = new Map<number, Lot>();
  const stored = new Map<string, Reply[]>();
  const applied: AppliedMutation[] = [];
  const boxes = new Map<number, Box>();
  const items = new Map<number, StoredItem>();
  const catalogue = new Map<string, UpcEntry>();
  const held: Array<() => void> = [];
  let nextId = 1;

  const refuse = (message: string, code: number = ErrorCode.BAD_REQUEST): Reply[] => [
    { topic: Topic.incomingMessages, body: errorEnvelope(code, message) },
  ];
  const nextKey = (map: ReadonlyMap<number, unknown>): number => Math.max(0, ...map.keys()) + 1;
  const itemsIn = (boxId: number): StoredItem[] => [...items.values()].filter((item) => item.boxId === boxId).sort((a, b) => a.id - b.id);
  const onWire = ({ boxId: _boxId, ...item }: StoredItem): BoxItem => item;

  /** The lot's units and totals from its items (a null price counts 0), as server/handlers/lot-totals.ts does. */
  function recomputeTotals(lot: Lot): Lot {
    const inLot = [...boxes.values()].filter((box) => box.manualManiestId === lot.id).flatMap((box) => itemsIn(box.id));
    const sum = (value: (item: StoredItem) => number): number => inLot.reduce((total, item) => total + value(item), 0);
    const updated: Lot = {
      ...lot,
      numberOfUnits: sum((item) => item.quantity),
      totalOriginalRetail: sum((item) => item.quantity * (item.retailPrice ?? 0)),
      totalListingPrice: sum((item) => item.quantity * (item.listingPrice ?? 0)),
    };
    lots.set(lot.id, updated);
    return updated;
  }

  function addBox(frame: SentFrame, clientMsgId: string): Reply[] {
    const request = NewBoxSchema.safeParse(frame.body);
    if (!request.success) return refuse('Invalid request: label: Must not be empty');
    const lot = lots.get(request.data.manualManiestId);
    if (lot === undefined) return refuse(ServerMessages.lotNotFoundOrNotOwned);
    const numbers = [...boxes.values()].filter((box) => box.manualManiestId === lot.id).map((box) => box.boxNumber ?? 0);
    const { label, w = 0, l = 0, h = 0, lbs = 0, ozs = 0, zone, aisle, col, row, bin } = request.data;
    const box: Box = {
      id: nextKey(boxes), label, manualManiestId: lot.id, w, l, h, lbs, ozs,
      zone: zone ?? 0, aisle: aisle ?? 0, col: col ?? 0, row: row ?? 0, bin: bin ?? 0,
      boxNumber: Math.max(0, ...numbers) + 1, userId: lot.userId,
    };
    boxes.set(box.id, box);
    applied.push({ clientMsgId, destination: frame.destination, body: frame.body });
    return [{ topic: Topic.incomingMessages, body: okEnvelope(MessageType.ADDED_BOX_TO_LOT, box, `Added box: ${label}`) }];
  }

  function addUpc(frame: SentFrame, clientMsgId: string): Reply[] {
    const request = AddUpcRequestSchema.safeParse(frame.body);
    if (!request.success) return refuse('Invalid request: boxId: Too small');
    const { upc, boxId } = request.data;
    const box = boxes.get(boxId);
    const lot = box === undefined ? undefined : lots.get(box.manualManiestId);
    if (lot === undefined) return refuse(NO_BOX, ErrorCode.NOT_FOUND);
    const entry = catalogue.get(upc);
    if (entry === undefined) return refuse(upcNotFound(upc), ErrorCode.NOT_FOUND);
    const existing = itemsIn(boxId).find((item) => item.upc === upc);
    const item: StoredItem = existing === undefined
      ? {
          id: nextKey(items), boxId, upc, quantity: 1, retailPrice: entry.retailPrice ?? null, clientCost: entry.wholesalePrice ?? null,
          listingPrice: null, vendor: entry.vendorName ?? null, itemDescriptionManifest: entry.itemDescription ?? null,
          color: entry.color ?? null, size: entry.size ?? null,
        }
      : { ...existing, quantity: existing.quantity + 1 };
    items.set(item.id, item);
    applied.push({ clientMsgId, destination: frame.destination, body: frame.body });
    const message = existing === undefined ? `Added UPC: ${upc}` : `Added 1 more of ${upc}: ${item.quantity}`;
    const data = { boxId, item: onWire(item), lot: recomputeTotals(lot) };
    return [{ topic: Topic.incomingMessages, body: okEnvelope(MessageType.ADDED_UPC_TO_BOX, data, message) }];
  }

  function mutate(frame: SentFrame, clientMsgId: string): Reply[] {
    if (frame.destination === Destination.createManifest) {
      const title = typeof frame.body === 'string' ? frame.body.trim() : '';
      if (title === '') return refuse('Invalid request: Must not be empty');
      const lot = makeLot(nextId++, title, userId);
      lots.set(lot.id, lot);
      applied.push({ clientMsgId, destination: frame.destination, body: frame.body });
      return [{ topic: Topic.incomingMessages, body: okEnvelope(MessageType.CREATED_MANIFEST, lot, `Created manifest: ${title}`) }];
    }
    if (frame.destination === Destination.updateManifestTitleById) {
      const request = TitleUpdateRequestSchema.safeParse(frame.body);
      if (!request.success) return refuse('Invalid request: lotId: Too small');
      const { lotId, newTitle } = request.data;
      const lot = lots.get(lotId);
      if (lot === undefined) return refuse(ServerMessages.lotNotFoundOrNotOwned);
      const renamed = { ...lot, titleListing: newTitle };
      lots.set(lotId, renamed);
      applied.push({ clientMsgId, destination: frame.destination, body: frame.body });
      return [{ topic: Topic.incomingMessages, body: okEnvelope(MessageType.UPDATED_LOT_TITLE, renamed) }];
    }
    if (frame.destination === Destination.deleteLots) {
      const ids = Array.isArray(frame.body) ? frame.body.map((row: { id?: unknown }) => Number(row.id)) : [];
      if (ids.length === 0 || ids.some((id) => !lots.has(id))) return refuse(ServerMessages.lotNotFoundOrNotOwned); // all or nothing
      ids.forEach((id) => lots.delete(id));
      applied.push({ clientMsgId, destination: frame.destination, body: frame.body });
      return [{ topic: Topic.incomingMessages, body: okEnvelope(MessageType.DELETED_LOTS, ids, `Deleted lots: ${ids.length}`) }];
    }
    if (frame.destination === Destination.addBoxToLot) return addBox(frame, clientMsgId);
    if (frame.destination === Destination.addUPCToBox) return addUpc(frame, clientMsgId);
    return [{ topic: Topic.errors, body: errorEnvelope(ErrorCode.NOT_FOUND, `Destination not yet served: ${frame.destination}`) }];
  }

  function query(frame: SentFrame): Reply[] {
    if (frame.destination === Destination.getLots) return [{ topic: Topic.lots, body: [...lots.values()] }];
    if (frame.destination === Destination.getLotById) {
      const lot = lots.get(Number(frame.body));
      return lot === undefined ? refuse(ServerMessages.lotNotFoundOrNotOwned) : [{ topic: Topic.lotById, body: lot }];
    }
    if (frame.destination === Destination.getBoxesByLotId) {
      const lotId = Number(frame.body);
      if (!lots.has(lotId)) return refuse(ServerMessages.lotNotFoundOrNotOwned);
      const list = [...boxes.values()].filter((box) => box.manualManiestId === lotId);
      return [{ topic: Topic.boxesByLotId, body: list.sort((a, b) => (a.boxNumber ?? 0) - (b.boxNumber ?? 0) || a.id - b.id) }];
    }
    if (frame.destination === Destination.getItemsByBoxId) {
      const box = boxes.get(Number(frame.body));
      const lot = box === undefined ? undefined : lots.get(box.manualManiestId);
      if (box === undefined || lot === undefined) return refuse(NO_BOX, ErrorCode.NOT_FOUND);
      const data = { boxId: box.id, items: itemsIn(box.id).map(onWire), lot };
      return [{ topic: Topic.incomingMessages, body: okEnvelope(MessageType.FOUND_ITEMS_BY_BOX_ID, data) }];
    }
    return [];
  }

  const server: FakeServer = {
    lots,
    boxes,
    items,
    catalogue,
    applied,
    failNext: [],
    dropAfterApplyNext: false,
    holding: false,
    release() {
      held.splice(0).forEach((send) => send());
    },
  };

  connection.onPublish = (frame) => {
    const clientMsgId = frame.headers?.[CLIENT_MSG_ID_HEADER];
    const receipt = frame.headers?.receipt;
    let replies: Reply[];
    let drop = false;
    if (clientMsgId === undefined) {
      replies = query(frame);
    } else if (stored.has(clientMsgId)) {
      replies = stored.get(clientMsgId) ?? [];
    } else {
      const failure = server.failNext.shift();
      if (failure === ErrorCode.UNAUTHORIZED) {
        replies = [{ topic: Topic.errors, body: errorEnvelope(failure, 'Unauthorized: sign in again.') }];
      } else if (failure !== undefined) {
        replies = [{ topic: Topic.incomingMessages, body: errorEnvelope(failure, 'Internal server error. Please try again.') }];
      } else {
        replies = mutate(frame, clientMsgId);
        if (applied.at(-1)?.clientMsgId === clientMsgId) stored.set(clientMsgId, replies);
        drop = server.dropAfterApplyNext;
        server.dropAfterApplyNext = false;
      }
    }
    const headers: Record<string, string> = clientMsgId === undefined ? {} : { [CLIENT_MSG_ID_HEADER]: clientMsgId };
    const socket = connection.getSnapshot();
    const send = (): void => {
      // A reply never crosses a reconnect: the socket it was meant for is gone.
      if (connection.getSnapshot() !== socket) return;
      for (const reply of replies) connection.deliver(reply.topic, reply.body, headers);
      if (receipt !== undefined) connection.receipt(receipt);
    };
    if (drop) queueMicrotask(() => connection.close());
    setTimeout(() => (server.holding ? held.push(send) : send()), 0);
  };
  return server;
}
