// Lots replies and pushes into the replica (spec §4, §7, §8): the getLots list (which replaces the rows its
// filter covers), one lot (lotById and every lot-carrying reply or push), the suggestions and the found set, and
// deletions. Each write is one transaction with the user's pending intents laid back on top; a create of ours
// replaces its temporary row. Our own replies say their message once; another session's change merging into lots
// the table holds says 'Table Lot Updated.', and one that replaced a recent change of ours says so (./overwrites).
import { contract } from '../../protocol/contract';
import type { Envelope } from '../../protocol/envelope';
import type { Lot, LotsFilter } from '../../protocol/lots';
import { LotsFilterSchema } from '../../protocol/lots';
import { messageTypeName } from '../../protocol/message-types';
import { ClientMessages, ServerMessages } from '../../protocol/messages';
import type { EnvelopeHandler, IngestContext, TopicHandler } from '../../sync/domain';
import { showDone } from '../../sync/feedback/notifier';
import { parsed } from '../../sync/ingest/parsed';
import { withIntents } from '../../sync/outbox/optimistic';
import { readMeta, writeMeta } from '../../sync/replica/meta';
import type { ReplicaTables } from '../../sync/replica/replica';
import { coversByStatusOnly, replyCovers, selectedStatuses, type LotsScope } from './filter';
import { lotLookups } from './lookups';
import { rememberOurChange, replacedChanges } from './overwrites';
import { refusedLots } from './refused';
import { lotsTable, OWN_USER_ID, type LotRow } from './tables';

const LotList = contract.getLots.reply.data;
const OneLot = contract.getLotById.reply.data;
const DeletedIds = contract.deleteLots.reply.data;
const Suggestions = contract.getLotSuggestions.reply.data;

/** One user id shared by every lot of a non-empty list: the asker's own, when the list is "my lots". */
function soleUserId(lots: readonly Lot[]): number | undefined {
  const first = lots[0]?.userId;
  return first !== undefined && lots.every((lot) => lot.userId === first) ? first : undefined;
}

/** Rows whose stored copy differs; re-putting an equal row would only make the table render it again. */
async function changedRows(db: ReplicaTables, rows: readonly LotRow[]): Promise<{ changed: LotRow[]; known: number }> {
  const stored = await db.rows(lotsTable).bulkGet(rows.map((row) => row.id));
  const changed = rows.filter((row, index) => JSON.stringify(stored[index]) !== JSON.stringify(row));
  return { changed, known: stored.filter((row) => row !== undefined).length };
}

/** Stores the server's lots (pending intents laid on top) in the running write; how many were already stored. */
export async function putLots(db: ReplicaTables, user: string, lots: readonly Lot[]): Promise<number> {
  const rows = await changedRows(db, await withIntents(db, user, lotsTable.name, lots));
  await db.rows(lotsTable).bulkPut(rows.changed);
  return rows.known;
}

/** Each lot where a newer change from elsewhere replaced a recent one of ours, said once (issue 13). */
function warnReplaced(context: IngestContext, messages: readonly string[]): void {
  for (const message of messages) context.feedback.notifier.warning(message);
}

/** Stored rows the reply's filter covered that the reply no longer holds (pending rows stay). */
async function staleLots(db: ReplicaTables, filter: LotsFilter, scope: LotsScope, kept: ReadonlySet<number>): Promise<number[]> {
  const covers = replyCovers(filter, scope);
  if (covers === undefined) return [];
  const lots = db.rows(lotsTable);
  // One equals() per status, not anyOf(): a plain key range is one getAllKeys, anyOf walks a cursor.
  const byStatus = selectedStatuses(filter).map((status) => lots.where('status').equals(status));
  const keys = coversByStatusOnly(filter, scope)
    ? (await Promise.all(byStatus.map((rows) => rows.primaryKeys()))).flat()
    : (await Promise.all(byStatus.map((rows) => rows.toArray()))).flat().filter(covers).map((lot) => lot.id);
  const pending = new Set(await lots.where('pending').equals(1).primaryKeys());
  return keys.filter((id) => !kept.has(id) && !pending.has(id));
}

/** /user/topics/lots: the getLots reply, paired with the filter it answers by its request-id. */
const lotsTopic: TopicHandler = (body, context) => {
  const list = parsed(LotList, body, 'lots');
  if (list === undefined) return;
  const asked = context.request?.destination === 'getLots' ? LotsFilterSchema.safeParse(context.request.body) : undefined;
  const requested = asked?.success ? asked.data : undefined;
  let replaced: string[] = [];
  const stored = context.write(async (db, { user, isAdmin }) => {
    const mine = requested !== undefined && (requested.myLots || !isAdmin) ? soleUserId(list) : undefined;
    if (mine !== undefined) await writeMeta(db, OWN_USER_ID, mine);
    if (requested !== undefined) {
      const scope = { isAdmin, ownUserId: await readMeta(db, OWN_USER_ID) };
      await db.rows(lotsTable).bulkDelete(await staleLots(db, requested, scope, new Set(list.map((lot) => lot.id))));
    }
    await db.rows(lotsTable).bulkPut(await withIntents(db, user, lotsTable.name, list));
    replaced = await replacedChanges(db, list, Date.now());
  });
  return stored.then(() => warnReplaced(context, replaced));
};

const lotByIdTopic: TopicHandler = (body, context) => {
  const lot = parsed(OneLot, body, 'lotById');
  if (lot === undefined) return;
  refusedLots.forget(lot.id);
  let replaced: string[] = [];
  const stored = context.write(async (db, { user }) => {
    await putLots(db, user, [lot]);
    replaced = await replacedChanges(db, [lot], Date.now());
  });
  return stored.then(() => warnReplaced(context, replaced));
};

const lotSuggestionsTopic: TopicHandler = (body) => {
  const list = parsed(Suggestions, body, 'lotSuggestions');
  if (list !== undefined) lotLookups.setSuggestions(list);
};

/**
 * A lot change: the answer to one of our entries shows its message; a push from another session merging into lots
 * the table holds says 'Table Lot Updated.' (spec §4, §8). Unchanged rows are not rewritten, so the selection stays.
 */
function announceChange(envelope: Envelope, context: IngestContext, known: number): void {
  if (context.clientMsgId !== undefined) context.announce(envelope.message);
  else if (known > 0) context.feedback.notifier.info(ClientMessages.tableLotUpdated);
}

/** CREATED_MANIFEST: our own create (its client-msg-id names the entry) replaces the temporary row. */
const createdManifest: EnvelopeHandler = async (envelope, context) => {
  const lot = parsed(OneLot, envelope.data, 'CREATED_MANIFEST data');
  if (lot === undefined) return;
  await context.write(async (db, who) => {
    if ((await context.created(db, who, lot.id)) !== undefined) await writeMeta(db, OWN_USER_ID, lot.userId);
    await db.rows(lotsTable).bulkPut(await withIntents(db, who.user, lotsTable.name, [lot]));
  });
  context.announce(envelope.message);
};

/**
 * Changed lots from a reply or a push, stored under our pending changes. Our own answer remembers what our change
 * stored; a push that replaced a recent change of ours says so (./overwrites).
 */
async function mergeChangedLots(envelope: Envelope, context: IngestContext, lots: readonly Lot[]): Promise<void> {
  let known = 0;
  let replaced: string[] = [];
  await context.write(async (db, who) => {
    known = await putLots(db, who.user, lots);
    if (context.clientMsgId !== undefined) await rememberOurChange(db, await context.entry(db, who), lots, Date.now());
    else replaced = await replacedChanges(db, lots, Date.now());
  });
  announceChange(envelope, context, known);
  warnReplaced(context, replaced);
}

const lotChanged: EnvelopeHandler = async (envelope, context) => {
  const lot = parsed(OneLot, envelope.data, `${messageTypeName(envelope.messageType) ?? 'lot'} data`);
  if (lot !== undefined) await mergeChangedLots(envelope, context, [lot]);
};

/** COPIED_MANIFEST: the new lot joins the replica; the user reads its number. */
const copiedManifest: EnvelopeHandler = async (envelope, context) => {
  const lot = parsed(OneLot, envelope.data, 'COPIED_MANIFEST data');
  if (lot === undefined) return;
  await context.write(async (db, { user }) => void (await putLots(db, user, [lot])));
  context.announce(ServerMessages.copiedManifest(lot.lotNumber));
};

/** FOUND_LOTS (getLotsBySkus): the lots go into the replica and become the page's found set. */
const foundLots: EnvelopeHandler = async (envelope, context) => {
  const list = parsed(LotList, envelope.data, 'FOUND_LOTS data');
  if (list === undefined) return;
  await context.write(async (db, { user }) => void (await putLots(db, user, list)));
  lotLookups.setFound(list);
  showDone(context.feedback, envelope.message ?? undefined);
};

const lotsChanged: EnvelopeHandler = async (envelope, context) => {
  const list = parsed(LotList, envelope.data, 'UPDATED_LOTS data');
  if (list !== undefined) await mergeChangedLots(envelope, context, list);
};

const deletedLots: EnvelopeHandler = async (envelope, context) => {
  const ids = parsed(DeletedIds, envelope.data, 'DELETED_LOTS data');
  if (ids === undefined) return;
  let known = 0;
  await context.write(async (db) => {
    known = (await db.rows(lotsTable).bulkGet(ids)).filter((row) => row !== undefined).length;
    await db.rows(lotsTable).bulkDelete(ids);
  });
  announceChange(envelope, context, known);
};

export const lotMessages = {
  CREATED_MANIFEST: createdManifest,
  UPDATED_LOT_TITLE: lotChanged,
  UPDATED_LOT: lotChanged,
  COPIED_MANIFEST: copiedManifest,
  FOUND_LOTS: foundLots,
  UPDATED_LOTS: lotsChanged,
  DELETED_LOTS: deletedLots,
} as const;

export const lotTopics = { lots: lotsTopic, lotById: lotByIdTopic, lotSuggestions: lotSuggestionsTopic } as const;
