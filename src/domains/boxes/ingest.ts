// Boxes replies into the replica (spec §4 "Box editing", §7): a lot's boxes (the boxesByLotId topic, paired with the
// lot asked by its request-id), ADDED_BOX_TO_LOT (a box made offline gets its real id; the items scanned into it
// follow), DELETED_BOX (its items go with it) and UPDATED_BOX. Adding or deleting a box makes the open lot stale
// (spec §4: it is fetched again).
import { contract } from '../../protocol/contract';
import type { Box } from '../../protocol/entities';
import type { Envelope } from '../../protocol/envelope';
import { messageTypeName } from '../../protocol/message-types';
import type { EnvelopeHandler, IngestContext, TopicHandler } from '../../sync/domain';
import { parsed } from '../../sync/ingest/parsed';
import { withIntents } from '../../sync/outbox/optimistic';
import { itemsTable } from '../items';
import { boxesTable } from './tables';

const BoxList = contract.getBoxesByLotId.reply.data;
const OneBox = contract.updateBoxInfo.reply.data;

/** The lot a boxes reply answers: the one its request asked for, else the one its boxes name. */
function answeredLot(boxes: readonly Box[], context: IngestContext): number | undefined {
  const asked = context.request?.destination === 'getBoxesByLotId' ? context.request.body : undefined;
  return typeof asked === 'number' ? asked : boxes[0]?.manualManiestId;
}

const boxesByLotId: TopicHandler = (body, context) => {
  const boxes = parsed(BoxList, body, 'boxesByLotId');
  if (boxes === undefined) return;
  const lotId = answeredLot(boxes, context);
  if (lotId === undefined) return;
  return context.write(async (db, { user }) => {
    const kept = new Set(boxes.map((box) => box.id));
    const stored = await db.rows(boxesTable).where('manualManiestId').equals(lotId).toArray();
    const gone = stored.filter((box) => box.pending !== 1 && !kept.has(box.id)).map((box) => box.id);
    await db.rows(boxesTable).bulkDelete(gone);
    await db.rows(itemsTable).where('boxId').anyOf(gone).filter((item) => item.pending !== 1).delete();
    await db.rows(boxesTable).bulkPut(await withIntents(db, user, boxesTable.name, boxes));
  });
};

/** A box reply's box, or (malformed) nothing but the entry's announcement. */
function boxReply(apply: (box: Box, envelope: Envelope, context: IngestContext) => Promise<void>): EnvelopeHandler {
  return async (envelope, context) => {
    const box = parsed(OneBox, envelope.data, `${messageTypeName(envelope.messageType) ?? 'box'} data`);
    if (box !== undefined) await apply(box, envelope, context);
    else if (context.clientMsgId !== undefined) context.announce(undefined);
  };
}

// Our own replies only: a push (another tablet's change) updates the replica silently.
const announceOurs = (envelope: Envelope, context: IngestContext): void => void (context.clientMsgId !== undefined && context.announce(envelope.message));
const lotOf = (box: Box) => (body: unknown): boolean => body === box.manualManiestId;

export const boxMessages = {
  ADDED_BOX_TO_LOT: boxReply(async (box, envelope, context) => {
    await context.write(async (db, who) => {
      await context.created(db, who, box.id); // items scanned into the box meanwhile follow it
      await db.rows(boxesTable).bulkPut(await withIntents(db, who.user, boxesTable.name, [box]));
    });
    announceOurs(envelope, context);
    context.invalidate('getLotById', lotOf(box));
  }),
  DELETED_BOX: boxReply(async (box, envelope, context) => {
    await context.write(async (db) => {
      await db.rows(boxesTable).delete(box.id);
      await db.rows(itemsTable).where('boxId').equals(box.id).delete();
    });
    announceOurs(envelope, context);
    context.invalidate('getLotById', lotOf(box));
  }),
  UPDATED_BOX: boxReply(async (box, envelope, context) => {
    await context.write(async (db, { user }) => void (await db.rows(boxesTable).bulkPut(await withIntents(db, user, boxesTable.name, [box]))));
    announceOurs(envelope, context);
  }),
} as const;

export const boxTopics = { boxesByLotId } as const;
