// Boxes of a lot (spec §2 Lot edit: box tabs, Add Box, Delete Box, Update Weight/Dims; §7): list, add, delete and
// update. Each handler reads auth → (payload parsed by the router) → ownership (./box-access, and the lots domain's rule), refusing
// before it writes → its statements on context.db, the mutation's one transaction → the reply, pushed to the owner's
// other sessions and the admins. Their items live in the items domain.
import { asc, eq, sql } from 'drizzle-orm';
import { ErrorCode } from '../../../src/protocol/error-codes';
import { boxes, lots } from '../../db';
import { ServerMessages } from '../../../src/protocol/messages';
import { andPush, defineHandlers, only, refuse, reply, replyAndPush } from '../handler';
import { changeItems, lockVisibleLots, lotNotFound, ownerName, presentOneLot, visibleLot } from '../lots';
import { lockVisibleBox } from './box-access';
import { boxColumnsOf, boxName, presentBox } from './box-presenter';

export const boxHandlers = defineHandlers({
  getBoxesByLotId: {
    access: 'user',
    async handle(context, lotId) {
      const { user, db } = context;
      const [lot] = await db.select({ id: lots.id }).from(lots).where(visibleLot(user, lotId));
      if (!lot) return lotNotFound();
      const rows = await db.select().from(boxes).where(eq(boxes.lotId, lot.id)).orderBy(asc(boxes.boxNumber), asc(boxes.id));
      return only(reply.on('boxesByLotId', rows.map(presentBox)));
    },
  },

  addBoxToLot: {
    access: 'user',
    async handle(context, newBox) {
      const { user, db } = context;
      // Locked, so two boxes added to the lot at once get different numbers.
      const [lot] = (await lockVisibleLots(db, user, [newBox.manualManiestId])) ?? [];
      if (!lot) return lotNotFound();
      const [last] = await db
        .select({ boxNumber: sql`coalesce(max(${boxes.boxNumber}), 0)`.mapWith(Number) })
        .from(boxes)
        .where(eq(boxes.lotId, lot.id));
      // A box belongs to its lot's owner, whoever adds it (an admin may work on a user's lot).
      const [row] = await db
        .insert(boxes)
        .values({ ...boxColumnsOf(newBox), lotId: lot.id, userId: lot.userId, boxNumber: (last?.boxNumber ?? 0) + 1 })
        .returning();
      if (!row) throw new Error('insert into boxes returned no row');
      return replyAndPush(reply.ok('ADDED_BOX_TO_LOT', presentBox(row), ServerMessages.addedBox(row.label)), await ownerName(db, user, lot));
    },
  },

  deleteBox: {
    access: 'user',
    async handle(context, { id }) {
      const { user, db } = context;
      const access = await lockVisibleBox(db, user, id, ServerMessages.deleteBoxInvalid);
      if (!access.ok) return access.refusal;
      const { box, lot } = access;
      // Its items go with it (ON DELETE CASCADE), so the lot's totals change.
      const change = await changeItems(db, lot.id, async (savepoint) => {
        await savepoint.delete(boxes).where(eq(boxes.id, box.id));
      });
      if (!change.ok) return refuse(ErrorCode.BAD_REQUEST, change.message);
      const owner = await ownerName(db, user, lot);
      // The reply carries the box only (the sender refetches its lot, spec §4); other sessions hear of the new totals.
      const deleted = replyAndPush(reply.ok('DELETED_BOX', presentBox(box), ServerMessages.deletedBox(boxName(box))), owner);
      return andPush(deleted, owner, reply.ok('UPDATED_LOT', await presentOneLot(db, change.lot)));
    },
  },

  updateBoxInfo: {
    access: 'user',
    async handle(context, box) {
      const { user, db } = context;
      const access = await lockVisibleBox(db, user, box.id);
      if (!access.ok) return access.refusal;
      // The lot, owner and number stay the server's: a box never moves lots through this call.
      const [row] = await db.update(boxes).set(boxColumnsOf(box)).where(eq(boxes.id, box.id)).returning();
      if (!row) throw new Error(`locked box ${box.id} was not updated`);
      return replyAndPush(reply.ok('UPDATED_BOX', presentBox(row), ServerMessages.updatedBox(boxName(row))), await ownerName(db, user, access.lot));
    },
  },
});
