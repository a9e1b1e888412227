// Ingest for Lot edit (spec §4 "Box editing", §7, §8): the boxesByLotId topic and the box and item replies
// (FOUND_ITEMS_BY_BOX_ID, ADDED_BOX_TO_LOT, DELETED_BOX, UPDATED_BOX, ADDED_UPC_TO_BOX, ADDED_MULT_UPCS_TO_BOX,
// UPDATED_ITEMS, DELETED_ITEMS). Each lands in the replica in one transaction, pending intents laid back on top;
// a box or item made offline gets its real id. Items carry no box id on the wire: the reply (or our own entry)
// names the box, and it is stored on the row.
import { contract } from '../protocol/contract';
import type { Box, BoxItem } from '../protocol/entities';
import type { Envelope } from '../protocol/envelope';
import { messageTypeName } from '../protocol/message-types';
import type { Lot } from '../protocol/lots';
import { createAnnouncer, type EnvelopeReader } from './announcer';
import type { LotEditQuery } from './lot-edit-query';
import { type Feedback } from './notifier';
import { remapTempId, withIntents } from './optimistic';
import type { ItemRow, OutboxEntry, ReplicaDb, ReplicaTables } from './replica';
import { parsed } from './parsed';
import { writeAsOwner } from './replica-owner';
import { ClientMessages } from '../protocol/messages';

const BoxList = contract.getBoxesByLotId.reply.data;
const OneBox = contract.updateBoxInfo.reply.data;
const ItemsReply = contract.getItemsByBoxId.reply.data;
const AddedUpc = contract.addUPCToBox.reply.data;
const BulkAdded = contract.addMultipleUPCsToBox.reply.data;
const BulkRequest = contract.addMultipleUPCsToBox.payload;

export interface BoxIngest extends EnvelopeReader {
  /** /user/topics/boxesByLotId: a lot's boxes. */
  readonly boxesByLotId: (body: unknown) => Promise<void>;
}

export interface BoxIngestDeps {
  readonly db: ReplicaDb;
  readonly feedback: Feedback;
  readonly user: () => string | undefined;
  readonly query: Pick<LotEditQuery, 'takeRequested' | 'boxesArrived' | 'boxRenumbered' | 'fetch' | 'fetchLot' | 'setBulkResult'>;
}

const inBox = (boxId: number, items: readonly BoxItem[]): ItemRow[] => items.map((item) => ({ ...item, boxId }));

export function createBoxIngest({ db, feedback, user, query }: BoxIngestDeps): BoxIngest {
  const announceOnce = createAnnouncer(feedback);
  // Our own replies only: a push (another tablet's change) updates the replica silently.
  const announce = (message: string | null | undefined, clientMsgId: string | undefined): boolean =>
    clientMsgId !== undefined && announceOnce(message, clientMsgId);

  const write = (work: (tables: ReplicaTables, who: string) => Promise<void>): Promise<void> => writeAsOwner(db, user(), work);
  const ourEntry = (tables: ReplicaTables, who: string, clientMsgId: string | undefined): Promise<OutboxEntry | undefined> =>
    clientMsgId === undefined ? Promise.resolve(undefined) : tables.outbox.where('clientMsgId').equals(clientMsgId).filter((entry) => entry.user === who).first();

  async function putItems(tables: ReplicaTables, who: string, items: readonly ItemRow[], lot?: Lot): Promise<void> {
    await tables.items.bulkPut(await withIntents(tables, who, 'items', items));
    if (lot !== undefined) await tables.lots.bulkPut(await withIntents(tables, who, 'lots', [lot]));
  }

  /**
   * The lot a boxes reply answers: the oldest request's. A refused request (an envelope on incomingMessages) gets
   * no reply here, so a list that names its lot passes over the requests ahead of that lot.
   */
  function answeredLot(boxes: readonly Box[]): number | undefined {
    const named = boxes[0]?.manualManiestId;
    let requested = query.takeRequested();
    while (named !== undefined && requested !== undefined && requested !== named) requested = query.takeRequested();
    return named ?? requested;
  }

  async function boxesByLotId(body: unknown): Promise<void> {
    const boxes = parsed(BoxList, body, 'boxesByLotId');
    if (boxes === undefined) return;
    const lotId = answeredLot(boxes);
    if (lotId === undefined) return;
    await write(async (tables, who) => {
      const kept = new Set(boxes.map((box) => box.id));
      const gone = (await tables.boxes.where('manualManiestId').equals(lotId).toArray()).filter((box) => box.pending !== 1 && !kept.has(box.id)).map((box) => box.id);
      await tables.boxes.bulkDelete(gone);
      await tables.items.where('boxId').anyOf(gone).filter((item) => item.pending !== 1).delete();
      await tables.boxes.bulkPut(await withIntents(tables, who, 'boxes', boxes));
    });
    query.boxesArrived(lotId, boxes);
  }

  /** FOUND_ITEMS_BY_BOX_ID: the box's items replace the stored ones (pending rows stay). */
  async function foundItems(envelope: Envelope): Promise<void> {
    const reply = parsed(ItemsReply, envelope.data, 'FOUND_ITEMS_BY_BOX_ID data');
    if (reply === undefined) return;
    await write(async (tables, who) => {
      const kept = new Set(reply.items.map((item) => item.id));
      await tables.items.where('boxId').equals(reply.boxId).filter((item) => item.pending !== 1 && !kept.has(item.id)).delete();
      await putItems(tables, who, inBox(reply.boxId, reply.items), reply.lot);
    });
  }

  /** ADDED_BOX_TO_LOT: a box made offline gets its real id (optimistic.ts moves the items scanned into it). */
  async function boxCreated(box: Box, envelope: Envelope, clientMsgId: string | undefined): Promise<void> {
    let tempId: number | undefined;
    await write(async (tables, who) => {
      const creator = await ourEntry(tables, who, clientMsgId);
      if (creator?.change?.kind === 'insert' && creator.change.table === 'boxes') {
        tempId = creator.change.id;
        await remapTempId(tables, creator, box.id); // items scanned into the box meanwhile follow it
      }
      await tables.boxes.bulkPut(await withIntents(tables, who, 'boxes', [box]));
    });
    if (tempId !== undefined) query.boxRenumbered(tempId, box.id);
    announce(envelope.message, clientMsgId);
    query.fetchLot(); // spec §4: adding or deleting a box refetches the lot
  }

  async function boxDeleted(box: Box, envelope: Envelope, clientMsgId: string | undefined): Promise<void> {
    await write(async (tables) => {
      await tables.boxes.delete(box.id);
      await tables.items.where('boxId').equals(box.id).delete();
    });
    announce(envelope.message, clientMsgId);
    query.fetchLot();
  }

  /** ADDED_UPC_TO_BOX: our scan's row (made offline with a temporary id) becomes the server's. */
  async function upcAdded(envelope: Envelope, clientMsgId: string | undefined): Promise<void> {
    const reply = parsed(AddedUpc, envelope.data, 'ADDED_UPC_TO_BOX data');
    if (reply === undefined) return;
    await write(async (tables, who) => {
      const creator = await ourEntry(tables, who, clientMsgId);
      if (creator?.change?.kind === 'insert' && creator.change.table === 'items') await remapTempId(tables, creator, reply.item.id);
      await putItems(tables, who, inBox(reply.boxId, [reply.item]), reply.lot);
    });
    // A scan a minute: the status line says it, not a toast each time.
    if (clientMsgId !== undefined) feedback.status.ready(envelope.message ?? undefined);
  }

  /** ADDED_MULT_UPCS_TO_BOX: the spreadsheet's rows; the box is named by our request. */
  async function bulkAdded(envelope: Envelope, clientMsgId: string | undefined): Promise<void> {
    const reply = parsed(BulkAdded, envelope.data, 'ADDED_MULT_UPCS_TO_BOX data');
    if (reply === undefined) return;
    await write(async (tables, who) => {
      const request = BulkRequest.safeParse((await ourEntry(tables, who, clientMsgId))?.body);
      if (request.success) await putItems(tables, who, inBox(request.data.boxId, reply.addedItems));
    });
    // Another session's spreadsheet (a push: no client-msg-id) is not this dialog's answer, nor this user's news.
    if (clientMsgId !== undefined) {
      query.setBulkResult(reply);
      // Once per request: a resend after a reconnect gets the stored reply again.
      if (announce(envelope.message, clientMsgId) && reply.notFoundUPCs.length > 0) feedback.notifier.error(ClientMessages.upcsNotAdded(reply.notFoundUPCs.length));
    }
    query.fetch(); // the lot's new totals and the box's merged rows
  }

  async function itemsChanged(envelope: Envelope, clientMsgId: string | undefined, deleted: boolean): Promise<void> {
    const reply = parsed(ItemsReply, envelope.data, `${messageTypeName(envelope.messageType) ?? 'items'} data`);
    if (reply === undefined) return;
    await write(async (tables, who) => {
      if (deleted) {
        await tables.items.bulkDelete(reply.items.map((item) => item.id));
        await tables.lots.bulkPut(await withIntents(tables, who, 'lots', [reply.lot]));
      } else await putItems(tables, who, inBox(reply.boxId, reply.items), reply.lot);
    });
    announce(envelope.message, clientMsgId);
  }

  async function boxReply(envelope: Envelope, clientMsgId: string | undefined, apply: (box: Box) => Promise<void>): Promise<void> {
    const box = parsed(OneBox, envelope.data, `${messageTypeName(envelope.messageType) ?? 'box'} data`);
    if (box !== undefined) await apply(box);
    else announce(undefined, clientMsgId);
  }

  async function boxUpdated(box: Box, envelope: Envelope, clientMsgId: string | undefined): Promise<void> {
    await write(async (tables, who) => void (await tables.boxes.bulkPut(await withIntents(tables, who, 'boxes', [box]))));
    announce(envelope.message, clientMsgId);
  }

  function incoming(envelope: Envelope, clientMsgId: string | undefined): Promise<void> | undefined {
    switch (messageTypeName(envelope.messageType)) {
      case 'FOUND_ITEMS_BY_BOX_ID': return foundItems(envelope);
      case 'ADDED_BOX_TO_LOT': return boxReply(envelope, clientMsgId, (box) => boxCreated(box, envelope, clientMsgId));
      case 'DELETED_BOX': return boxReply(envelope, clientMsgId, (box) => boxDeleted(box, envelope, clientMsgId));
      case 'UPDATED_BOX': return boxReply(envelope, clientMsgId, (box) => boxUpdated(box, envelope, clientMsgId));
      case 'ADDED_UPC_TO_BOX': return upcAdded(envelope, clientMsgId);
      case 'ADDED_MULT_UPCS_TO_BOX': return bulkAdded(envelope, clientMsgId);
      case 'UPDATED_ITEMS': return itemsChanged(envelope, clientMsgId, false);
      case 'DELETED_ITEMS': return itemsChanged(envelope, clientMsgId, true);
      default: return undefined;
    }
  }

  return { boxesByLotId, incoming };
}
