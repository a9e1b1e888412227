// Lots, read (spec §2 lots page, §7): the lots list, one lot, search suggestions and lots by lot number. Queries
// only: they run on services.db, outside any transaction, and never write. Each reads auth → (payload parsed by
// the router) → ownership (./lot-access) → its select → reply.
import { setImmediate } from 'node:timers/promises';
import { and, asc, desc, eq, ilike, inArray, like, lt, notInArray, or, sql, type SQL } from 'drizzle-orm';
import { ID_MAX } from '../../../src/protocol/primitives';
import { LOT_SUGGESTIONS_MAX, statusesOfFilter, type Lot, type LotsFilter, type LotStatus } from '../../../src/protocol/lots';
import { likeContains, likePrefix, lots, storedLotNumbers } from '../../db';
import { lotNotFound, ownedBy, visibleLot, visibleLots } from './lot-access';
import { presentLots, presentOneLot } from './lot-auctions';
import { ServerMessages } from '../../../src/protocol/messages';
import { defineHandlers, only, reply } from '../handler';

/** getLots reads its lots this many at a time (see there). */
const GET_LOTS_CHUNK = 500;

/** The filter's checkboxes and the statuses they show (spec §2, §3 "Lots filter"; 'Other statuses', issue 31). */
const checkedStatuses = (filter: LotsFilter): LotStatus[] => statusesOfFilter(filter);

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

/**
 * Number or title starting with `text`, each on its prefix index (lots_lot_number_prefix_idx,
 * lots_title_prefix_idx), or the lot number it reads as ('lot-7', '007' → LOT-000007: issue 31). Lot numbers are
 * stored as the server wrote them (upper-case by default), so the text is tried as typed and upper-cased; titles are
 * compared lower-cased, as their index is built.
 */
const startsWith = (text: string, lotPrefix: string): SQL | undefined =>
  or(
    inArray(lots.lotNumber, storedLotNumbers(text, lotPrefix)),
    like(lots.lotNumber, likePrefix(text)),
    like(lots.lotNumber, likePrefix(text.toUpperCase())),
    like(sql`lower(${lots.titleListing})`, likePrefix(text.toLowerCase())),
  );

/** Number or title containing `text`, any case: no index helps, so it runs only to fill what prefixes left. */
const contains = (text: string): SQL | undefined =>
  or(ilike(lots.lotNumber, likeContains(text)), ilike(lots.titleListing, likeContains(text)));

export const lotQueryHandlers = defineHandlers({
  getLots: {
    access: 'user',
    async handle(context, filter) {
      const { user } = context;
      const statuses = checkedStatuses(filter);
      if (statuses.length === 0) return only(reply.on('lots', []));
      const matching = and(inArray(lots.status, statuses), ownedBy(user, filter), lotNumberCondition(filter.lotNumber), lotIdCondition(filter.lotId));
      // One reply, as the spec has it, read a chunk at a time by id (newest first), other work let in between: an
      // admin's 12,000 lots read at once held the event loop (the embedded database runs in it) for ~400 ms.
      const presented: Lot[] = [];
      let before: number | undefined; // the id the next chunk starts below
      for (;;) {
        const rows = await context.db.select().from(lots)
          .where(and(matching, before === undefined ? undefined : lt(lots.id, before)))
          .orderBy(desc(lots.id))
          .limit(GET_LOTS_CHUNK);
        presented.push(...(await presentLots(context.db, rows)));
        const last = rows.at(-1);
        if (rows.length < GET_LOTS_CHUNK || last === undefined) break;
        before = last.id;
        await setImmediate();
      }
      return only(reply.on('lots', presented));
    },
  },

  getLotById: {
    access: 'user',
    async handle(context, lotId) {
      const { user } = context;
      const [row] = await context.db.select().from(lots).where(visibleLot(user, lotId));
      return row ? only(reply.on('lotById', await presentOneLot(context.db, row))) : lotNotFound();
    },
  },

  getLotSuggestions: {
    access: 'user',
    async handle(context, text) {
      const { user, db, services } = context;
      const prefixed = await db
        .select()
        .from(lots)
        .where(and(visibleLots(user), startsWith(text, services.config.lotPrefix)))
        .orderBy(asc(lots.lotNumber))
        .limit(LOT_SUGGESTIONS_MAX);
      const room = LOT_SUGGESTIONS_MAX - prefixed.length;
      const seen = prefixed.map((row) => row.id);
      const containing = room === 0 ? [] : await db
        .select()
        .from(lots)
        .where(and(visibleLots(user), contains(text), seen.length > 0 ? notInArray(lots.id, seen) : undefined))
        .orderBy(asc(lots.lotNumber))
        .limit(room);
      return only(reply.on('lotSuggestions', await presentLots(db, [...prefixed, ...containing])));
    },
  },

  getLotsBySkus: {
    access: 'user',
    async handle(context, lotNumbers) {
      const { user, services } = context;
      const asked = [...new Set(lotNumbers)];
      // Each as typed, or as people type it ('lot-7', '7': issue 31); a lot asked for twice is found once.
      const spellings = asked.map((lotNumber) => storedLotNumbers(lotNumber, services.config.lotPrefix));
      const rows = await context.db.select().from(lots).where(and(inArray(lots.lotNumber, [...new Set(spellings.flat())]), visibleLots(user)));
      const byNumber = new Map(rows.map((row) => [row.lotNumber, row]));
      const found = [...new Set(spellings.flatMap((each) => each.flatMap((spelling) => byNumber.get(spelling) ?? []).slice(0, 1)))];
      return only(reply.ok('FOUND_LOTS', await presentLots(context.db, found), ServerMessages.foundLots(found.length, asked.length)));
    },
  },
});
