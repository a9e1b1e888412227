// Lots, written (spec §2 lots page and lot edit, §7): create, copy, delete, and the updates of title, status,
// location and editable fields. Each handler reads auth → (payload parsed by the router) → ownership
// (./lot-access), refusing before it writes → its statements on context.db, the mutation's one transaction →
// the reply, pushed to the owners' other sessions and the admins.
import { eq, inArray } from 'drizzle-orm';
import { LotStatus } from '../../../src/protocol/lots';
import { lots, nextLotNumber, type DbOrTx } from '../../db';
import { lockVisibleLots, lotNotFound, ownerName, replyAndPushPerOwner, visibleLot } from './lot-access';
import { copyLot } from './lot-copier';
import { auctionEntriesOf, presentOneLot } from './lot-auctions';
import { changedColumnsOf, locationColumnsOf, presentLot, type LotEditableColumns, type LotRow } from './lot-presenter';
import { ServerMessages } from '../../../src/protocol/messages';
import { defineHandlers, reply, replyAndPush, type HandlerResult, type UserContext } from '../handler';

/** One lot's update: nothing is written unless the user may change it. */
async function updateOne(context: UserContext, lotId: number, change: Partial<LotEditableColumns>, messageType: 'UPDATED_LOT' | 'UPDATED_LOT_TITLE'): Promise<HandlerResult> {
  const { user } = context;
  const [row] = await context.db.update(lots).set(change).where(visibleLot(user, lotId)).returning();
  if (!row) return lotNotFound();
  return replyAndPush(reply.ok(messageType, await presentOneLot(context.db, row)), await ownerName(context.db, user, row));
}

/**
 * Several lots' update, all or nothing: `write` runs only once every lot is known to be the user's (and locked);
 * the reply lists the lots in the order asked.
 */
async function updateAll(context: UserContext, lotIds: readonly number[], write: (db: DbOrTx, lotIds: number[]) => Promise<LotRow[]>): Promise<HandlerResult> {
  const { user, db } = context;
  const locked = await lockVisibleLots(db, user, lotIds);
  if (!locked) return lotNotFound();
  const byId = new Map((await write(db, locked.map((lot) => lot.id))).map((row) => [row.id, row]));
  const updated = [...new Set(lotIds)].map((lotId) => {
    const row = byId.get(lotId);
    if (!row) throw new Error(`locked lot ${lotId} was not updated`);
    return row;
  });
  const auctions = await auctionEntriesOf(db, updated.map((row) => row.id));
  return replyAndPushPerOwner(db, user, updated, (theirs) => reply.ok('UPDATED_LOTS', theirs.map((row) => presentLot(row, auctions))));
}

export const lotEditHandlers = defineHandlers({
  createManifest: {
    access: 'user',
    async handle(context, label) {
      const { user, db, services } = context;
      const lotNumber = await nextLotNumber(db, services.config.lotPrefix);
      const [row] = await db.insert(lots).values({ lotNumber, titleListing: label, status: LotStatus.NOT_LISTED, userId: user.id }).returning();
      if (!row) throw new Error('insert into lots returned no row');
      return replyAndPush(reply.ok('CREATED_MANIFEST', presentLot(row), ServerMessages.createdManifest(row.titleListing)), user.username); // new: in no auction yet
    },
  },

  copyManifest: {
    access: 'user',
    async handle(context, lotId) {
      const { user, db, services } = context;
      // Locked, so a concurrent edit or delete cannot change the lot halfway through its copy.
      const [source] = (await lockVisibleLots(db, user, [lotId])) ?? [];
      if (!source) return lotNotFound();
      const copy = await copyLot(db, source, { ownerId: user.id, lotPrefix: services.config.lotPrefix });
      return replyAndPush(reply.ok('COPIED_MANIFEST', presentLot(copy), ServerMessages.copiedManifest(copy.lotNumber)), user.username); // a copy joins no auction
    },
  },

  deleteLots: {
    access: 'user',
    async handle(context, selected) {
      const { user, db } = context;
      const doomed = await lockVisibleLots(db, user, selected.map((lot) => lot.id));
      if (!doomed) return lotNotFound();
      // Boxes go with their lot and items with their box (ON DELETE CASCADE), in this same statement.
      await db.delete(lots).where(inArray(lots.id, doomed.map((lot) => lot.id)));
      return replyAndPushPerOwner(db, user, doomed, (theirs) => reply.ok('DELETED_LOTS', theirs.map((lot) => lot.id), ServerMessages.deletedLots(theirs.length)));
    },
  },

  updateLotStatus: {
    access: 'user',
    async handle(context, { status, lotIds }) {
      return updateAll(context, lotIds, (db, ids) => db.update(lots).set({ status }).where(inArray(lots.id, ids)).returning());
    },
  },

  updateLotLocation: {
    access: 'user',
    async handle(context, location) {
      return updateOne(context, location.id, locationColumnsOf(location), 'UPDATED_LOT');
    },
  },

  updateManifest: {
    access: 'user',
    async handle(context, lot) {
      return updateOne(context, lot.id, changedColumnsOf(lot), 'UPDATED_LOT');
    },
  },

  updateManifests: {
    access: 'user',
    async handle(context, lotList) {
      // A lot sent twice: its changes apply in order (a field's later value wins). Each lot has its own values,
      // hence a statement each.
      const changes = new Map<number, Partial<LotEditableColumns>>();
      for (const lot of lotList) changes.set(lot.id, { ...changes.get(lot.id), ...changedColumnsOf(lot) });
      return updateAll(context, [...changes.keys()], async (db) => {
        const rows: LotRow[] = [];
        for (const [lotId, change] of changes) rows.push(...(await db.update(lots).set(change).where(eq(lots.id, lotId)).returning()));
        return rows;
      });
    },
  },

  updateManifestTitleById: {
    access: 'user',
    async handle(context, { lotId, newTitle }) {
      return updateOne(context, lotId, { titleListing: newTitle }, 'UPDATED_LOT_TITLE');
    },
  },
});
