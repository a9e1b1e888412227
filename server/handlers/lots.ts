// Lots (spec §2 lots page, §7): the lots list, one lot, creating a lot and renaming it. Each handler reads
// auth → (payload parsed by the router) → ownership (./lot-access) → its statement on context.db → replies.
import { and, desc, eq, inArray, like, sql, type SQL } from 'drizzle-orm';
import { ID_MAX } from '../../src/protocol/primitives';
import { LotStatus, type LotsFilter } from '../../src/protocol/lots';
import { likePrefix, lots, nextLotNumber } from '../db';
import { lotNotFound, ownedBy, ownerName, visibleLot } from './lot-access';
import { presentLot } from './lot-presenter';
import { only, reply, replyAndPush } from './replies';
import { requireUser, type HandlerMap } from './types';

/** The filter's four checkboxes and the status each one shows (spec §2, §3 "Lots filter"). */
const STATUS_OF_FLAG = {
  Not_Listed: LotStatus.NOT_LISTED,
  Listed: LotStatus.LISTED,
  Sold: LotStatus.SOLD,
  Shipped: LotStatus.SHIPPED,
} as const;

const checkedStatuses = (filter: LotsFilter): LotStatus[] =>
  (Object.keys(STATUS_OF_FLAG) as Array<keyof typeof STATUS_OF_FLAG>).filter((flag) => filter[flag]).map((flag) => STATUS_OF_FLAG[flag]);

/** '' or absent: any lot number; else the lots whose number starts with it (the prefix index serves it). */
function lotNumberCondition(lotNumber: string | undefined): SQL | undefined {
  const text = lotNumber?.trim() ?? '';
  return text === '' ? undefined : like(lots.lotNumber, likePrefix(text));
}

/** '' or absent: any lot; else that one id (digits beyond the id range match nothing). */
function lotIdCondition(lotId: LotsFilter['lotId']): SQL | undefined {
  if (lotId === undefined || lotId === '') return undefined;
  const id = Number(lotId);
  return Number.isSafeInteger(id) && id >= 1 && id <= ID_MAX ? eq(lots.id, id) : sql`false`;
}

export const lotHandlers: HandlerMap = {
  getLots: {
    access: 'user',
    async handle(context, filter) {
      const user = requireUser(context);
      const statuses = checkedStatuses(filter);
      if (statuses.length === 0) return only(reply.on('lots', []));
      const rows = await context.db
        .select()
        .from(lots)
        .where(and(inArray(lots.status, statuses), ownedBy(user, filter), lotNumberCondition(filter.lotNumber), lotIdCondition(filter.lotId)))
        .orderBy(desc(lots.id));
      return only(reply.on('lots', rows.map(presentLot)));
    },
  },

  getLotById: {
    access: 'user',
    async handle(context, lotId) {
      const user = requireUser(context);
      const [row] = await context.db.select().from(lots).where(visibleLot(user, lotId));
      return row ? only(reply.on('lotById', presentLot(row))) : lotNotFound();
    },
  },

  createManifest: {
    access: 'user',
    async handle(context, label) {
      const user = requireUser(context);
      const { db, services } = context;
      const lotNumber = await nextLotNumber(db, services.config.lotPrefix);
      const [row] = await db.insert(lots).values({ lotNumber, titleListing: label, status: LotStatus.NOT_LISTED, userId: user.id }).returning();
      if (!row) throw new Error('insert into lots returned no row');
      return replyAndPush(reply.ok('CREATED_MANIFEST', presentLot(row), `Created manifest: ${row.titleListing}`), user.username);
    },
  },

  updateManifestTitleById: {
    access: 'user',
    async handle(context, { lotId, newTitle }) {
      const user = requireUser(context);
      const [row] = await context.db.update(lots).set({ titleListing: newTitle }).where(visibleLot(user, lotId)).returning();
      if (!row) return lotNotFound();
      return replyAndPush(reply.ok('UPDATED_LOT_TITLE', presentLot(row)), await ownerName(context.db, user, row));
    },
  },
};
