// The outbox entry and the optimistic change it carries (DESIGN §4), as stored in the replica's `outbox` table.
// Types and two small readers only: the engine's outbox modules own the behaviour.
import type { DestinationPath } from '../../protocol/destinations';
import type { ApiPath } from '../../protocol/http';

export type OutboxState = 'pending' | 'in-flight' | 'done' | 'dead';

/** An intent's optimistic change: what is re-applied over the server's row until the entry settles. */
export type RowChange =
  | { readonly kind: 'insert'; readonly table: string; readonly id: number; readonly row: Record<string, unknown> }
  | {
      readonly kind: 'patch';
      readonly table: string;
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
export function changes(change: RowChange | undefined, table: string, id: number): boolean {
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
  /**
   * Server faults (5xx answers) so far; after OUTBOX_MAX_FAULTS the entry is given up (dead). Absent on entries
   * stored by an older version: none yet.
   */
  faults?: number;
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
  /**
   * The protocol version its body was written in (issue 32): a newer app upgrades it to its own version's payload
   * when it sends it (src/protocol/upgrades.ts), so it arrives as it was made. Absent on entries stored before
   * versions were named: version 1.
   */
  readonly protocol?: number;
}

/** A STOMP SEND to `destination`, replayed with client-msg-id and receipt. */
export interface SendEntry extends EntryFields {
  readonly kind: 'send';
  readonly destination: DestinationPath;
  /** Not pipelined: goes when every entry before it is answered, and none after it until it is (pipeline.ts). */
  readonly alone?: boolean;
}

/**
 * An HTTP POST to `destination` (spec §7), replayed with Idempotency-Key: multipart with the file kept in `outboxFiles`
 * (an upload), or, with no file, the body as JSON (a background removal).
 */
export interface UploadEntry extends EntryFields {
  readonly kind: 'upload';
  readonly destination: ApiPath;
  /** The `outboxFiles` row holding the file; absent for a JSON POST. */
  readonly blobRef?: number;
  /** The file's name as sent, or the one a JSON POST is about (spec §8: 'Error sending file: {file name}'). */
  readonly fileName?: string;
  /** Who takes the server's JSON answer when it succeeds (a key of the domains' upload readers). */
  readonly purpose?: string;
}

export type OutboxEntry = SendEntry | UploadEntry;

/**
 * An upload's file, kept as its bytes and type: WebKit refuses a Blob in IndexedDB where its storage is not on disk
 * (a private window, an automated or embedded browser) and older Safari lost them, while bytes keep everywhere. Files
 * queued by an earlier version are Blobs, read as before. The name is kept beside, as not every clone keeps a File's.
 */
export type StoredFile = { readonly name: string } & ({ readonly bytes: ArrayBuffer; readonly type: string } | { readonly blob: Blob });

export type OutboxFile = StoredFile & { readonly id: number };

/** What an upload's file is stored as: its bytes, read before the transaction that writes them (awaiting a
 *  non-IndexedDB promise inside one would end it). */
export async function storableFile(file: Blob, name: string): Promise<StoredFile> {
  return { bytes: await file.arrayBuffer(), type: file.type, name };
}

/** The stored file as a Blob, to send or to show. */
export const blobOf = (file: StoredFile): Blob => ('blob' in file ? file.blob : new Blob([file.bytes], { type: file.type }));

export const isActive = (entry: Pick<OutboxEntry, 'state'>): boolean => entry.state === 'pending' || entry.state === 'in-flight';

/** Rows created offline get negative ids until the server's reply names the real one. */
export const isTempId = (id: number): boolean => id < 0;

/** What a temporary id stands as while a body is checked against the contract: any stored id passes its id rule, as
 * the real one will. */
export const STAND_IN_ID = 1;
