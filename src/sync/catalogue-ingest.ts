// Ingest for the UPC catalogue (DESIGN §4): the suggestion topic (type-ahead values, or the rows of a Search)
// and the processUPCCrudRequest replies (UPC_GRUD_CREATED, SUGGESTION for READ, UPC_GRUD_UPDATED,
// UPC_GRUD_DELETED). Rows go into the replica's upcs table in one transaction, the user's pending intents laid
// back on top; a create of ours replaces its temporary row. Replies set the status message; the toasts that
// sum up a Save or an Update are the data-entry screen's (one per batch, not one per row).
import { z } from 'zod';
import { SuggestionResponseSchema, SuggestionType, UpcEntrySchema, type UpcEntry } from '../protocol/catalogue';
import type { Envelope } from '../protocol/envelope';
import { messageTypeName } from '../protocol/message-types';
import type { EnvelopeReader } from './announcer';
import { matchesSearch } from './catalogue-match';
import type { Catalogue } from './catalogue';
import type { Feedback } from './notifier';
import { remapTempId, withIntents } from './optimistic';
import type { ReplicaDb, ReplicaTables } from './replica';
import { parsed } from './parsed';
import { writeAsOwner } from './replica-owner';

const UpcList = z.array(UpcEntrySchema);
const ValueList = z.array(z.string());

export interface CatalogueIngest extends EnvelopeReader {
  /** /user/topics/suggestion: a getSuggestion reply. */
  readonly suggestion: (body: unknown) => Promise<void>;
}

export interface CatalogueIngestDeps {
  readonly db: ReplicaDb;
  readonly feedback: Feedback;
  readonly user: () => string | undefined;
  readonly catalogue: Pick<Catalogue, 'setSuggestions' | 'takeSearch' | 'setFound'>;
}

/** Only UpcEntry rows have ids; the server's rows are stored with ids above 0. */
const stored = (rows: readonly UpcEntry[]): UpcEntry[] => rows.filter((row) => row.id > 0);

export function createCatalogueIngest({ db, feedback, user, catalogue }: CatalogueIngestDeps): CatalogueIngest {
  const write = (work: (tables: ReplicaTables, who: string) => Promise<void>): Promise<void> => writeAsOwner(db, user(), work);

  async function putRows(rows: readonly UpcEntry[]): Promise<void> {
    await write(async (tables, who) => {
      await tables.upcs.bulkPut(await withIntents(tables, who, 'upcs', stored(rows)));
    });
  }

  async function suggestion(body: unknown): Promise<void> {
    const reply = parsed(SuggestionResponseSchema, body, 'suggestion');
    if (reply === undefined) return;
    const { suggestionType, suggestions, referenceId } = reply;
    if (suggestionType !== SuggestionType.ALL_FIELDS) {
      const values = parsed(ValueList, suggestions, 'suggestion values');
      if (values !== undefined) catalogue.setSuggestions(referenceId, values);
      return;
    }
    const rows = parsed(UpcList, suggestions, 'suggestion rows');
    if (rows === undefined) return;
    await putRows(rows);
    const search = catalogue.takeSearch(referenceId);
    if (search === undefined) return;
    // ASIN, MSRP and Wholesale Price are not sent: they narrow what the server found.
    catalogue.setFound({ ids: stored(rows).filter((row) => matchesSearch(row, search)).map((row) => row.id), search, local: false });
  }

  /** Our own create (its client-msg-id names the entry) replaces the temporary row with the server's. */
  async function created(rows: readonly UpcEntry[], clientMsgId: string | undefined): Promise<void> {
    await write(async (tables, who) => {
      const creator = clientMsgId === undefined ? undefined : await tables.outbox.where('clientMsgId').equals(clientMsgId).first();
      const [first] = stored(rows);
      if (creator !== undefined && creator.user === who && first !== undefined) await remapTempId(tables, creator, first.id);
      await tables.upcs.bulkPut(await withIntents(tables, who, 'upcs', stored(rows)));
    });
  }

  async function deleted(rows: readonly UpcEntry[]): Promise<void> {
    await write(async (tables) => {
      await tables.upcs.bulkDelete(rows.map((row) => row.id));
    });
  }

  async function apply(kind: string, envelope: Envelope, clientMsgId: string | undefined): Promise<void> {
    const rows = parsed(UpcList, envelope.data, `${kind} data`);
    if (rows === undefined) return;
    if (kind === 'UPC_GRUD_CREATED') await created(rows, clientMsgId);
    else if (kind === 'UPC_GRUD_DELETED') await deleted(rows);
    else await putRows(rows);
    if (clientMsgId !== undefined) feedback.status.ready(envelope.message ?? undefined);
  }

  function incoming(envelope: Envelope, clientMsgId: string | undefined): Promise<void> | undefined {
    const kind = messageTypeName(envelope.messageType);
    if (kind !== 'UPC_GRUD_CREATED' && kind !== 'UPC_GRUD_UPDATED' && kind !== 'UPC_GRUD_DELETED' && kind !== 'SUGGESTION') return undefined;
    return apply(kind, envelope, clientMsgId);
  }

  return { suggestion, incoming };
}
