// The auction destinations of spec §7 (DESIGN §5: auction events are shared by all staff; a lot is added by those who
// may change it). Replies go on the spec's dedicated topics; a refusal is an envelope on incomingMessages, which the
// auctions screen shows with the not-found sound (spec §8). Each change is pushed to the sender's other sessions and
// the admins'.
import { desc, eq, inArray } from 'drizzle-orm';
import { ErrorCode } from '../../../src/protocol/error-codes';
import { AuctionMessages } from '../../../src/protocol/messages';
import { auctionEventManifests, auctionEvents } from '../../db';
import { andPush, defineHandlers, only, refuse, reply, replyAndPush, type UserContext } from '../handler';
import { lockVisibleLots, lotNotFound, presentLots, replyAndPushPerOwner } from '../lots';
import { presentAuctionEvent } from './presenters';
import { eventById, moveRow, nextSortOrder, placeRows, presentRows, renumberSales, rowsWithIds } from './queries';

const EVENTS_MAX = 500;

const eventNotFound = (id: number) => refuse(ErrorCode.NOT_FOUND, AuctionMessages.eventNotFound(id));
const rowNotFound = (id: number) => refuse(ErrorCode.NOT_FOUND, AuctionMessages.rowNotFound(id));
const toDate = (value: string | null | undefined): Date | null | undefined => (value === undefined ? undefined : value === null ? null : new Date(value));

async function moved(context: UserContext, id: number, step: -1 | 1) {
  const changed = await moveRow(context.db, id, step);
  if (changed === undefined) return rowNotFound(id);
  const rows = changed.length === 0 ? [] : await presentRows(context.db, rowsWithIds(changed));
  return replyAndPush(reply.on('updatedAuctionEventManifests', rows), context.user.username);
}

export const auctionHandlers = defineHandlers({
  getAllAuctionEvents: {
    access: 'user',
    async handle({ db }) {
      const rows = await db.select().from(auctionEvents).orderBy(desc(auctionEvents.createdAt), desc(auctionEvents.id)).limit(EVENTS_MAX);
      return only(reply.on('allAuctions', rows.map(presentAuctionEvent)));
    },
  },

  createAuctionEvent: {
    access: 'user',
    async handle({ db, user }, { label }) {
      const [row] = await db.insert(auctionEvents).values({ title: label }).returning();
      if (row === undefined) throw new Error('an insert returned no row');
      return replyAndPush(reply.on('createdAuctionEvent', presentAuctionEvent(row)), user.username);
    },
  },

  updateAuctionEvent: {
    access: 'user',
    async handle({ db, user }, event) {
      const [row] = await db
        .update(auctionEvents)
        .set({ title: event.title, startTime: toDate(event.startTime), endTime: toDate(event.endTime) })
        .where(eq(auctionEvents.id, event.id))
        .returning();
      if (row === undefined) return eventNotFound(event.id);
      return replyAndPush(reply.on('updatedAuctionEvent', presentAuctionEvent(row)), user.username);
    },
  },

  getAuctionEventManifestsByEventId: {
    access: 'user',
    async handle({ db }, eventId) {
      if ((await eventById(db, eventId)) === undefined) return eventNotFound(eventId);
      return only(reply.on('auctionEventManifests', await presentRows(db, eq(auctionEventManifests.auctionEventId, eventId))));
    },
  },

  addManifestsToAuctionEvent: {
    access: 'user',
    async handle({ db, user }, { auctionEventId, manifestIds }) {
      if ((await eventById(db, auctionEventId)) === undefined) return eventNotFound(auctionEventId);
      const locked = await lockVisibleLots(db, user, manifestIds);
      if (locked === undefined) return lotNotFound();
      // Appended in the order asked; a lot already in the event keeps its place.
      const first = await nextSortOrder(db, auctionEventId);
      const wanted = [...new Set(manifestIds)];
      await db
        .insert(auctionEventManifests)
        .values(wanted.map((manifestId, index) => ({ manifestId, auctionEventId, sortOrder: first + index })))
        .onConflictDoNothing({ target: [auctionEventManifests.auctionEventId, auctionEventManifests.manifestId] });
      const byId = new Map(locked.map((row) => [row.id, row]));
      const inOrder = wanted.flatMap((id) => byId.get(id) ?? []);
      const presented = new Map((await presentLots(db, inOrder)).map((lot) => [lot.id, lot]));
      return replyAndPushPerOwner(db, user, inOrder, (theirs) => reply.on('manifestsAddedToAuctionEvent', theirs.flatMap((row) => presented.get(row.id) ?? [])));
    },
  },

  updateAuctionEventManifests: {
    access: 'user',
    async handle({ db, user }, rows) {
      const ids = rows.map((row) => row.id);
      const found = await db
        .select({ id: auctionEventManifests.id, eventId: auctionEventManifests.auctionEventId })
        .from(auctionEventManifests)
        .where(inArray(auctionEventManifests.id, ids))
        .for('update');
      const eventOf = new Map(found.map((row) => [row.id, row.eventId]));
      const missing = ids.find((id) => !eventOf.has(id));
      if (missing !== undefined) return rowNotFound(missing);
      // A row sent twice: its later values win, as they were typed. A field left out stays as it is.
      for (const row of rows) {
        const fields = {
          auctionTitle: row.auctionTitle === undefined ? undefined : row.auctionTitle ?? '',
          startingPrice: row.startingPrice === undefined ? undefined : row.startingPrice ?? 0,
          startTime: toDate(row.startTime),
          endTime: toDate(row.endTime),
        };
        if (Object.values(fields).some((value) => value !== undefined)) await db.update(auctionEventManifests).set(fields).where(eq(auctionEventManifests.id, row.id));
      }
      const placements = rows.flatMap(({ id, sortOrder }) => (sortOrder === undefined ? [] : [{ id, place: sortOrder, eventId: eventOf.get(id) ?? 0 }]));
      const renumbered = await placeRows(db, placements);
      const replied = [...new Set([...ids, ...renumbered])];
      return replyAndPush(reply.on('updatedAuctionEventManifests', await presentRows(db, rowsWithIds(replied))), user.username);
    },
  },

  deleteAuctionEventManifests: {
    access: 'user',
    async handle({ db, user }, refs) {
      const ids = [...new Set(refs.map((ref) => ref.id))];
      const removed = await presentRows(db, rowsWithIds(ids));
      const missing = ids.find((id) => !removed.some((row) => row.id === id));
      if (missing !== undefined) return rowNotFound(missing);
      await db.delete(auctionEventManifests).where(inArray(auctionEventManifests.id, ids));
      // Each removed row's lot as it is now: without the removed entries.
      const gone = new Set(ids);
      const withoutGone = removed.map((row) => ({
        ...row,
        manifest: { ...row.manifest, auctionEventManifests: row.manifest.auctionEventManifests.filter((entry) => entry.id === undefined || !gone.has(entry.id)) },
      }));
      const result = replyAndPush(reply.on('deletedAuctionEventManifests', withoutGone), user.username);
      // The rows after a removed one move up: the sale stays numbered 1..N, and the sender and the others see it.
      const renumbered = await renumberSales(db, removed.map((row) => row.auctionEvent.id));
      if (renumbered.length === 0) return result;
      const shifted = reply.on('updatedAuctionEventManifests', await presentRows(db, rowsWithIds(renumbered)));
      return andPush({ ...result, replies: [...result.replies, shifted] }, user.username, shifted);
    },
  },

  moveUpManifestInAuctionEvent: {
    access: 'user',
    handle: (context, id) => moved(context, id, -1),
  },

  moveDownManifestInAuctionEvent: {
    access: 'user',
    handle: (context, id) => moved(context, id, 1),
  },
});
