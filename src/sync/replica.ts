// The replica (DESIGN §4): the device's IndexedDB copy of what the server showed the signed-in user, plus the
// outbox of that user's (and earlier users') intents. The server wins every conflict: ingest overwrites rows
// with the server's version, and the replica only lays the user's pending intents on top of it. This module
// owns the schema and its versions; it never talks to the network and never decides what a reply means.
import Dexie, { type EntityTable, type InsertType, type Table, type Transaction } from 'dexie';
import type { AuctionEvent, AuctionEventManifest, Box, BoxItem, Category, Image, InventoryEvent, Lot,
  ManifestHistoryEntry, Note, UpcEntry } from '../protocol/entities';
import type { DestinationPath } from '../protocol/destinations';
import type { ApiPath } from '../protocol/http';

export const REPLICA_NAME = 'lotdesk';

/**
 * A replicated row: the server's fields, plus, while outbox entries change it, `pending: 1` (Dexie cannot
 * index booleans) and `base`, the server's last version of it (null for a row created offline). Rolling an
 * intent back recomputes the row from `base` and the entries still active (see optimistic.ts). A row an
 * intent deletes stays stored, marked `removed: 1` (screens hide it), so a refusal can bring it back.
 */
export type Replicated<T> = T & { pending?: 1; base?: T | null; removed?: 1 };

export type LotRow = Replicated<Lot>;
export type BoxRow = Replicated<Box>;
/** Items carry no box id on the wire (spec §3): the reply names the box, ingest stores it on the row. */
export type ItemRow = Replicated<BoxItem & { boxId: number }>;
/** A catalogue entry (spec §3 UPC entry); data entry edits, saves and deletes it through the outbox. */
export type UpcRow = Replicated<UpcEntry>;
/** An image of a lot (`lot:{id}`) or of a catalogue UPC (`upc:{upc}`). */
export type ImageRow = Image & { owner: string };

export type OutboxState = 'pending' | 'in-flight' | 'done' | 'dead';

/** The tables an intent may change optimistically (each row keyed by a numeric `id`). Later issues add theirs. */
export interface MutableRows {
  lots: LotRow;
  upcs: UpcRow;
  boxes: BoxRow;
  items: ItemRow;
}
export type MutableTable = keyof MutableRows;

/** An intent's optimistic change: what is re-applied over the server's row until the entry settles. */
export type RowChange =
  | { readonly kind: 'insert'; readonly table: MutableTable; readonly id: number; readonly row: Record<string, unknown> }
  | {
      readonly kind: 'patch';
      readonly table: MutableTable;
      readonly id: number;
      readonly patch: Record<string, unknown>;
      /** Further rows the same patch applies to (one entry changing many rows: a status or a delete of several lots). */
      readonly ids?: readonly number[];
    };

/** Every row id a change touches. */
export function changedIds(change: RowChange): readonly number[] {
  return change.kind === 'patch' && change.ids !== undefined ? [change.id, ...change.ids] : [change.id];
}

/** True when the change touches that row. */
export function changes(change: RowChange | undefined, table: MutableTable, id: number): boolean {
  return change !== undefined && change.table === table && changedIds(change).includes(id);
}

interface EntryFields {
  /** Order of the queue; assigned once by IndexedDB. */
  readonly seq: number;
  /** `{deviceId}:{seq}`: the server applies the entry once (DESIGN §4): a SEND's client-msg-id, an upload's
   * Idempotency-Key. */
  clientMsgId: string;
  /** The user (token sub) who made it; only that user's session ever sends it. */
  readonly user: string;
  state: OutboxState;
  readonly createdAt: number;
  attempts: number;
  /** The server's message for a rejected entry, or the last transient failure. */
  lastError: string;
  /** Backoff after a 5xx: not sent before this time (ms since epoch); 0 = now. */
  notBefore: number;
  /** A SEND's payload; an upload's text fields (`Record<string, string>`, checked when sent). */
  body: unknown;
  /** The optimistic change, kept to re-apply over server rows and to undo on rejection. */
  change?: RowChange;
  /** Dotted paths in `body` that hold a temporary (negative) id, rewritten when the real id arrives. */
  tempRefs?: string[];
}

/** A STOMP SEND to `destination`, replayed with client-msg-id and receipt. */
export interface SendEntry extends EntryFields {
  readonly kind: 'send';
  readonly destination: DestinationPath;
}

/** A multipart POST to `destination` (spec §7): the file kept in `outboxFiles`, replayed with Idempotency-Key. */
export interface UploadEntry extends EntryFields {
  readonly kind: 'upload';
  readonly destination: ApiPath;
  /** The `outboxFiles` row holding the file. */
  readonly blobRef: number;
  /** Who takes the server's JSON answer when it succeeds (a key of the replayer's `uploadIngest`). */
  readonly purpose?: string;
}

export type OutboxEntry = SendEntry | UploadEntry;

/** An upload's file. IndexedDB keeps Blobs; the name is kept beside, as not every structured clone keeps a File's. */
export interface OutboxFile {
  readonly id: number;
  readonly blob: Blob;
  readonly name: string;
}

export interface MetaRow {
  readonly key: string;
  readonly value: unknown;
}

export type ReplicaDb = Dexie & {
  // Conflicts: the server wins. Purged: a getLots reply replaces the non-pending rows its filter covers;
  // lotById and every lot-carrying envelope overwrite one row; DELETED_LOTS removes rows.
  lots: EntityTable<LotRow, 'id'>;
  // Conflicts: the server wins. Purged: replaced per lot by its getBoxesByLotId reply; go with their lot.
  boxes: EntityTable<BoxRow, 'id'>;
  // Conflicts: the server wins. Purged: replaced per box by its getItemsByBoxId reply; go with their box.
  items: EntityTable<ItemRow, 'id'>;
  // The shared UPC catalogue. Conflicts: the server wins. Purged: rows a search no longer returns stay as a
  // cache until the next user switch; deletions remove them.
  upcs: EntityTable<UpcRow, 'id'>;
  // Conflicts: the server wins. Purged: replaced per owner by its images reply.
  images: EntityTable<ImageRow, 'id'>;
  // The store's category tree. Conflicts: the server wins. Purged: replaced whole by each categories reply.
  categories: EntityTable<Category, 'id'>;
  // Shared notes and templates. Conflicts: the server wins. Purged: replaced per prefix by its getNotes reply.
  notes: EntityTable<Note, 'id'>;
  // Conflicts: the server wins. Purged: replaced whole by each getInventoryEvents reply.
  inventoryEvents: EntityTable<InventoryEvent, 'id'>;
  // Manifest history. Conflicts: the server wins. Purged: replaced per event by its getManifestHistory reply.
  history: EntityTable<ManifestHistoryEntry, 'id'>;
  // Conflicts: the server wins. Purged: replaced whole by each getAllAuctionEvents reply.
  auctionEvents: EntityTable<AuctionEvent, 'id'>;
  // Conflicts: the server wins. Purged: replaced per event by its getAuctionEventManifestsByEventId reply.
  auctionManifests: EntityTable<AuctionEventManifest, 'id'>;
  // Not a cache: the user's intents. Never cleared by a user switch (entries carry their user). A confirmed
  // entry is deleted at once; a dead one stays until the user retries or discards it.
  outbox: EntityTable<OutboxEntry, 'seq'>;
  // Not a cache: the files of upload entries (their blobRef). Deleted with their entry when it is confirmed or
  // discarded; a rejected upload keeps its file for Retry. Never cleared by a user switch.
  outboxFiles: EntityTable<OutboxFile, 'id'>;
  // Device facts (deviceId, whose data the tables hold, the next temporary id). Never cleared.
  meta: EntityTable<MetaRow, 'key'>;
};

type TableName = (typeof CACHE_TABLES)[number] | 'outbox' | 'outboxFiles' | 'meta';

/**
 * The tables as seen by one transaction. Code that runs inside a transaction takes this, bound to the
 * transaction itself (`writeTransaction`), never the global `db`: Dexie finds an implicit transaction
 * through its zones, which native async functions can lose while a transaction waits behind another one.
 */
export type ReplicaTables = Pick<ReplicaDb, TableName>;

/** Runs `work` in one read-write transaction over every table, its tables bound to that transaction. */
export function writeTransaction<T>(db: ReplicaDb, work: (tables: ReplicaTables) => Promise<T>): Promise<T> {
  return db.transaction('rw', db.tables, (tx) => work(tablesIn(tx)));
}

function bound<T, K extends keyof T, I = InsertType<T, K>>(tx: Transaction, name: TableName): Table<T, T[K], I> {
  return tx.table<T, T[K], I>(name);
}

function tablesIn(tx: Transaction): ReplicaTables {
  return {
    lots: bound<LotRow, 'id'>(tx, 'lots'),
    boxes: bound<BoxRow, 'id'>(tx, 'boxes'),
    items: bound<ItemRow, 'id'>(tx, 'items'),
    upcs: bound<UpcRow, 'id'>(tx, 'upcs'),
    images: bound<ImageRow, 'id'>(tx, 'images'),
    categories: bound<Category, 'id'>(tx, 'categories'),
    notes: bound<Note, 'id'>(tx, 'notes'),
    inventoryEvents: bound<InventoryEvent, 'id'>(tx, 'inventoryEvents'),
    history: bound<ManifestHistoryEntry, 'id'>(tx, 'history'),
    auctionEvents: bound<AuctionEvent, 'id'>(tx, 'auctionEvents'),
    auctionManifests: bound<AuctionEventManifest, 'id'>(tx, 'auctionManifests'),
    outbox: bound<OutboxEntry, 'seq'>(tx, 'outbox'),
    outboxFiles: bound<OutboxFile, 'id'>(tx, 'outboxFiles'),
    meta: bound<MetaRow, 'key'>(tx, 'meta'),
  };
}

/** The data tables: a cache of the server, cleared when another user signs in (the outbox and meta stay). */
export const CACHE_TABLES = [
  'lots', 'boxes', 'items', 'upcs', 'images', 'categories', 'notes', 'inventoryEvents', 'history',
  'auctionEvents', 'auctionManifests',
] as const;
export type CacheTable = (typeof CACHE_TABLES)[number];

export interface ReplicaVersion {
  readonly version: number;
  /** Dexie store specs: primary key first, then indexes. Later versions list only the tables they change. */
  readonly stores: Readonly<Record<string, string | null>>;
  readonly upgrade?: (tx: Transaction) => Promise<unknown> | void;
}

/**
 * The schema history. Append, never edit a released version. A later version that changes a data table may
 * clear it in its upgrade (`clearCacheTables`: the server refills it on the next fetch); the outbox and meta
 * are migrated, never dropped — queued intents are the one thing only this device has.
 */
export const REPLICA_VERSIONS: readonly ReplicaVersion[] = [
  {
    version: 1,
    stores: {
      lots: 'id, lotNumber, status, userId, titleListing, pending',
      boxes: 'id, manualManiestId, pending',
      items: 'id, boxId, upc, pending',
      upcs: 'id, upc, vendorName, vendorStyleNumber',
      images: 'id, owner',
      categories: 'id, parent',
      notes: 'id, label',
      inventoryEvents: 'id, createdById',
      history: 'id, inventoryEventId, manifestId',
      auctionEvents: 'id',
      auctionManifests: 'id, auctionEvent.id, sortOrder',
      outbox: '++seq, clientMsgId, state, [user+state], [change.table+change.id]',
      meta: 'key',
    },
  },
  // Uploads queued offline (DESIGN §4): their files. Adding a table keeps every other one as it is.
  { version: 2, stores: { outboxFiles: '++id' } },
];

/** For a later version's upgrade: empties every data table (the server refills them), keeps the outbox and meta. */
export async function clearCacheTables(tx: Transaction): Promise<void> {
  await Promise.all(CACHE_TABLES.map((name) => tx.table(name).clear()));
}

export function openReplica(name: string = REPLICA_NAME, versions: readonly ReplicaVersion[] = REPLICA_VERSIONS): ReplicaDb {
  const db = new Dexie(name) as ReplicaDb;
  for (const { version, stores, upgrade } of versions) {
    const declared = db.version(version).stores(stores);
    if (upgrade) declared.upgrade(upgrade);
  }
  return db;
}

/** Typed device facts kept in `meta`. */
export interface MetaValues {
  /** Random, made once: the first half of every client-msg-id. */
  deviceId: string;
  /** The user whose data the cache tables hold. */
  user: string;
  /** The next temporary id for a row created offline (negative, counting down; never reused). */
  nextTempId: number;
  /** The signed-in user's numeric id, learned from the server's own lots (admins' My Lots needs it). */
  ownUserId: number;
  /** Recent temporary ids and the real ids the server gave them, newest last: an intent made from a screen
   * that still showed the temporary row is rewritten on enqueue. */
  tempIds: Array<[number, number]>;
}

export async function readMeta<K extends keyof MetaValues>(db: Pick<ReplicaTables, 'meta'>, key: K): Promise<MetaValues[K] | undefined> {
  const row = await db.meta.get(key);
  // Only writeMeta puts rows here, each with the value type its key names.
  return row?.value as MetaValues[K] | undefined;
}

export async function writeMeta<K extends keyof MetaValues>(db: Pick<ReplicaTables, 'meta'>, key: K, value: MetaValues[K]): Promise<void> {
  await db.meta.put({ key, value });
}
