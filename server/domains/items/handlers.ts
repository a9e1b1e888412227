// Items of a box (spec §2 Lot edit: items table, UPC entry, XLS; §7; DESIGN §5 "Adding a UPC", "Totals"): read,
// scan one UPC, add spreadsheet rows, edit and delete rows. Each change reads auth → (payload parsed by the router) →
// ownership (the boxes domain's box access), refusing before it writes → its statements and the lot's new totals (the lots domain's recalculator) on
// context.db, the mutation's one transaction → the reply with the lot, pushed to the owner's other sessions and the
// admins.
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { BoxItem } from '../../../src/protocol/boxes';
import { ErrorCode } from '../../../src/protocol/error-codes';
import { COUNT_MAX, LIST_MAX } from '../../../src/protocol/primitives';
import { items, upcs, type DbOrTx } from '../../db';
import { ServerMessages } from '../../../src/protocol/messages';
import { findVisibleBox, lockVisibleBox, type BoxRow } from '../boxes';
import { andPush, defineHandlers, only, refuse, reply, replyAndPush, type HandlerResult, type UserContext } from '../handler';
import { changeItems, ownerName, presentOneLot, type LotRow } from '../lots';
import { locateItems } from './item-access';
import { itemColumnsOf, itemFromCatalogue, presentItem, type ItemRow } from './item-presenter';

/** As many rows as one box's reply may list (BoxItemsReplySchema: LIST_MAX × 10). */
export const BOX_ITEMS_MAX = LIST_MAX * 10;
/** Rows per INSERT of a spreadsheet: ten columns each, well under the 65,535 parameters of one statement. */
const INSERT_CHUNK = 1000;

/** The box's rows, and how many of `upcList` are among them: whether new rows still fit (BOX_ITEMS_MAX). */
async function roomFor(db: DbOrTx, boxId: number, upcList: readonly string[]): Promise<boolean> {
  const [row] = await db
    .select({ rows: count(), present: sql`count(*) filter (where ${inArray(items.upc, [...upcList])})`.mapWith(Number) })
    .from(items)
    .where(eq(items.boxId, boxId));
  return (row?.rows ?? 0) + upcList.length - (row?.present ?? 0) <= BOX_ITEMS_MAX;
}

/** Rows in the order of `ids` (each once), from rows matched in any order. */
function inOrder(ids: readonly number[], rows: readonly ItemRow[]): ItemRow[] {
  const byId = new Map(rows.map((row) => [row.id, row]));
  return [...new Set(ids)].flatMap((id) => byId.get(id) ?? []);
}

/** An item change's reply: the rows, their box and the lot with its new totals, to the sender and the owner's sessions. */
async function itemsChanged(
  context: UserContext, messageType: 'UPDATED_ITEMS' | 'DELETED_ITEMS', box: BoxRow, lot: LotRow, rows: readonly ItemRow[], message: string,
): Promise<HandlerResult> {
  const data = { boxId: box.id, items: rows.map(presentItem), lot: await presentOneLot(context.db, lot) };
  return replyAndPush(reply.ok(messageType, data, message), await ownerName(context.db, context.user, lot));
}

export const itemHandlers = defineHandlers({
  getItemsByBoxId: {
    access: 'user',
    async handle(context, boxId) {
      const { db } = context;
      const access = await findVisibleBox(db, context.user, boxId);
      if (!access.ok) return access.refusal;
      const rows = await db.select().from(items).where(eq(items.boxId, boxId)).orderBy(asc(items.id));
      return only(reply.ok('FOUND_ITEMS_BY_BOX_ID', { boxId, items: rows.map(presentItem), lot: await presentOneLot(db, access.lot) }));
    },
  },

  addUPCToBox: {
    access: 'user',
    async handle(context, { upc, boxId }) {
      const { user, db } = context;
      const access = await lockVisibleBox(db, user, boxId);
      if (!access.ok) return access.refusal;
      const { lot } = access;
      const [entry] = await db.select().from(upcs).where(eq(upcs.upc, upc));
      if (!entry) return refuse(ErrorCode.NOT_FOUND, ServerMessages.upcNotFound(upc));
      const [existing] = await db.select().from(items).where(and(eq(items.boxId, boxId), eq(items.upc, upc)));
      if (!existing && !(await roomFor(db, boxId, [upc]))) return refuse(ErrorCode.BAD_REQUEST, ServerMessages.boxFull(BOX_ITEMS_MAX));
      // Already in the box: a scanner read the same item again, one more unit (DESIGN §5). The row keeps its own
      // prices and text, which staff may have edited since.
      const change = await changeItems(db, lot.id, async (savepoint) => {
        const [row] = existing
          ? await savepoint.update(items).set({ quantity: sql`${items.quantity} + 1` }).where(eq(items.id, existing.id)).returning()
          : await savepoint.insert(items).values(itemFromCatalogue(entry, boxId, 1)).returning();
        if (!row) throw new Error('the scanned item was not written');
        return row;
      });
      if (!change.ok) return refuse(ErrorCode.BAD_REQUEST, change.message);
      const item = change.value;
      const message = existing ? ServerMessages.addedOneMore(upc, item.quantity) : ServerMessages.addedUpc(upc);
      const data = { boxId, item: presentItem(item), lot: await presentOneLot(db, change.lot) };
      return replyAndPush(reply.ok('ADDED_UPC_TO_BOX', data, message), await ownerName(db, user, lot));
    },
  },

  addMultipleUPCsToBox: {
    access: 'user',
    async handle(context, { boxId, upcQuantities }) {
      const { user, db } = context;
      const access = await lockVisibleBox(db, user, boxId);
      if (!access.ok) return access.refusal;
      const { lot } = access;
      // A UPC on several rows of the sheet: its quantities add up, as separate scans would.
      const wanted = new Map<string, number>();
      for (const { upc, qnty } of upcQuantities) wanted.set(upc, (wanted.get(upc) ?? 0) + qnty);
      if ([...wanted.values()].some((qnty) => qnty > COUNT_MAX)) return refuse(ErrorCode.BAD_REQUEST, ServerMessages.totalsOutOfRange);
      const entries = new Map((await db.select().from(upcs).where(inArray(upcs.upc, [...wanted.keys()]))).map((entry) => [entry.upc, entry]));
      const known = [...wanted].flatMap(([upc, qnty]) => {
        const entry = entries.get(upc);
        return entry ? [{ entry, qnty }] : [];
      });
      const notFoundUPCs = [...wanted.keys()].filter((upc) => !entries.has(upc));
      // Nothing to add: no item changes, so the totals (maybe typed by hand) stand.
      if (known.length === 0) return only(reply.ok('ADDED_MULT_UPCS_TO_BOX', { addedItems: [], notFoundUPCs }, ServerMessages.bulkAdded(0)));
      if (!(await roomFor(db, boxId, known.map(({ entry }) => entry.upc)))) return refuse(ErrorCode.BAD_REQUEST, ServerMessages.boxFull(BOX_ITEMS_MAX));

      const change = await changeItems(db, lot.id, async (savepoint) => {
        const rows: ItemRow[] = [];
        for (let start = 0; start < known.length; start += INSERT_CHUNK) {
          const values = known.slice(start, start + INSERT_CHUNK).map(({ entry, qnty }) => itemFromCatalogue(entry, boxId, qnty));
          // A UPC already in the box keeps its row and gains the quantity; the catalogue's values are for new rows.
          rows.push(...(await savepoint
            .insert(items)
            .values(values)
            .onConflictDoUpdate({ target: [items.boxId, items.upc], set: { quantity: sql`${items.quantity} + excluded.quantity` } })
            .returning()));
        }
        return rows;
      });
      if (!change.ok) return refuse(ErrorCode.BAD_REQUEST, change.message);
      const byUpc = new Map(change.value.map((row) => [row.upc, row]));
      const addedItems = known.flatMap(({ entry }) => byUpc.get(entry.upc) ?? []).map(presentItem);
      const owner = await ownerName(db, user, lot);
      const added = replyAndPush(reply.ok('ADDED_MULT_UPCS_TO_BOX', { addedItems, notFoundUPCs }, ServerMessages.bulkAdded(addedItems.length)), owner);
      // The reply names no lot; other sessions hear of the new totals (the sender refetches, as after any bulk add).
      return andPush(added, owner, reply.ok('UPDATED_LOT', await presentOneLot(db, change.lot)));
    },
  },

  updateItems: {
    access: 'user',
    async handle(context, itemList) {
      // An item sent twice: the later copy wins. Each row has its own values, hence a statement each.
      const changes = new Map<number, BoxItem>(itemList.map((item) => [item.id, item]));
      const located = await locateItems(context, [...changes.keys()]);
      if (!located.ok) return located.refusal;
      const { box, lot } = located;
      const change = await changeItems(context.db, lot.id, async (savepoint) => {
        const rows: ItemRow[] = [];
        for (const [id, item] of changes) rows.push(...(await savepoint.update(items).set(itemColumnsOf(item)).where(eq(items.id, id)).returning()));
        return rows;
      });
      if (!change.ok) return refuse(ErrorCode.BAD_REQUEST, change.message);
      const updated = inOrder([...changes.keys()], change.value);
      return itemsChanged(context, 'UPDATED_ITEMS', box, change.lot, updated, ServerMessages.updatedItems(updated.length));
    },
  },

  deleteItems: {
    access: 'user',
    async handle(context, itemList) {
      const ids = itemList.map((item) => item.id);
      const located = await locateItems(context, ids);
      if (!located.ok) return located.refusal;
      const { box, lot, rows } = located;
      const change = await changeItems(context.db, lot.id, async (savepoint) => {
        await savepoint.delete(items).where(inArray(items.id, rows.map((row) => row.id)));
      });
      if (!change.ok) return refuse(ErrorCode.BAD_REQUEST, change.message);
      const deleted = inOrder(ids, rows);
      return itemsChanged(context, 'DELETED_ITEMS', box, change.lot, deleted, ServerMessages.deletedItems(deleted.length));
    },
  },
});
