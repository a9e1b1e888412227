// The running client (DESIGN §4): `startSync(domains)` opens the replica with the domains' tables and links the
// connection, session, login, queries, ingest and the outbox replayer, with the rules that tie them (spec §4, §5):
// - a token change (login, logout, expiry found by a check) restarts the connection, so CONNECT carries the current
//   token and a logged-out tablet stops receiving the last user's pushes; a new user gets an empty cache;
// - on every connect while signed in, each domain asks what keeps its part of the replica fresh, and every kept query
//   goes again (queries are re-fetched, never queued);
// - replies naming an outbox entry tell the replayer how it went before its RECEIPT arrives.
// It names no domain. Screens and domains reach the running parts through `sync()`.
import { CLIENT_MSG_ID_HEADER } from '../protocol/auth';
import { Destination, type DestinationPath } from '../protocol/destinations';
import { EnvelopeSchema } from '../protocol/envelope';
import { ErrorCode } from '../protocol/error-codes';
import { ClientMessages } from '../protocol/messages';
import { Topic, type TopicName } from '../protocol/topics';
import type { Domain, SignedIn } from './domain';
import { notifier as installedNotifier, type Feedback, type Notifier } from './feedback/notifier';
import { showChannelError, showServerError } from './feedback/server-errors';
import { status as appStatus, type Status } from './feedback/status';
import { createIngest } from './ingest/dispatch';
import type { OutboxEntry } from './outbox/entry';
import { deviceLocks, type LockManagerLike } from './outbox/locks';
import * as outbox from './outbox/outbox';
import { entryDescriber, type DescribeEntry } from './outbox/describe';
import { createReplayer, type Replayer } from './outbox/replayer';
import type { FetchLike } from './outbox/upload';
import { claimReplica } from './replica/owner';
import { openReplica, REPLICA_NAME, type Replica } from './replica/replica';
import { createLogin, type Login } from './session/login';
import { createSession, type Session } from './session/session';
import { browserStorage, createSettings, type Settings } from './session/settings';
import { brokerUrlFor, createStompConnection, type Connection } from './transport/connection';
import { createQueries, type Queries } from './transport/queries';

export interface Sync {
  readonly replica: Replica;
  readonly connection: Connection;
  readonly session: Session;
  readonly settings: Settings;
  readonly status: Status;
  readonly feedback: Feedback;
  readonly queries: Queries;
  readonly login: Login;
  readonly replayer: Replayer;
  /** Each outbox entry in its domain's words (the outbox panel). */
  readonly describe: DescribeEntry;
  /** The signed-in user, only with a valid token (spec §5). */
  readonly signedIn: () => SignedIn | undefined;
  /** Queues a mutation for the signed-in user with its optimistic change (spec §5: nobody signed in, no intent). */
  readonly enqueue: (intent: outbox.Intent) => Promise<outbox.Enqueued>;
  /** Queues an upload with its file; it goes in order with the other changes. */
  readonly enqueueUpload: (upload: outbox.UploadIntent) => Promise<outbox.Enqueued>;
  /** A rejected entry goes again, at the end of the queue. */
  readonly retryEntry: (seq: number) => Promise<void>;
  /** A rejected (or not yet sent) entry is dropped; its change is undone. */
  readonly discardEntry: (seq: number) => Promise<void>;
  /** Unlinks everything (tests, hot reload); the replica stays open. */
  readonly stop: () => void;
}

/** Parts a test (or a bench) puts in place of the browser's. */
export interface SyncOptions {
  readonly settings?: Settings;
  readonly connection?: Connection;
  readonly replica?: Replica;
  readonly notifier?: Notifier;
  readonly status?: Status;
  readonly locks?: LockManagerLike;
  readonly fetch?: FetchLike;
  /** The clock token expiry is checked against. */
  readonly now?: () => number;
  readonly backoffMs?: (attempts: number) => number;
  readonly receiptTimeoutMs?: number;
}

let running: Sync | undefined;

/** The running client; startSync() must have run. */
export function sync(): Sync {
  if (running === undefined) throw new Error('sync: startSync() has not run');
  return running;
}

/** Starts the page's client with these domains (once; a test's next start stops the last) and connects. */
export function startSync(domains: readonly Domain[], options: SyncOptions = {}): Sync {
  running?.stop();
  const started = createSync(domains, options);
  running = started;
  domains.forEach((domain) => domain.reset?.());
  started.connection.start();
  return started;
}

/**
 * A client of its own, not the page's (`sync()` does not return it): tests run two devices side by side. Not
 * connected yet.
 */
export function createSync(domains: readonly Domain[], options: SyncOptions = {}): Sync {
  const settings = options.settings ?? createSettings(browserStorage());
  const session = createSession(settings, options.now);
  const connection = options.connection ?? createStompConnection({
    brokerURL: () => brokerUrlFor(window.location),
    token: session.currentToken,
    // Spec §5: the live channel sends only for an authenticated user, except the login request itself.
    mayPublish: (destination: DestinationPath) => destination === Destination.login || session.isAuthenticated(),
  });
  const replica = options.replica ?? openReplica(domains.flatMap((domain) => domain.tables ?? []), REPLICA_NAME);
  const status = options.status ?? appStatus;
  const feedback: Feedback = { notifier: options.notifier ?? installedNotifier, status };
  const queries = createQueries(connection.publish);
  const signedIn = (): SignedIn | undefined => {
    if (session.currentToken() === undefined) return undefined;
    const { username, isAdmin } = session.get();
    return username === '' ? undefined : { user: username, isAdmin };
  };
  const onSettled = (entry: OutboxEntry): void => domains.forEach((domain) => domain.onSettled?.(entry, queries));
  const replayer = createReplayer({
    db: replica,
    transport: connection,
    session: { user: () => signedIn()?.user, token: session.currentToken, subscribe: session.subscribe },
    locks: options.locks ?? deviceLocks(),
    onSettled,
    uploadIngest: Object.assign({}, ...domains.map((domain) => domain.uploads ?? {})),
    ...(options.fetch === undefined ? {} : { fetch: options.fetch }),
    ...(options.backoffMs === undefined ? {} : { backoffMs: options.backoffMs }),
    ...(options.receiptTimeoutMs === undefined ? {} : { receiptTimeoutMs: options.receiptTimeoutMs }),
  });
  const login = createLogin(connection, session, options.now);

  async function forSignedInUser<T>(add: (user: string) => Promise<T>): Promise<T> {
    const who = signedIn();
    if (who === undefined) throw new Error(ClientMessages.signInToChange);
    const queued = await add(who.user);
    replayer.wake();
    return queued;
  }

  const stop = link({ domains, connection, session, settings, feedback, replica, queries, replayer, login, signedIn });
  const self: Sync = {
    replica, connection, session, settings, status, feedback, queries, login, replayer, signedIn,
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
    stop() {
      stop();
      if (running === self) running = undefined;
    },
  };
  return self;
}

interface Parts {
  readonly domains: readonly Domain[];
  readonly connection: Connection;
  readonly session: Session;
  readonly settings: Settings;
  readonly feedback: Feedback;
  readonly replica: Replica;
  readonly queries: Queries;
  readonly replayer: Replayer;
  readonly login: Login;
  readonly signedIn: () => SignedIn | undefined;
}

/** Subscribes and links the parts; returns a function undoing it. */
function link({ domains, connection, session, settings, feedback, replica, queries, replayer, login, signedIn }: Parts): () => void {
  const ingest = createIngest({ db: replica, feedback, settings, signedIn, queries, domains });
  const failed = (what: string) => (error: unknown) => console.error(`sync: ${what} failed`, error);

  const noteReply = (body: unknown, headers: Readonly<Record<string, string>>): void => {
    const clientMsgId = headers[CLIENT_MSG_ID_HEADER];
    if (clientMsgId === undefined) return;
    const envelope = EnvelopeSchema.safeParse(body);
    const message = envelope.success ? (envelope.data.message ?? '') : String(body);
    replayer.noteReply(clientMsgId, envelope.success ? envelope.data.errorCode : ErrorCode.INTERNAL_SERVER_ERROR, message);
  };

  let wasReady = connection.getSnapshot().state === 'ready';
  let lastBrokerError = connection.getSnapshot().lastError;
  const onConnectionChange = (): void => {
    const { state, lastError } = connection.getSnapshot();
    // Spec §8: a broker error (a STOMP ERROR frame) goes to the error channel too, once per error.
    if (lastError !== undefined && lastError !== lastBrokerError) showChannelError(lastError, feedback);
    lastBrokerError = lastError;
    const ready = state === 'ready';
    const who = signedIn();
    if (ready && !wasReady && session.isAuthenticated() && who !== undefined) {
      domains.forEach((domain) => domain.onConnect?.({ queries, feedback, who }));
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

  let lastToken = session.get().token;
  const onSessionChange = (): void => {
    const { token } = session.get();
    if (token === lastToken) return;
    lastToken = token;
    claim();
    void connection.restart();
  };

  const readTopic = (name: TopicName) =>
    connection.subscribe(Topic[name], (body, headers) => void ingest.topic(name, body, headers).catch(failed(name)));

  claim();
  const stops = [
    login.start(),
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
  return () => stops.forEach((stop) => stop());
}
