// Ingest for the UPC catalogue (DESIGN §4): the suggestion topic (type-ahead values, or the rows of a Search), the
// catalogue cache a device keeps for scanning offline (issue 31), and the
// processUPCCrudRequest replies (UPC_GRUD_CREATED, SUGGESTION for READ, UPC_GRUD_UPDATED, UPC_GRUD_DELETED). Rows go
// into the replica's upcs table in one transaction, the user's pending intents laid back on top; a create of ours
// replaces its temporary row. Replies set the status message; the toasts that sum up a Save or an Update are the
// data-entry screen's (one per batch, not one per row). A refusal is shown as spec §8 data entry says.
import { z } from 'zod';
import { SuggestionResponseSchema, SuggestionType, UpcEntrySchema, type UpcEntry } from '../../protocol/catalogue';
import type { Envelope } from '../../protocol/envelope';
import { messageTypeName } from '../../protocol/message-types';
import type { EnvelopeHandler, IngestContext, RefusalHandler, SignedIn, TopicHandler } from '../../sync/domain';
import { parsed } from '../../sync/ingest/parsed';
import { withIntents } from '../../sync/outbox/optimistic';
import type { ReplicaTables } from '../../sync/replica/replica';
import { catalogue, replicaSuggestions, type CatalogueAsk } from './catalogue';
import { matchesSearch } from './match';
import { cacheFilled, evictOverBudget, touchUpcs } from './offline-cache';
import { upcsTable } from './tables';

const UpcList = z.array(UpcEntrySchema);
const ValueList = z.array(z.string());

/** Only UpcEntry rows have ids; the server's rows are stored with ids above 0. */
const stored = (rows: readonly UpcEntry[]): UpcEntry[] => rows.filter((row) => row.id > 0);

async function putRows(db: ReplicaTables, user: string, rows: readonly UpcEntry[]): Promise<void> {
  await db.rows(upcsTable).bulkPut(await withIntents(db, user, upcsTable.name, stored(rows)));
}

/** What the request this reply answers was for (its request-id named it). */
function askOf(context: IngestContext): CatalogueAsk | undefined {
  const ask = context.request?.context;
  return typeof ask === 'object' && ask !== null && ('field' in ask || 'search' in ask) ? (ask as CatalogueAsk) : undefined;
}

/** /user/topics/suggestion: a getSuggestion reply. */
const suggestion: TopicHandler = async (body, context) => {
  const reply = parsed(SuggestionResponseSchema, body, 'suggestion');
  if (reply === undefined) return;
  const ask = askOf(context);
  if (reply.suggestionType !== SuggestionType.ALL_FIELDS) {
    const values = parsed(ValueList, reply.suggestions, 'suggestion values');
    if (values !== undefined && ask !== undefined && 'field' in ask) catalogue.setSuggestions(ask.field, values);
    return;
  }
  const rows = parsed(UpcList, reply.suggestions, 'suggestion rows');
  if (rows === undefined) return;
  await context.write(async (db, { user }) => {
    await putRows(db, user, rows);
    // Searched for: kept for scanning offline (within the budget).
    await touchUpcs(db, stored(rows).map((row) => row.id));
    await evictOverBudget(db);
    // ASIN, MSRP or Wholesale Price: its values among what the replica now holds, these rows included.
    if (ask !== undefined && 'typed' in ask) catalogue.setSuggestions(ask.field, await replicaSuggestions(db, ask.field, ask.typed));
  });
  if (ask === undefined || !('search' in ask)) return;
  // ASIN, MSRP and Wholesale Price are not sent: they narrow what the server found.
  const { search } = ask;
  catalogue.setFound({ ids: stored(rows).filter((row) => matchesSearch(row, search)).map((row) => row.id), search, local: false }, true);
};

function rowsReply(apply: (db: ReplicaTables, rows: readonly UpcEntry[], context: IngestContext, who: SignedIn) => Promise<void>): EnvelopeHandler {
  return async (envelope: Envelope, context) => {
    const rows = parsed(UpcList, envelope.data, `${messageTypeName(envelope.messageType) ?? 'catalogue'} data`);
    if (rows === undefined) return;
    await context.write((db, who) => apply(db, rows, context, who));
    if (context.clientMsgId !== undefined) context.feedback.status.ready(envelope.message ?? undefined);
  };
}

export const upcMessages = {
  /** Our own create (its client-msg-id names the entry) replaces the temporary row with the server's. */
  UPC_GRUD_CREATED: rowsReply(async (db, rows, context, who) => {
    const [first] = stored(rows);
    if (first !== undefined) await context.created(db, who, first.id);
    await putRows(db, who.user, rows);
  }),
  UPC_GRUD_UPDATED: rowsReply((db, rows, _context, { user }) => putRows(db, user, rows)),
  SUGGESTION: rowsReply((db, rows, _context, { user }) => putRows(db, user, rows)),
  UPC_GRUD_DELETED: rowsReply(async (db, rows) => {
    await db.rows(upcsTable).bulkDelete(rows.map((row) => row.id));
  }),
} as const;

/** /user/topics/catalogueCache: the entries this device keeps for scanning offline (./offline-cache.ts). */
const catalogueCache: TopicHandler = async (body, context) => {
  const rows = parsed(UpcList, body, 'catalogue cache');
  if (rows === undefined) return;
  await context.write(async (db, { user }) => {
    await putRows(db, user, rows);
    await cacheFilled(db, stored(rows).map((row) => row.id));
  });
};

export const upcTopics = { suggestion, catalogueCache } as const;

/**
 * A refused catalogue change (spec §8 data entry): whatever the code (BAD_REQUEST, FORBIDDEN, NOT_FOUND, …), the
 * server's message as an error toast and as the status message, and the not-found sound.
 */
export const showDataEntryError: RefusalHandler = (envelope, { notifier, status }) => {
  const message = envelope.message ?? '';
  status.ready(message || undefined);
  if (message) notifier.error(message);
  notifier.sound('notFound');
};
