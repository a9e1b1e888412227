// Auction topics into the replica (spec §7, §8): allAuctions replaces the events, createdAuctionEvent puts one (our
// create made offline gets its real id), updatedAuctionEvent puts one, auctionEventManifests replaces the rows of the
// event it answers, updatedAuctionEventManifests puts rows (edits and moves), deletedAuctionEventManifests removes
// them, manifestsAddedToAuctionEvent stores the lots (the Lots page's Auction column) and asks for the event's rows
// again. Rows with a change of ours pending stay, that change on top, until it settles.
import { contract } from '../../protocol/contract';
import type { AuctionEventManifest } from '../../protocol/entities';
import type { Lot } from '../../protocol/lots';
import { AuctionMessages } from '../../protocol/messages';
import type { IngestContext, TopicHandler } from '../../sync/domain';
import { parsed } from '../../sync/ingest/parsed';
import { serverVersion, withIntents } from '../../sync/outbox/optimistic';
import type { ReplicaTables } from '../../sync/replica/replica';
import { lotsTable, putLots } from '../lots';
import { auctionEventsTable, auctionManifestsTable } from './tables';

const Events = contract.getAllAuctionEvents.reply.data;
const Event = contract.createAuctionEvent.reply.data;
const Rows = contract.getAuctionEventManifestsByEventId.reply.data;
const RowsAsked = contract.getAuctionEventManifestsByEventId.payload;
const AddedLots = contract.addManifestsToAuctionEvent.reply.data;

const ours = (context: IngestContext): boolean => context.clientMsgId !== undefined;

/**
 * The rows' lots (each with its auction entries as the server has them now) replace the ones this device holds, so
 * the Lots page's Auction column follows; a lot it does not hold (another person's) is not added.
 */
async function putHeldLots(db: ReplicaTables, user: string, rows: readonly AuctionEventManifest[]): Promise<void> {
  const held = await db.rows(lotsTable).bulkGet(rows.map((row) => row.manifest.id));
  await putLots(db, user, rows.map((row) => row.manifest).filter((_, index) => held[index] !== undefined));
}

/**
 * Lots another domain's reply carries (a listing's, an unlisting's) replace their copies in this device's auction rows,
 * so the Auctions screen's status follows without asking for the rows again; a pending change of ours stays on top.
 * A scan, not an index: the table holds only the rows of events opened here, and an index would cost a replica version.
 */
export async function putAuctionRowLots(db: ReplicaTables, user: string, lots: readonly Lot[]): Promise<void> {
  const byId = new Map(lots.map((lot) => [lot.id, lot]));
  const held = await db.rows(auctionManifestsTable).filter((row) => byId.has(row.manifest.id)).toArray();
  const fresh = held.flatMap((row) => {
    const server = serverVersion<AuctionEventManifest>(row);
    const lot = byId.get(row.manifest.id);
    return server === undefined || lot === undefined ? [] : [{ ...server, manifest: lot }];
  });
  if (fresh.length > 0) await db.rows(auctionManifestsTable).bulkPut(await withIntents(db, user, auctionManifestsTable.name, fresh));
}

const allAuctions: TopicHandler = (body, context) => {
  const events = parsed(Events, body, 'auction events');
  if (events === undefined) return;
  return context.write(async (db, { user }) => {
    const kept = new Set(events.map(({ id }) => id));
    const table = db.rows(auctionEventsTable);
    await table.filter((row) => row.pending !== 1 && !kept.has(row.id)).delete();
    await table.bulkPut(await withIntents(db, user, auctionEventsTable.name, events));
  });
};

const eventCreated: TopicHandler = (body, context) => {
  const event = parsed(Event, body, 'auction event');
  if (event === undefined) return;
  return context.write(async (db, who) => {
    await context.created(db, who, event.id);
    await db.rows(auctionEventsTable).bulkPut(await withIntents(db, who.user, auctionEventsTable.name, [event]));
  });
};

const eventUpdated: TopicHandler = (body, context) => {
  const event = parsed(Event, body, 'auction event');
  if (event === undefined) return;
  return context.write(async (db, { user }) => void (await db.rows(auctionEventsTable).bulkPut(await withIntents(db, user, auctionEventsTable.name, [event]))));
};

const eventRows: TopicHandler = (body, context) => {
  const rows = parsed(Rows, body, 'auction lots');
  if (rows === undefined) return;
  const asked = context.request?.destination === 'getAuctionEventManifestsByEventId' ? RowsAsked.safeParse(context.request.body) : undefined;
  return context.write(async (db, { user }) => {
    const table = db.rows(auctionManifestsTable);
    if (asked?.success === true) {
      const kept = new Set(rows.map(({ id }) => id));
      await table.where('auctionEvent.id').equals(asked.data).filter((row) => row.pending !== 1 && !kept.has(row.id)).delete();
    }
    await table.bulkPut(await withIntents(db, user, auctionManifestsTable.name, rows));
  });
};

const rowsUpdated: TopicHandler = (body, context) => {
  const rows = parsed(Rows, body, 'auction lots');
  if (rows === undefined) return;
  return context.write(async (db, { user }) => {
    await db.rows(auctionManifestsTable).bulkPut(await withIntents(db, user, auctionManifestsTable.name, rows));
    await putHeldLots(db, user, rows);
  });
};

/** Removed rows leave; their lots (without the entry) replace the ones this device holds, so the Auction column follows. */
const rowsDeleted: TopicHandler = (body, context) => {
  const rows = parsed(Rows, body, 'removed auction lots');
  if (rows === undefined) return;
  return context.write(async (db, { user }) => {
    await db.rows(auctionManifestsTable).bulkDelete(rows.map(({ id }) => id));
    await putHeldLots(db, user, rows);
  });
};

/** The lots now carrying their entry; the events' rows are asked again (kept queries) to show them in sale order. */
const lotsAdded: TopicHandler = async (body, context) => {
  const lots = parsed(AddedLots, body, 'lots added to an auction event');
  if (lots === undefined) return;
  await context.write(async (db, { user }) => void (await putLots(db, user, lots)));
  context.invalidate('getAuctionEventManifestsByEventId');
  if (ours(context)) context.announce(AuctionMessages.added);
};

export const auctionTopics = {
  allAuctions,
  createdAuctionEvent: eventCreated,
  updatedAuctionEvent: eventUpdated,
  auctionEventManifests: eventRows,
  updatedAuctionEventManifests: rowsUpdated,
  deletedAuctionEventManifests: rowsDeleted,
  manifestsAddedToAuctionEvent: lotsAdded,
} as const satisfies Record<string, TopicHandler>;
