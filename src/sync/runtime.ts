// The running client (DESIGN §4): `startSync(domains)` opens the replica with the domains' tables and links them to
// the core (core.ts: connection, session, login, queries), with the rules that tie them (spec §4, §5):
// - a new user gets an empty cache (the replica is claimed for whoever signs in);
// - on every connect while signed in, each domain asks what keeps its part of the replica fresh, and every kept query
//   goes again (queries are re-fetched, never queued);
// - replies naming an outbox entry tell the replayer how it went before its RECEIPT arrives.
// It names no domain. Screens and domains reach the running parts through `sync()` (core.ts).
import { CLIENT_MSG_ID_HEADER } from '../protocol/auth';
import { EnvelopeSchema } from '../protocol/envelope';
import { ErrorCode } from '../protocol/error-codes';
import { ClientMessages } from '../protocol/messages';
import { Topic, type TopicName } from '../protocol/topics';
import { createCore, linkCore, runningSync, setRunning, sync, type CoreOptions, type SyncCore } from './core';
import type { Domain } from './domain';
import { showChannelError, showServerError } from './feedback/server-errors';
import { createIngest, type Ingest } from './ingest/dispatch';
import type { OutboxEntry } from './outbox/entry';
import { deviceLocks, type LockManagerLike } from './outbox/locks';
import * as outbox from './outbox/outbox';
import { entryDescriber, type DescribeEntry } from './outbox/describe';
import { createReplayer, type Replayer } from './outbox/replayer';
import { newerApp } from './newer-app';
import type { FetchLike } from './outbox/upload';
import { claimReplica } from './replica/owner';
import { openReplica, REPLICA_NAME, type Replica } from './replica/replica';

export { sync };

export interface Sync extends SyncCore {
  readonly replica: Replica;
  readonly replayer: Replayer;
  /** Each outbox entry in its domain's words (the outbox panel). */
  readonly describe: DescribeEntry;
  /** Queues a mutation for the signed-in user with its optimistic change (spec §5: nobody signed in, no intent). */
  readonly enqueue: (intent: outbox.Intent) => Promise<outbox.Enqueued>;
  /** Queues an upload with its file; it goes in order with the other changes. */
  readonly enqueueUpload: (upload: outbox.UploadIntent) => Promise<outbox.Enqueued>;
  /** A rejected entry goes again, at the end of the queue. */
  readonly retryEntry: (seq: number) => Promise<void>;
  /** A rejected (or not yet sent) entry is dropped; its change is undone. */
  readonly discardEntry: (seq: number) => Promise<void>;
  /** Cancels a run: its entries not yet sent are dropped, none is sent after; returns their seqs. */
  readonly discardUnsent: (seqs: readonly number[]) => Promise<readonly number[]>;
  /** Unlinks everything (tests, hot reload); the replica stays open. */
  readonly stop: () => void;
}

/** Parts a test (or a bench) puts in place of the browser's. */
export interface SyncOptions extends CoreOptions {
  /** A core already running (the page's, started by startCore): the engine joins it instead of making one. */
  readonly core?: SyncCore;
  readonly replica?: Replica;
  readonly locks?: LockManagerLike;
  readonly fetch?: FetchLike;
  readonly backoffMs?: (attempts: number) => number;
  readonly receiptTimeoutMs?: number;
}

/**
 * Starts the page's client with these domains (once; a test's next start stops the last) and connects. Joining
 * the page's core (options.core), the connection is already started.
 */
export function startSync(domains: readonly Domain[], options: SyncOptions = {}): Sync {
  runningSync()?.stop();
  const started = createSync(domains, options);
  setRunning(started);
  domains.forEach((domain) => domain.reset?.());
  if (options.core === undefined) started.connection.start();
  return started;
}

/**
 * A client of its own, not the page's (`sync()` does not return it): tests run two devices side by side. Not
 * connected yet.
 */
export function createSync(domains: readonly Domain[], options: SyncOptions = {}): Sync {
  const core = options.core ?? createCore(options);
  const { connection, session, queries, signedIn } = core;
  const replica = options.replica ?? openReplica(domains.flatMap((domain) => domain.tables ?? []), REPLICA_NAME);
  const ingest = createIngest({ db: replica, feedback: core.feedback, settings: core.settings, signedIn, queries, domains });
  const onSettled = (entry: OutboxEntry): void => domains.forEach((domain) => domain.onSettled?.(entry, queries, replica));
  const replayer = createReplayer({
    db: replica,
    transport: connection,
    session: { user: () => signedIn()?.user, token: session.currentToken, subscribe: session.subscribe },
    locks: options.locks ?? deviceLocks(),
    onSettled,
    // The replica may now hold a row older than the server's: ask what changed, as after a reconnect.
    onAppliedOutOfOrder: () => askWhatChanged({ ...core, domains, replica }),
    onNewerEntry: newerApp.seen,
    uploadIngest: Object.assign({}, ...domains.map((domain) => domain.uploads ?? {})),
    // An HTTP answer in the envelope is read like the STOMP reply to the entry: the same handlers, the same refusals.
    onUploadAnswer: (body, entry) => (EnvelopeSchema.safeParse(body).success ? ingest.incoming(body, { [CLIENT_MSG_ID_HEADER]: entry.clientMsgId }) : undefined),
    ...(options.fetch === undefined ? {} : { fetch: options.fetch }),
    ...(options.backoffMs === undefined ? {} : { backoffMs: options.backoffMs }),
    ...(options.receiptTimeoutMs === undefined ? {} : { receiptTimeoutMs: options.receiptTimeoutMs }),
  });

  async function forSignedInUser<T>(add: (user: string) => Promise<T>): Promise<T> {
    const who = signedIn();
    if (who === undefined) throw new Error(ClientMessages.signInToChange);
    const queued = await add(who.user);
    replayer.wake();
    return queued;
  }

  // A core of its own is linked here; a joined one stays linked by whoever started it.
  const unlinkCore = options.core === undefined ? linkCore(core) : () => undefined;
  const unlinkEngine = link({ ...core, domains, replica, replayer, ingest });
  const self: Sync = {
    ...core, replica, replayer,
    // Built at start-up: a mutation described twice, or a describer of no mutation, is a wiring mistake caught here.
    describe: entryDescriber(domains),
    enqueue: (intent) => forSignedInUser((user) => outbox.enqueue(replica, user, intent)),
    enqueueUpload: (upload) => forSignedInUser((user) => outbox.enqueueUpload(replica, user, upload)),
    async retryEntry(seq) {
      await outbox.retryEntry(replica, seq);
      replayer.wake();
    },
    async discardEntry(seq) {
      await outbox.discardEntry(replica, seq);
      replayer.wake();
    },
    async discardUnsent(seqs) {
      const dropped = await outbox.discardUnsent(replica, seqs);
      replayer.wake();
      return dropped;
    },
    stop() {
      unlinkEngine();
      unlinkCore();
      if (runningSync() === self) setRunning(undefined);
    },
  };
  return self;
}

interface Parts extends SyncCore {
  readonly domains: readonly Domain[];
  readonly ingest: Ingest;
  readonly replica: Replica;
  readonly replayer: Replayer;
}

/** Each domain asks the server what changed since the replica last heard (lots by cursor, the catalogue kept…). */
function askWhatChanged({ domains, queries, feedback, signedIn, session, replica }: Pick<Parts, 'domains' | 'queries' | 'feedback' | 'signedIn' | 'session' | 'replica'>): void {
  const who = signedIn();
  if (who !== undefined && session.isAuthenticated()) domains.forEach((domain) => domain.onConnect?.({ queries, feedback, who, replica }));
}

/** Subscribes and links the engine to the core; returns a function undoing it. */
function link({ domains, connection, session, feedback, replica, queries, replayer, signedIn, ingest }: Parts): () => void {
  const failed = (what: string) => (error: unknown) => console.error(`sync: ${what} failed`, error);

  const noteReply = (body: unknown, headers: Readonly<Record<string, string>>): void => {
    const clientMsgId = headers[CLIENT_MSG_ID_HEADER];
    if (clientMsgId === undefined) return;
    const envelope = EnvelopeSchema.safeParse(body);
    const message = envelope.success ? (envelope.data.message ?? '') : String(body);
    replayer.noteReply(clientMsgId, envelope.success ? envelope.data.errorCode : ErrorCode.INTERNAL_SERVER_ERROR, message);
  };

  // Not ready until seen: an engine joining a core that is already connected asks its domains' questions at once.
  let wasReady = false;
  // Undefined, not the error of now: a broker error that came before this chunk loaded has reached no channel yet
  // (a slow device's login screen), so the first check below announces it. A connect clears it, so none is stale.
  let lastBrokerError: string | undefined;
  const onConnectionChange = (): void => {
    const { state, lastError } = connection.getSnapshot();
    // Spec §8: a broker error (a STOMP ERROR frame) goes to the error channel too, once per error.
    if (lastError !== undefined && lastError !== lastBrokerError) showChannelError(lastError, feedback);
    lastBrokerError = lastError;
    const ready = state === 'ready';
    const who = signedIn();
    if (ready && !wasReady && session.isAuthenticated() && who !== undefined) {
      askWhatChanged({ domains, queries, feedback, signedIn, session, replica });
      queries.resendKept();
    }
    if (!ready && wasReady) domains.forEach((domain) => domain.onDisconnect?.());
    if (!ready) queries.forgetSent();
    wasReady = ready;
  };

  const claim = (): void => {
    const who = signedIn();
    if (who !== undefined) void claimReplica(replica, who.user).catch(failed('claiming the replica'));
  };

  // A new user gets an empty cache (the core restarts the connection for the new token).
  let lastToken = session.get().token;
  const onSessionChange = (): void => {
    const { token } = session.get();
    if (token === lastToken) return;
    lastToken = token;
    claim();
  };

  const readTopic = (name: TopicName) =>
    connection.subscribe(Topic[name], (body, headers) => void ingest.topic(name, body, headers).catch(failed(name)));

  claim();
  const stops = [
    connection.subscribe(Topic.incomingMessages, (body, headers) => {
      noteReply(body, headers);
      void ingest.incoming(body, headers).catch(failed('incomingMessages'));
    }),
    connection.subscribe(Topic.errors, (body, headers) => {
      noteReply(body, headers);
      showServerError(body, feedback);
      // The server no longer takes this token (it expired, or the account was removed or its password or role
      // changed): logged out, as spec §4 logs out on an expired one. The queue waits for the next sign-in.
      if (EnvelopeSchema.safeParse(body).data?.errorCode === ErrorCode.UNAUTHORIZED) session.logout();
    }),
    ...ingest.topics.map(readTopic),
    connection.watch(onConnectionChange),
    session.subscribe(onSessionChange),
    replayer.start(),
  ];
  onConnectionChange();
  return () => {
    stops.forEach((stop) => stop());
    // This engine hears no more answers: what its domains asked on this connection is given up, as on a drop.
    if (wasReady) domains.forEach((domain) => domain.onDisconnect?.());
  };
}
