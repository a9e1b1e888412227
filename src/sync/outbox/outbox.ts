// The outbox (DESIGN §4): every mutation is an entry, written in the same Dexie transaction as its optimistic
// change (an upload: with its file), and replayed in order by replayer.ts. This module owns the entries' life:
// enqueue, settle (done, rejected, retry later), the user's Retry and Discard, and the summary the status badge
// shows. It never sends anything itself.
import type { DestinationPath } from '../../protocol/destinations';
import type { ApiPath } from '../../protocol/http';
import { ClientMessages } from '../../protocol/messages';
import { PROTOCOL_VERSION } from '../../protocol/version';
import { DEVICE_ID, NEXT_TEMP_ID, readMeta, writeMeta } from '../replica/meta';
import { ensureOwner } from '../replica/owner';
import { writeTransaction, type Replica, type ReplicaTables } from '../replica/replica';
import type { Replicated, Row, TableDefinition } from '../replica/table';
import { isActive, isTempId, storableFile, type OutboxEntry, type RowChange, type SendEntry, type UploadEntry } from './entry';
import { activeEntries, refersTo, refreshRows, resolveTempIds } from './optimistic';

/** What an intent does to one domain table's rows before the server answers. */
export type Optimistic<R extends Row = Row> =
  | { readonly kind: 'create'; readonly table: TableDefinition<R>; readonly row: Omit<R, 'id'> }
  | {
      readonly kind: 'patch';
      readonly table: TableDefinition<R>;
      readonly id: number;
      readonly patch: Partial<Replicated<R>>;
      /** Further rows the same patch applies to (e.g. the status of several lots, in one entry). */
      readonly ids?: readonly number[];
    };

/** A row the intent makes, shown (pending, with a temporary id) until the server's row replaces it. */
export const creates = <R extends Row>(table: TableDefinition<R>, row: Omit<R, 'id'>): Optimistic<R> => ({ kind: 'create', table, row });

/** Fields the intent changes on rows (the first, then further ones), shown (pending) until the server answers. */
export const patches = <R extends Row>(table: TableDefinition<R>, [id, ...ids]: readonly [number, ...number[]], patch: Partial<Replicated<R>>): Optimistic<R> =>
  ({ kind: 'patch', table, id, patch, ...(ids.length === 0 ? {} : { ids }) });

/** Rows the intent deletes: kept, marked removed (screens hide them), so a refusal brings them back. */
export const removes = <R extends Row>(table: TableDefinition<R>, ids: readonly [number, ...number[]]): Optimistic<R> =>
  ({ kind: 'patch', table, id: ids[0], patch: { removed: 1 } as Partial<Replicated<R>>, ...(ids.length > 1 ? { ids: ids.slice(1) } : {}) });

export interface Intent {
  readonly destination: DestinationPath;
  readonly body: unknown;
  readonly optimistic?: Optimistic;
  /** Dotted paths in `body` holding a temporary id (e.g. 'lotId' of a rename of a lot made offline). */
  readonly tempRefs?: readonly string[];
  /** Not pipelined: sent only when every entry before it is answered, and none after it until it is (pipeline.ts). */
  readonly alone?: boolean;
}

/**
 * An HTTP POST queued like any change: a file as multipart (spec §7: /api/upload-file with file, UPC, SKU), or with no
 * file a JSON body (/api/remove-bg-image with attachmentId).
 */
export interface UploadIntent {
  readonly url: ApiPath;
  readonly file?: Blob;
  /** The form's text fields, e.g. `{ UPC }` or `{ SKU }`; with no file, the JSON body. */
  readonly fields: Readonly<Record<string, string | number>>;
  /** The part's file name; by default the File's own name, or 'blob' as browsers say for a bare Blob. */
  readonly fileName?: string;
  /** Who takes the server's JSON answer (a key of the replayer's `uploadIngest`). */
  readonly purpose?: string;
}

export interface Enqueued {
  readonly seq: number;
  readonly clientMsgId: string;
  /** The temporary id of the row an optimistic 'create' made. */
  readonly tempId: number | undefined;
}


/** How a sent entry ended, as the replayer saw it. */
export type Verdict =
  | { readonly kind: 'done' }
  | { readonly kind: 'rejected'; readonly message: string }
  /** `fault`: true for a server fault (5xx), which counts toward the entry's limit; no answer at all is none. */
  | { readonly kind: 'retry-later'; readonly message: string; readonly notBefore: number; readonly fault?: boolean }
  | { readonly kind: 'unauthorized'; readonly message: string };


function randomDeviceId(): string {
  // getRandomValues works outside secure contexts too (a warehouse server on plain http), unlike randomUUID.
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

async function deviceId(db: ReplicaTables): Promise<string> {
  const known = await readMeta(db, DEVICE_ID);
  if (known !== undefined) return known;
  const made = randomDeviceId();
  await writeMeta(db, DEVICE_ID, made);
  return made;
}

async function nextTempId(db: ReplicaTables): Promise<number> {
  const id = (await readMeta(db, NEXT_TEMP_ID)) ?? -1;
  await writeMeta(db, NEXT_TEMP_ID, id - 1);
  return id;
}

function changeOf(optimistic: Optimistic | undefined, tempId: number | undefined): RowChange | undefined {
  if (optimistic === undefined) return undefined;
  if (optimistic.kind === 'patch') {
    const { table, id, patch, ids } = optimistic;
    return { kind: 'patch', table: table.name, id, patch: { ...patch }, ...(ids === undefined || ids.length === 0 ? {} : { ids: [...ids] }) };
  }
  return { kind: 'insert', table: optimistic.table.name, id: tempId ?? 0, row: { ...optimistic.row, id: tempId } };
}

/** An entry before IndexedDB numbers it (per kind, so each keeps its own fields). */
type Draft = Omit<SendEntry, 'seq' | 'clientMsgId'> | Omit<UploadEntry, 'seq' | 'clientMsgId'>;

/** The life fields of an entry that starts (or starts again) now: waiting, never tried. */
const freshAt = (now: number) => ({ state: 'pending' as const, createdAt: now, attempts: 0, faults: 0, lastError: '', notBefore: 0 });

/** Adds an entry for an entry's fields in the running transaction; returns its seq and client-msg-id. */
async function addEntry(db: ReplicaTables, fields: Draft): Promise<{ seq: number; clientMsgId: string }> {
  const id = await deviceId(db);
  // The seq is IndexedDB's; the id is written in the same transaction, so no entry is ever seen without it.
  const seq = await db.outbox.add({ ...fields, clientMsgId: '' });
  const clientMsgId = `${id}:${seq}`;
  await db.outbox.update(seq, { clientMsgId });
  return { seq, clientMsgId };
}

/** Queues an intent for `user` and applies its optimistic change, in one transaction. */
export function enqueue(db: Replica, user: string, intent: Intent, now: number = Date.now()): Promise<Enqueued> {
  return writeTransaction(db, async (db) => {
    await ensureOwner(db, user);
    const tempId = intent.optimistic?.kind === 'create' ? await nextTempId(db) : undefined;
    const made = changeOf(intent.optimistic, tempId);
    const { body, change, tempRefs } = await resolveTempIds(db, {
      body: intent.body,
      ...(made === undefined ? {} : { change: made }),
      ...(intent.tempRefs === undefined ? {} : { tempRefs: [...intent.tempRefs] }),
    });
    const { seq, clientMsgId } = await addEntry(db, {
      kind: 'send',
      destination: intent.destination,
      body,
      user,
      protocol: PROTOCOL_VERSION,
      ...freshAt(now),
      ...(change === undefined ? {} : { change }),
      ...(tempRefs === undefined || tempRefs.length === 0 ? {} : { tempRefs }),
      ...(intent.alone === true ? { alone: true } : {}),
    });
    await refreshRows(db, user, [change]);
    return { seq, clientMsgId, tempId };
  });
}

/** Queues an upload for `user`: its file and its entry, in one transaction (the file survives a reload). */
export async function enqueueUpload(db: Replica, user: string, upload: UploadIntent, now: number = Date.now()): Promise<Enqueued> {
  const { file } = upload;
  // What the file is called (a bare Blob has no name: 'blob', as browsers send it), or the file a JSON POST is about.
  const fileName = upload.fileName ?? (file instanceof File ? file.name : undefined);
  const stored = file === undefined ? undefined : await storableFile(file, fileName ?? 'blob');
  return writeTransaction(db, async (db) => {
    const blobRef = stored === undefined ? undefined : await db.outboxFiles.add(stored);
    const { seq, clientMsgId } = await addEntry(db, {
      kind: 'upload',
      destination: upload.url,
      body: { ...upload.fields },
      ...(blobRef === undefined ? {} : { blobRef }),
      ...(fileName === undefined ? {} : { fileName }),
      ...(upload.purpose === undefined ? {} : { purpose: upload.purpose }),
      user,
      protocol: PROTOCOL_VERSION,
      ...freshAt(now),
    });
    return { seq, clientMsgId, tempId: undefined };
  });
}

/** Deletes an entry, and an upload's file with it. */
async function removeEntry(db: ReplicaTables, entry: OutboxEntry): Promise<void> {
  await db.outbox.delete(entry.seq);
  if (entry.kind === 'upload' && entry.blobRef !== undefined) await db.outboxFiles.delete(entry.blobRef);
}

/**
 * Records how a sent entry ended. Done and rejected entries stop counting in their rows, which are recomputed
 * (a rejection rolls its change back); entries that name a row a rejected create never made die with it.
 * Returns the entry as settled, or undefined when it no longer exists (discarded meanwhile).
 */
export function settle(db: Replica, seq: number, verdict: Verdict, now: number = Date.now()): Promise<OutboxEntry | undefined> {
  return writeTransaction(db, async (db) => {
    const entry = await db.outbox.get(seq);
    if (entry === undefined || !isActive(entry)) return entry;
    if (verdict.kind === 'retry-later' || verdict.kind === 'unauthorized') {
      const notBefore = verdict.kind === 'retry-later' ? verdict.notBefore : now;
      const faults = (entry.faults ?? 0) + (verdict.kind === 'retry-later' && verdict.fault === true ? 1 : 0);
      await db.outbox.update(seq, { state: 'pending', lastError: verdict.message, notBefore, faults });
      return { ...entry, state: 'pending', lastError: verdict.message, faults };
    }
    if (verdict.kind === 'done') {
      // Confirmed: the entry has nothing left to do (a late duplicate reply finds no entry and is just ingested).
      await removeEntry(db, entry);
      await refreshRows(db, entry.user, [entry.change]);
      return { ...entry, state: 'done', lastError: '' };
    }
    const settled: OutboxEntry = { ...entry, state: 'dead', lastError: verdict.message };
    await db.outbox.put(settled);
    const changes = [entry.change, ...(await dieWithCreate(db, entry, `${ClientMessages.notCreated} ${settled.lastError}`))];
    await refreshRows(db, entry.user, changes);
    return settled;
  });
}

/**
 * A create made offline that will never happen (refused, or discarded unsent): every active entry naming its
 * temporary id dies too, and so on down (a box in the lot, then the scans into that box), so no body naming a
 * temporary id is ever sent. Returns the changes of the entries that died.
 */
async function dieWithCreate(db: ReplicaTables, creator: OutboxEntry, lastError: string): Promise<Array<RowChange | undefined>> {
  const died: Array<RowChange | undefined> = [];
  const gone = [creator];
  for (let next = gone.pop(); next !== undefined; next = gone.pop()) {
    if (next.change?.kind !== 'insert' || !isTempId(next.change.id)) continue;
    const { table, id } = next.change;
    for (const dependent of await activeEntries(db, creator.user)) {
      if (dependent.seq === creator.seq || !refersTo(dependent, table, id)) continue;
      await db.outbox.update(dependent.seq, { state: 'dead', lastError });
      died.push(dependent.change);
      gone.push(dependent);
    }
  }
  return died;
}

/**
 * Retry of a rejected entry: it goes again at the end of the queue, as a new message (a new client-msg-id, so
 * the server runs it again), its change re-applied; an upload keeps its file.
 */
export function retryEntry(db: Replica, seq: number, now: number = Date.now()): Promise<Enqueued | undefined> {
  return writeTransaction(db, async (db) => {
    const entry = await db.outbox.get(seq);
    if (entry === undefined || entry.state !== 'dead') return undefined;
    await db.outbox.delete(seq);
    const { seq: _seq, clientMsgId: _id, ...fields } = entry;
    const added = await addEntry(db, { ...fields, ...freshAt(now) });
    await refreshRows(db, entry.user, [entry.change]);
    const tempId = entry.change?.kind === 'insert' ? entry.change.id : undefined;
    return { ...added, tempId };
  });
}

/** Removes an entry that is not in flight; a pending one's change is undone (and what named its create dies). */
async function dropEntry(db: ReplicaTables, entry: OutboxEntry): Promise<void> {
  await removeEntry(db, entry);
  if (entry.state === 'pending') await refreshRows(db, entry.user, [entry.change, ...(await dieWithCreate(db, entry, ClientMessages.notCreatedDiscarded))]);
}

/** Drops a rejected entry, or a queued one not yet sent (its change is undone, its file deleted). False when it cannot go. */
export function discardEntry(db: Replica, seq: number): Promise<boolean> {
  return writeTransaction(db, async (db) => {
    const entry = await db.outbox.get(seq);
    if (entry === undefined || entry.state === 'in-flight') return false;
    await dropEntry(db, entry);
    return true;
  });
}

/**
 * Cancels a run of entries (Image entry's Cancel): those still waiting are dropped in one transaction, so none of
 * them is sent after; the one in flight and the settled ones are left as they are. Returns the seqs dropped.
 */
export function discardUnsent(db: Replica, seqs: readonly number[]): Promise<number[]> {
  return writeTransaction(db, async (db) => {
    const entries = await db.outbox.bulkGet([...seqs]);
    const dropped: number[] = [];
    for (const entry of entries) {
      if (entry?.state !== 'pending') continue;
      await dropEntry(db, entry);
      dropped.push(entry.seq);
    }
    return dropped;
  });
}
