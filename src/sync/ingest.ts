// Ingest (DESIGN §4): every reply and push lands here, is validated against the wire contract, and is
// written into the replica in one Dexie transaction per message, the user's pending intents laid back on
// top (optimistic.ts). Screens re-render from the replica. What the user reads and hears about a reply goes
// through the notifier (notifier.ts). One function per topic and message type; nothing here sends.
import { CLIENT_MSG_ID_HEADER } from '../protocol/auth';
import { contract } from '../protocol/contract';
import { Destination } from '../protocol/destinations';
import { EnvelopeSchema, type Envelope } from '../protocol/envelope';
import { ErrorCode } from '../protocol/error-codes';
import { messageTypeName } from '../protocol/message-types';
import type { Lot, LotsFilter } from '../protocol/lots';
import { createAnnouncer, type EnvelopeReader } from './announcer';
import { coversByStatusOnly, replyCovers, selectedStatuses, type LotsScope } from './lots-filter';
import type { LotLookups } from './lot-lookups';
import { showDataEntryError, showDone, showNotUsed, showReplyError, showUnknownReply, type Feedback } from './notifier';
import { remapTempId, withIntents } from './optimistic';
import { parsed } from './parsed';
import { writeAsOwner } from './replica-owner';
import { readMeta, writeMeta, type LotRow, type ReplicaDb, type ReplicaTables } from './replica';
import { ClientMessages, ServerMessages } from '../protocol/messages';

/** The signed-in user as ingest needs them; undefined while nobody is (nothing is then written). */
export interface IngestUser {
  readonly user: string;
  readonly isAdmin: boolean;
}

export interface IngestDeps {
  readonly db: ReplicaDb;
  readonly feedback: Feedback;
  readonly signedIn: () => IngestUser | undefined;
  /** Another reader of incomingMessages (the categories): true when it took the body. */
  readonly categories?: { readonly ingest: (body: unknown) => boolean };
  /** The other readers of OK envelopes (the catalogue, boxes and items), asked in order. */
  readonly readers?: readonly EnvelopeReader[];
  /** Where the Lots page's look-up answers go (suggestions, the found set); without it they are dropped. */
  readonly lookups?: Pick<LotLookups, 'setSuggestions' | 'setFound'>;
}

export type Headers = Readonly<Record<string, string | undefined>>;

export interface Ingest {
  /** /user/topics/incomingMessages: the envelope of a reply or a push. */
  readonly incoming: (body: unknown, headers?: Headers) => Promise<void>;
  /** /user/topics/lots: the getLots reply; `requested` is the filter it answers, when known. */
  readonly lots: (body: unknown, requested: LotsFilter | undefined) => Promise<void>;
  /** /user/topics/lotById: one lot. */
  readonly lotById: (body: unknown) => Promise<void>;
  /** /user/topics/lotSuggestions: the search box's suggestions (kept in memory, not cached as lots). */
  readonly lotSuggestions: (body: unknown) => void;
}

const LotList = contract.getLots.reply.data;
const OneLot = contract.getLotById.reply.data;
const DeletedIds = contract.deleteLots.reply.data;
const FoundLots = contract.getLotsBySkus.reply.data;
const Suggestions = contract.getLotSuggestions.reply.data;

/** One user id shared by every lot of a non-empty list: the asker's own, when the list is "my lots". */
function soleUserId(lots: readonly Lot[]): number | undefined {
  const first = lots[0]?.userId;
  return first !== undefined && lots.every((lot) => lot.userId === first) ? first : undefined;
}

/** Rows whose stored copy differs; re-putting an equal row would only make the table render it again. */
async function changedRows(db: ReplicaTables, rows: readonly LotRow[]): Promise<{ changed: LotRow[]; known: number }> {
  const stored = await db.lots.bulkGet(rows.map((row) => row.id));
  const changed = rows.filter((row, index) => JSON.stringify(stored[index]) !== JSON.stringify(row));
  return { changed, known: stored.filter((row) => row !== undefined).length };
}

export function createIngest({ db, feedback, signedIn, categories, readers = [], lookups }: IngestDeps): Ingest {
  const announceOnce = createAnnouncer(feedback);

  /** Runs `work` in one read-write transaction for the signed-in user's replica; nothing when signed out. */
  async function write(work: (tables: ReplicaTables, who: IngestUser) => Promise<void>): Promise<void> {
    const who = signedIn();
    if (who !== undefined) await writeAsOwner(db, who.user, (tables) => work(tables, who));
  }

  /** Stores the server's lots (pending intents laid on top); resolves with how many were already stored. */
  async function putLots(lots: readonly Lot[]): Promise<number> {
    let known = 0;
    await write(async (db, { user }) => {
      const rows = await changedRows(db, await withIntents(db, user, 'lots', lots));
      known = rows.known;
      await db.lots.bulkPut(rows.changed);
    });
    return known;
  }

  /** Stored rows the reply's filter covered that the reply no longer holds (pending rows stay). */
  async function staleLots(db: ReplicaTables, filter: LotsFilter, scope: LotsScope, kept: ReadonlySet<number>): Promise<number[]> {
    const covers = replyCovers(filter, scope);
    if (covers === undefined) return [];
    // One equals() per status, not anyOf(): a plain key range is one getAllKeys, anyOf walks a cursor.
    const byStatus = selectedStatuses(filter).map((status) => db.lots.where('status').equals(status));
    const keys = coversByStatusOnly(filter, scope)
      ? (await Promise.all(byStatus.map((rows) => rows.primaryKeys()))).flat()
      : (await Promise.all(byStatus.map((rows) => rows.toArray()))).flat().filter(covers).map((lot) => lot.id);
    const pending = new Set(await db.lots.where('pending').equals(1).primaryKeys());
    return keys.filter((id) => !kept.has(id) && !pending.has(id));
  }

  async function lots(body: unknown, requested: LotsFilter | undefined): Promise<void> {
    const list = parsed(LotList, body, 'lots');
    if (list === undefined) return;
    await write(async (db, { user, isAdmin }) => {
      const mine = requested !== undefined && (requested.myLots || !isAdmin) ? soleUserId(list) : undefined;
      if (mine !== undefined) await writeMeta(db, 'ownUserId', mine);
      if (requested !== undefined) {
        const scope = { isAdmin, ownUserId: await readMeta(db, 'ownUserId') };
        await db.lots.bulkDelete(await staleLots(db, requested, scope, new Set(list.map((lot) => lot.id))));
      }
      await db.lots.bulkPut(await withIntents(db, user, 'lots', list));
    });
  }

  async function lotById(body: unknown): Promise<void> {
    const lot = parsed(OneLot, body, 'lotById');
    if (lot !== undefined) await putLots([lot]);
  }

  /** CREATED_MANIFEST: our own create (its client-msg-id names the entry) replaces the temporary row. */
  async function createdManifest(envelope: Envelope, clientMsgId: string | undefined): Promise<void> {
    const lot = parsed(OneLot, envelope.data, 'CREATED_MANIFEST data');
    if (lot === undefined) return;
    await write(async (db, { user }) => {
      const creator = clientMsgId === undefined ? undefined : await db.outbox.where('clientMsgId').equals(clientMsgId).first();
      if (creator !== undefined && creator.user === user) {
        await remapTempId(db, creator, lot.id);
        await writeMeta(db, 'ownUserId', lot.userId);
      }
      await db.lots.bulkPut(await withIntents(db, user, 'lots', [lot]));
    });
    announce(envelope, clientMsgId);
  }

  function announce(envelope: Envelope, clientMsgId: string | undefined): void {
    announceOnce(envelope.message, clientMsgId);
  }

  /**
   * A lot change: the answer to one of our entries (it carries the client-msg-id) shows its message; a push
   * from another session (none) merging into lots the table holds says 'Table Lot Updated.' (spec §4, §8).
   * Rows keep their ids and unchanged ones are not rewritten, so the page's selection stays.
   */
  function announceChange(envelope: Envelope, clientMsgId: string | undefined, known: number): void {
    if (clientMsgId !== undefined) return announce(envelope, clientMsgId);
    if (known > 0) feedback.notifier.info(ClientMessages.tableLotUpdated);
  }

  async function lotReply(envelope: Envelope, clientMsgId: string | undefined): Promise<void> {
    const lot = parsed(OneLot, envelope.data, `${messageTypeName(envelope.messageType) ?? 'lot'} data`);
    if (lot === undefined) return;
    announceChange(envelope, clientMsgId, await putLots([lot]));
  }

  /** COPIED_MANIFEST: the new lot joins the replica; the user reads its number. */
  async function copiedManifest(envelope: Envelope, clientMsgId: string | undefined): Promise<void> {
    const lot = parsed(OneLot, envelope.data, 'COPIED_MANIFEST data');
    if (lot === undefined) return;
    await putLots([lot]);
    announce({ ...envelope, message: ServerMessages.copiedManifest(lot.lotNumber) }, clientMsgId);
  }

  /** FOUND_LOTS (getLotsBySkus): the lots go into the replica and become the page's found set. */
  async function foundLots(envelope: Envelope): Promise<void> {
    const list = parsed(FoundLots, envelope.data, 'FOUND_LOTS data');
    if (list === undefined) return;
    await putLots(list);
    lookups?.setFound(list);
    showDone(feedback, envelope.message);
  }

  function lotSuggestions(body: unknown): void {
    const list = parsed(Suggestions, body, 'lotSuggestions');
    if (list !== undefined) lookups?.setSuggestions(list);
  }

  async function lotsReply(envelope: Envelope, clientMsgId: string | undefined): Promise<void> {
    const list = parsed(LotList, envelope.data, 'UPDATED_LOTS data');
    if (list === undefined) return;
    announceChange(envelope, clientMsgId, await putLots(list));
  }

  async function deletedLots(envelope: Envelope, clientMsgId: string | undefined): Promise<void> {
    const ids = parsed(DeletedIds, envelope.data, 'DELETED_LOTS data');
    if (ids === undefined) return;
    let known = 0;
    await write(async (db) => {
      known = (await db.lots.bulkGet(ids)).filter((row) => row !== undefined).length;
      await db.lots.bulkDelete(ids);
    });
    announceChange(envelope, clientMsgId, known);
  }

  /** A refusal: data entry's (its entry went to processUPCCrudRequest) as spec §8 data entry says, else the lots page's. */
  async function showError(envelope: Envelope, clientMsgId: string | undefined): Promise<void> {
    const message = envelope.message ?? '';
    const entry = clientMsgId === undefined ? undefined : await db.outbox.where('clientMsgId').equals(clientMsgId).first();
    if (entry?.destination === Destination.processUPCCrudRequest) showDataEntryError(feedback, message);
    else showReplyError(feedback, envelope.errorCode, message);
  }

  async function incoming(body: unknown, headers: Headers = {}): Promise<void> {
    const envelope = parsed(EnvelopeSchema, body, 'envelope');
    if (envelope === undefined) return;
    const clientMsgId = headers[CLIENT_MSG_ID_HEADER];
    if (envelope.errorCode !== ErrorCode.OK) return showError(envelope, clientMsgId);
    if (categories?.ingest(body)) return;
    for (const reader of readers) {
      const applying = reader.incoming(envelope, clientMsgId);
      if (applying !== undefined) return applying;
    }
    switch (messageTypeName(envelope.messageType)) {
      case 'NOT_USED':
        return showNotUsed(feedback);
      case 'CREATED_MANIFEST':
        return createdManifest(envelope, clientMsgId);
      case 'UPDATED_LOT_TITLE':
      case 'UPDATED_LOT':
        return lotReply(envelope, clientMsgId);
      case 'COPIED_MANIFEST':
        return copiedManifest(envelope, clientMsgId);
      case 'FOUND_LOTS':
        return foundLots(envelope);
      case 'UPDATED_LOTS':
        return lotsReply(envelope, clientMsgId);
      case 'DELETED_LOTS':
        return deletedLots(envelope, clientMsgId);
      case 'ERROR':
        return feedback.status.ready(); // spec §4: an error message resets the status to 'Ready.'
      default:
        return showUnknownReply(feedback, envelope.message);
    }
  }

  return { incoming, lots, lotById, lotSuggestions };
}
