// /app/getInventoryEvents, createInventoryEvent, getManifestHistory, createManifestHistory, deleteManifestHistory
// (spec §2 Inventory, §5, §7; DESIGN §5: inventory is shared by all staff). Anyone counting records any lot they
// scan, whoever owns it; the history shows the lot itself only to those who may see it (its owner and the admins).
import { and, asc, desc, eq, inArray, type SQL } from 'drizzle-orm';
import { ErrorCode } from '../../../src/protocol/error-codes';
import { InventoryMessages } from '../../../src/protocol/messages';
import type { Lot, StoreStatus } from '../../../src/protocol/lots';
import { inventoryEvents, lots, manifestHistory, storedLotNumbers, type DbOrTx } from '../../db';
import type { NewManifestHistoryEntry } from '../../../src/protocol/inventory';
import type { Services } from '../../services';
import { StoreError } from '../../store/store-error';
import { defineHandlers, only, refuse, reply, replyAndPush, type HandlerUser } from '../handler';
import { presentLots, visibleLots, type LotRow } from '../lots';
import { presentEntry, presentEvent, type HistoryRow } from './presenters';

/** More events than a stock-taker scrolls through; the newest are the ones wanted. */
const EVENTS_MAX = 500;
/** A history larger than any warehouse count: bounds one reply. */
const HISTORY_MAX = 20_000;

/**
 * The lot a scan names: by its id, or (manifestId 0: a device that did not hold the lot, issue 31) by its number as
 * it was typed ('lot-7' is LOT-000007).
 */
async function countedLot(db: DbOrTx, entry: NewManifestHistoryEntry, lotPrefix: string): Promise<LotRow | undefined> {
  if (entry.manifestId > 0) return (await db.select().from(lots).where(eq(lots.id, entry.manifestId)))[0];
  const spellings = storedLotNumbers(entry.lotNumber, lotPrefix);
  const found = await db.select().from(lots).where(inArray(lots.lotNumber, spellings));
  return spellings.flatMap((spelling) => found.filter((lot) => lot.lotNumber === spelling))[0];
}

const given = (id: number | null | undefined): id is number => id !== undefined && id !== null && id > 0;

/** The lots of these entries the user may see, by id. */
async function visibleLotsOf(db: DbOrTx, user: HandlerUser, rows: readonly HistoryRow[]): Promise<Map<number, Lot>> {
  const ids = [...new Set(rows.map((row) => row.manifestId))];
  if (ids.length === 0) return new Map();
  const found = await db.select().from(lots).where(and(inArray(lots.id, ids), visibleLots(user)));
  return new Map((await presentLots(db, found)).map((lot) => [lot.id, lot]));
}

/** The store's stock of these lot numbers; none when the store cannot be reached (the history still arrives). */
async function storeStatuses(services: Services, skus: readonly string[]): Promise<Map<string, StoreStatus>> {
  try {
    const statuses = await services.store.productStatus([...new Set(skus)]);
    return new Map(statuses.map((status) => [status.sku, status]));
  } catch (error) {
    if (!(error instanceof StoreError)) throw error;
    services.logger.warn({ err: error }, 'store status unavailable for the manifest history');
    return new Map();
  }
}

export const inventoryHandlers = defineHandlers({
  getInventoryEvents: {
    access: 'user',
    async handle({ db }, { createdById, id }) {
      const conditions: SQL[] = [];
      if (given(createdById)) conditions.push(eq(inventoryEvents.createdById, createdById));
      if (given(id)) conditions.push(eq(inventoryEvents.id, id));
      const rows = await db
        .select()
        .from(inventoryEvents)
        .where(and(...conditions))
        .orderBy(desc(inventoryEvents.startTime), desc(inventoryEvents.id))
        .limit(EVENTS_MAX);
      return only(reply.ok('FOUND_INVENTORY_EVENTS', rows.map(presentEvent)));
    },
  },

  createInventoryEvent: {
    access: 'user',
    async handle({ db, user }, { label }) {
      const [row] = await db.insert(inventoryEvents).values({ label, createdById: user.id }).returning();
      if (row === undefined) throw new Error('an insert returned no row');
      return replyAndPush(reply.ok('CREATED_UPDATED_INVENTORY_EVENT', presentEvent(row), InventoryMessages.eventCreated(label)), user.username);
    },
  },

  getManifestHistory: {
    access: 'user',
    async handle({ db, user, services }, { inventoryEventId, manifestId }) {
      const conditions: SQL[] = [];
      if (given(inventoryEventId)) conditions.push(eq(manifestHistory.inventoryEventId, inventoryEventId));
      if (given(manifestId)) conditions.push(eq(manifestHistory.manifestId, manifestId));
      const rows = await db.select().from(manifestHistory).where(and(...conditions)).orderBy(asc(manifestHistory.id)).limit(HISTORY_MAX);
      const [visible, statuses] = await Promise.all([visibleLotsOf(db, user, rows), storeStatuses(services, rows.map((row) => row.lotNumber))]);
      const entries = rows.map((row) => presentEntry(row, visible.get(row.manifestId), statuses.get(row.lotNumber) ?? null));
      return only(reply.ok('FOUND_MANIFEST_HISTORY', entries));
    },
  },

  createManifestHistory: {
    access: 'user',
    async handle({ db, user, services }, entry) {
      const [event] = await db.select({ id: inventoryEvents.id }).from(inventoryEvents).where(eq(inventoryEvents.id, entry.inventoryEventId));
      if (event === undefined) return refuse(ErrorCode.NOT_FOUND, InventoryMessages.eventNotFound(entry.inventoryEventId));
      const lot = await countedLot(db, entry, services.config.lotPrefix);
      if (lot === undefined) {
        return refuse(ErrorCode.NOT_FOUND, entry.manifestId > 0 ? InventoryMessages.lotNotFound(entry.manifestId) : InventoryMessages.lotNumberNotFound(entry.lotNumber));
      }
      // A location left out is where the lot is now.
      const [row] = await db
        .insert(manifestHistory)
        .values({
          manifestId: lot.id,
          inventoryEventId: event.id,
          status: entry.manifestId > 0 ? entry.status : lot.status, // a device that did not hold the lot did not know it
          locZone: entry.locZone ?? lot.locZone,
          locAisle: entry.locAisle ?? lot.locAisle,
          locColumn: entry.locColumn ?? lot.locColumn,
          locRow: entry.locRow ?? lot.locRow,
          locBox: entry.locBox ?? lot.locBox,
          changedBy: user.id,
          lotNumber: lot.lotNumber,
        })
        .onConflictDoNothing({ target: [manifestHistory.inventoryEventId, manifestHistory.manifestId] })
        .returning();
      if (row === undefined) return refuse(ErrorCode.BAD_REQUEST, InventoryMessages.alreadyInHistory(lot.lotNumber));
      const [shown] = (await visibleLotsOf(db, user, [row])).values();
      return replyAndPush(reply.ok('CREATED_MANIFEST_HISTORY', presentEntry(row, shown), InventoryMessages.recorded(lot.lotNumber)), user.username);
    },
  },

  deleteManifestHistory: {
    access: 'user',
    async handle({ db, user }, idList) {
      const ids = [...new Set(idList)];
      const deleted = await db.delete(manifestHistory).where(inArray(manifestHistory.id, ids)).returning({ id: manifestHistory.id });
      const deletedIds = deleted.map((row) => row.id).sort((x, y) => x - y); // RETURNING has no order of its own
      return replyAndPush(reply.ok('DELETED_MANIFEST_HISTORIES', deletedIds, InventoryMessages.deleted(deletedIds.length)), user.username);
    },
  },
});
