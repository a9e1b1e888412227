// Items replies and pushes into the replica (spec §4 "Box editing", §7, §8): FOUND_ITEMS_BY_BOX_ID,
// ADDED_UPC_TO_BOX, ADDED_MULT_UPCS_TO_BOX, UPDATED_ITEMS and DELETED_ITEMS. Each lands in one transaction, pending
// intents laid back on top; a scan made offline gets its real id. Items carry no box id on the wire: the reply (or
// our own entry) names the box, and it is stored on the row. The lot's new totals come with the items.
import { contract } from '../../protocol/contract';
import type { BoxItem, BulkAddResponse } from '../../protocol/entities';
import type { Lot } from '../../protocol/lots';
import { messageTypeName } from '../../protocol/message-types';
import { ClientMessages } from '../../protocol/messages';
import type { EnvelopeHandler } from '../../sync/domain';
import { parsed } from '../../sync/ingest/parsed';
import { withIntents } from '../../sync/outbox/optimistic';
import type { ReplicaTables } from '../../sync/replica/replica';
import { createStore } from '../../sync/store';
import { putLots } from '../lots';
import { itemsTable, type ItemRow } from './tables';

const ItemsReply = contract.getItemsByBoxId.reply.data;
const AddedUpc = contract.addUPCToBox.reply.data;
const BulkAdded = contract.addMultipleUPCsToBox.reply.data;
const BulkRequest = contract.addMultipleUPCsToBox.payload;

const inBox = (boxId: number, items: readonly BoxItem[]): ItemRow[] => items.map((item) => ({ ...item, boxId }));

/** The last spreadsheet add's answer on this device: which UPCs went in and which the catalogue lacks. */
export const bulkResult = createStore<BulkAddResponse | undefined>(undefined);

async function putItems(db: ReplicaTables, user: string, items: readonly ItemRow[], lot?: Lot): Promise<void> {
  await db.rows(itemsTable).bulkPut(await withIntents(db, user, itemsTable.name, items));
  if (lot !== undefined) await putLots(db, user, [lot]);
}

/** FOUND_ITEMS_BY_BOX_ID: the box's items replace the stored ones (pending rows stay). */
const foundItems: EnvelopeHandler = (envelope, context) => {
  const reply = parsed(ItemsReply, envelope.data, 'FOUND_ITEMS_BY_BOX_ID data');
  if (reply === undefined) return;
  return context.write(async (db, { user }) => {
    const kept = new Set(reply.items.map((item) => item.id));
    await db.rows(itemsTable).where('boxId').equals(reply.boxId).filter((item) => item.pending !== 1 && !kept.has(item.id)).delete();
    await putItems(db, user, inBox(reply.boxId, reply.items), reply.lot);
  });
};

/** ADDED_UPC_TO_BOX: our scan's row (made offline with a temporary id) becomes the server's. */
const upcAdded: EnvelopeHandler = async (envelope, context) => {
  const reply = parsed(AddedUpc, envelope.data, 'ADDED_UPC_TO_BOX data');
  if (reply === undefined) return;
  await context.write(async (db, who) => {
    await context.created(db, who, reply.item.id);
    await putItems(db, who.user, inBox(reply.boxId, [reply.item]), reply.lot);
  });
  // A scan a minute: the status line says it, not a toast each time.
  if (context.clientMsgId !== undefined) context.feedback.status.ready(envelope.message ?? undefined);
};

/** ADDED_MULT_UPCS_TO_BOX: the spreadsheet's rows; the box is named by our request. */
const bulkAdded: EnvelopeHandler = async (envelope, context) => {
  const reply = parsed(BulkAdded, envelope.data, 'ADDED_MULT_UPCS_TO_BOX data');
  if (reply === undefined) return;
  await context.write(async (db, who) => {
    const request = BulkRequest.safeParse((await context.entry(db, who))?.body);
    if (request.success) await putItems(db, who.user, inBox(request.data.boxId, reply.addedItems));
  });
  // Another session's spreadsheet (a push: no client-msg-id) is not this dialog's answer, nor this user's news.
  if (context.clientMsgId !== undefined) {
    bulkResult.set(reply);
    // Once per request: a resend after a reconnect gets the stored reply again.
    if (context.announce(envelope.message) && reply.notFoundUPCs.length > 0) context.feedback.notifier.error(ClientMessages.upcsNotAdded(reply.notFoundUPCs.length));
  }
  // The lot's new totals and the box's merged rows.
  context.invalidate('getLotById');
  context.invalidate('getBoxesByLotId');
  context.invalidate('getItemsByBoxId');
};

function itemsChanged(deleted: boolean): EnvelopeHandler {
  return async (envelope, context) => {
    const reply = parsed(ItemsReply, envelope.data, `${messageTypeName(envelope.messageType) ?? 'items'} data`);
    if (reply === undefined) return;
    await context.write(async (db, { user }) => {
      if (!deleted) return putItems(db, user, inBox(reply.boxId, reply.items), reply.lot);
      await db.rows(itemsTable).bulkDelete(reply.items.map((item) => item.id));
      await putLots(db, user, [reply.lot]);
    });
    if (context.clientMsgId !== undefined) context.announce(envelope.message);
  };
}

export const itemMessages = {
  FOUND_ITEMS_BY_BOX_ID: foundItems,
  ADDED_UPC_TO_BOX: upcAdded,
  ADDED_MULT_UPCS_TO_BOX: bulkAdded,
  UPDATED_ITEMS: itemsChanged(false),
  DELETED_ITEMS: itemsChanged(true),
} as const;
