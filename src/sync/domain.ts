// What a domain hands the engine (CONVENTIONS "Engine and domains": Replicache's mutators, tldraw's record types):
// its replica tables, its ingest handlers by message type and by topic, how its refusals are shown, who takes its
// uploads' answers, and what it asks the server on every connect. `startSync(domains)` wires them; the engine never
// names a domain.
import type { MutationName, PayloadInputOf } from '../protocol/contract';
import type { Envelope } from '../protocol/envelope';
import type { DestinationName } from '../protocol/destinations';
import type { ApiPath } from '../protocol/http';
import type { MessageTypeName } from '../protocol/message-types';
import type { TopicName } from '../protocol/topics';
import type { Feedback } from './feedback/notifier';
import type { OutboxEntry, UploadEntry } from './outbox/entry';
import type { Replica, ReplicaTables } from './replica/replica';
import type { TableDefinition } from './replica/table';
import type { Settings } from './session/settings';
import type { Queries, SentQuery } from './transport/queries';

/** The signed-in user as ingest sees them. */
export interface SignedIn {
  readonly user: string;
  readonly isAdmin: boolean;
}

/** What an ingest handler may do: write the replica, speak to the user, mark kept queries stale. It never sends. */
export interface IngestContext {
  /** Set when the message answers one of this device's outbox entries (the SEND's client-msg-id). */
  readonly clientMsgId: string | undefined;
  /** Set when the message answers one of this client's queries (matched by request-id). */
  readonly request: SentQuery | undefined;
  readonly feedback: Feedback;
  /** The device's settings (some replies are kept there, spec §3: productCategories). */
  readonly settings: Settings;
  /** Runs `work` in one replica transaction as the signed-in user's write; nothing while nobody is signed in. */
  readonly write: (work: (tables: ReplicaTables, who: SignedIn) => Promise<void>) => Promise<void>;
  /** This device's outbox entry the message answers (of the signed-in user), inside a write. */
  readonly entry: (tables: ReplicaTables, who: SignedIn) => Promise<OutboxEntry | undefined>;
  /**
   * Inside a write: when the message answers this device's create of a row made offline, that row becomes `realId`
   * (later entries naming the temporary id are rewritten; rows made inside it follow). The temporary id, if any.
   */
  readonly created: (tables: ReplicaTables, who: SignedIn, realId: number) => Promise<number | undefined>;
  /** Shows a success message (status 'Ready.' and a toast) once per outbox entry; true when shown now. */
  readonly announce: (message: string | null | undefined) => boolean;
  /** Kept queries whose answers this message made stale go again (see transport/queries.ts). */
  readonly invalidate: Queries['invalidate'];
}

/** A reply or push on incomingMessages with errorCode OK, by message type. Start the write in the same task. */
export type EnvelopeHandler = (envelope: Envelope, context: IngestContext) => Promise<void> | void;
/** A message on a dedicated topic (its body is the data itself). */
export type TopicHandler = (body: unknown, context: IngestContext) => Promise<void> | void;
/**
 * A refused request of this destination, shown the way its screen shows refusals (spec §8). `request` is the query
 * refused, when it was one (a screen may show which lot the server would not give); `entry` the outbox entry (an
 * upload's names its file).
 */
export type RefusalHandler = (envelope: Envelope, feedback: Feedback, request?: SentQuery, entry?: OutboxEntry) => void;
/** A confirmed upload's JSON answer, by the entry's purpose. */
export type UploadReader = (body: unknown, entry: UploadEntry) => Promise<void> | void;

/** What a describer may read: the replica's rows (a lot's title, a box's label), never the network. */
export interface DescribeContext {
  readonly tables: ReplicaTables;
}

/** One queued change of this destination in words for the outbox panel ("Create lot 'Pallet 7'"), from its body. */
export type Describer<K extends MutationName> = (body: PayloadInputOf<K>, context: DescribeContext) => Promise<string> | string;

/** A domain's describers, by the destinations of its intents. */
export type Describers = { readonly [K in MutationName]?: Describer<K> };

/** What a domain may ask when the connection comes up (its kept queries go by themselves). */
export interface ConnectContext {
  readonly queries: Queries;
  readonly feedback: Feedback;
  readonly who: SignedIn;
  /** The runtime's replica: what a question may depend on (a kept cursor), read before asking. */
  readonly replica: Replica;
}

export interface Domain {
  readonly name: string;
  readonly tables?: readonly TableDefinition[];
  readonly messages?: Partial<Record<MessageTypeName, EnvelopeHandler>>;
  readonly topics?: Partial<Record<TopicName, TopicHandler>>;
  /** By destination name, or an HTTP operation's path (an upload refused in its envelope). */
  readonly refusals?: Partial<Record<DestinationName | ApiPath, RefusalHandler>>;
  readonly uploads?: Readonly<Record<string, UploadReader>>;
  /** Its changes in words, as the outbox panel lists them (one per destination its intents send). */
  readonly describe?: Describers;
  /** On every connect while signed in, and when the replica may hold rows older than the server's (an entry applied
   * after the ones behind it): the queries that keep the replica fresh. Engine callbacks get their runtime's
   * parts in their context: use those, not the page's `sync()` (tests run several runtimes side by side). */
  readonly onConnect?: (context: ConnectContext) => void;
  /** The connection dropped: answers to what the domain asked will never come. */
  readonly onDisconnect?: () => void;
  /** Told of every settled outbox entry (a rejection may call for the server's rows again). */
  readonly onSettled?: (entry: OutboxEntry, queries: Queries, replica: Replica) => void;
  /** Forget in-memory answers (a new runtime, a test). Runs once the new runtime is linked, when its first questions
   *  may already be on their way (a page whose connection came up first): what the last one asked ends in its
   *  onDisconnect, never here. */
  readonly reset?: () => void;
}

export const defineDomain = (domain: Domain): Domain => domain;
