// Wires the live client together: the singletons (login, categories, replica, ingest, outbox replayer, lots
// query) on the one connection, the standing topic subscriptions that route every reply through ingest, and
// the rules that tie session, connection and outbox (spec §4, DESIGN §4). startSync() runs once at app
// start-up; nothing here renders or touches storage directly. Also the outbox's public API for screens.
import { CLIENT_MSG_ID_HEADER } from '../protocol/auth';
import { EnvelopeSchema } from '../protocol/envelope';
import { ErrorCode } from '../protocol/error-codes';
import { Topic } from '../protocol/topics';
import { createBoxIngest } from './box-ingest';
import { createCatalogue, type Catalogue } from './catalogue';
import { createCatalogueIngest } from './catalogue-ingest';
import { createCategories, type Categories } from './categories';
import { connection, type Connection, type Headers } from './connection';
import { createIngest, type IngestUser } from './ingest';
import { createLogin, type Login } from './login';
import { createLotEditQuery, type LotEditQuery } from './lot-edit-query';
import { createLotLookups, type LotLookups } from './lot-lookups';
import { createLotsQuery, type LotsQuery } from './lots-query';
import { notifier, type Notifier } from './notifier';
import * as outbox from './outbox';
import { openReplica, type OutboxEntry, type ReplicaDb } from './replica';
import { claimReplica } from './replica-owner';
import { createReplayer, type Replayer, type ReplaySession } from './replayer';
import { showServerError } from './server-errors';
import { session, type Session } from './session';
import { settings } from './settings';
import { status, type Status } from './status';

export const login: Login = createLogin(connection, session);
export const categories: Categories = createCategories({ publish: connection.publish, settings, status });
export const replica: ReplicaDb = openReplica();
export const lotsQuery: LotsQuery = createLotsQuery({ publish: connection.publish, settings });
export const lotLookups: LotLookups = createLotLookups({ publish: connection.publish });
export const catalogue: Catalogue = createCatalogue({ publish: connection.publish, db: replica });
export const lotEditQuery: LotEditQuery = createLotEditQuery({ publish: connection.publish });

/** The signed-in user as the replica and outbox see them: only with a valid token (spec §5). */
export function signedInUser(session: Session): IngestUser | undefined {
  if (session.currentToken() === undefined) return undefined;
  const { username, isAdmin } = session.get();
  return username === '' ? undefined : { user: username, isAdmin };
}

export function replaySession(session: Session): ReplaySession {
  return { user: () => signedInUser(session)?.user, token: session.currentToken, subscribe: session.subscribe };
}

/** After a rejection (or a create the server answered unseen), the replica asks for the server's lots again. */
export function refetchAfter(lotsQuery: LotsQuery): (entry: OutboxEntry) => void {
  return (entry) => {
    if (entry.change?.table !== 'lots') return;
    if (entry.state === 'dead' || (entry.state === 'done' && entry.change.kind === 'insert')) lotsQuery.fetch();
  };
}

export const replayer: Replayer = createReplayer({
  db: replica,
  transport: connection,
  session: replaySession(session),
  onSettled: refetchAfter(lotsQuery),
});

// ------------------------------------------------------------------------- the outbox, for screens

/** Adds to the signed-in user's queue and wakes the replayer (spec §5: nobody signed in, no intent). */
async function forSignedInUser<T>(add: (user: string) => Promise<T>): Promise<T> {
  const who = signedInUser(session);
  if (who === undefined) throw new Error('Sign in to make changes.');
  const queued = await add(who.user);
  replayer.wake();
  return queued;
}

/** Queues a mutation for the signed-in user with its optimistic change. */
export function enqueue(intent: outbox.Intent): Promise<outbox.Enqueued> {
  return forSignedInUser((user) => outbox.enqueue(replica, user, intent));
}

/** Queues an upload (spec §7: a file with UPC or SKU) with its file; it goes in order with the other changes. */
export function enqueueUpload(upload: outbox.UploadIntent): Promise<outbox.Enqueued> {
  return forSignedInUser((user) => outbox.enqueueUpload(replica, user, upload));
}

/** A rejected entry goes again, at the end of the queue. */
export async function retryEntry(seq: number): Promise<void> {
  await outbox.retryEntry(replica, seq);
  replayer.wake();
}

/** A rejected (or not yet sent) entry is dropped; its change is undone. */
export async function discardEntry(seq: number): Promise<void> {
  await outbox.discardEntry(replica, seq);
  replayer.wake();
}

// ------------------------------------------------------------------------------------------ linking

export interface SyncParts {
  readonly connection: Connection;
  readonly session: Session;
  readonly status: Status;
  readonly login: Login;
  readonly categories: Categories;
  readonly notifier: Notifier;
  readonly db: ReplicaDb;
  readonly lotsQuery: LotsQuery;
  readonly lotLookups: LotLookups;
  readonly catalogue: Catalogue;
  readonly lotEditQuery: LotEditQuery;
  readonly replayer: Replayer;
}

/** Subscribes and links the parts; returns a function undoing it (tests, hot reload). Does not connect. */
export function linkSync(parts: SyncParts): () => void {
  const { connection, session, status, login, categories, notifier, db, lotsQuery, lotLookups, catalogue, lotEditQuery, replayer } = parts;
  const feedback = { notifier, status };
  const signedIn = () => signedInUser(session);
  const catalogueIngest = createCatalogueIngest({ db, feedback, user: () => signedIn()?.user, catalogue });
  const boxIngest = createBoxIngest({ db, feedback, user: () => signedIn()?.user, query: lotEditQuery });
  const ingest = createIngest({ db, feedback, signedIn, categories, readers: [catalogueIngest, boxIngest], lookups: lotLookups });
  const failed = (what: string) => (error: unknown) => console.error(`sync: ${what} failed`, error);

  /** Replies that name an outbox entry tell the replayer how it went, before its RECEIPT arrives. */
  const noteReply = (body: unknown, headers: Headers, fallbackCode: number): void => {
    const clientMsgId = headers[CLIENT_MSG_ID_HEADER];
    if (clientMsgId === undefined) return;
    const envelope = EnvelopeSchema.safeParse(body);
    const message = envelope.success ? (envelope.data.message ?? '') : String(body);
    replayer.noteReply(clientMsgId, envelope.success ? envelope.data.errorCode : fallbackCode, message);
  };

  const onIncoming = (body: unknown, headers: Headers): void => {
    noteReply(body, headers, ErrorCode.INTERNAL_SERVER_ERROR);
    void ingest.incoming(body, headers).catch(failed('incomingMessages'));
  };

  const onError = (body: unknown, headers: Headers): void => {
    noteReply(body, headers, ErrorCode.INTERNAL_SERVER_ERROR);
    showServerError(body, { notifier, status });
  };

  // On every connect while signed in: categories (spec §4) and the lots the list shows (DESIGN §4: queries
  // are re-fetched, never queued). A login restarts the connection (below), so it lands here too.
  let wasReady = connection.getSnapshot().state === 'ready';
  const onConnectionChange = (): void => {
    const ready = connection.getSnapshot().state === 'ready';
    if (ready && !wasReady && session.isAuthenticated()) {
      categories.fetch();
      lotsQuery.fetch();
      lotEditQuery.fetch(); // nothing while no lot is open
    }
    if (!ready) {
      lotsQuery.forgetRequests();
      catalogue.forgetRequests();
      lotEditQuery.forgetRequests();
    }
    wasReady = ready;
  };

  // A new user on the device gets an empty cache (their own queued intents laid back on it).
  const claim = (): void => {
    const who = signedInUser(session);
    if (who !== undefined) void claimReplica(db, who.user).catch(failed('claiming the replica'));
  };

  // A new token (login) or none (logout) gets a fresh CONNECT carrying it, so the socket's identity and its
  // user-topic subscriptions follow the token whatever the server keys them on; a logged-out tablet must
  // not keep receiving the last user's pushes.
  let lastToken = session.get().token;
  const onSessionChange = (): void => {
    const { token } = session.get();
    if (token === lastToken) return;
    lastToken = token;
    claim();
    void connection.restart();
  };

  claim();
  const stops = [
    login.start(),
    connection.subscribe(Topic.incomingMessages, onIncoming),
    connection.subscribe(Topic.errors, onError),
    connection.subscribe(Topic.lots, (body) => void ingest.lots(body, lotsQuery.takeRequested()).catch(failed('lots'))),
    connection.subscribe(Topic.lotById, (body) => void ingest.lotById(body).catch(failed('lotById'))),
    connection.subscribe(Topic.lotSuggestions, (body) => ingest.lotSuggestions(body)),
    connection.subscribe(Topic.boxesByLotId, (body) => void boxIngest.boxesByLotId(body).catch(failed('boxesByLotId'))),
    connection.subscribe(Topic.suggestion, (body) => void catalogueIngest.suggestion(body).catch(failed('suggestion'))),
    connection.watch(onConnectionChange),
    session.subscribe(onSessionChange),
    replayer.start(),
  ];
  return () => stops.forEach((stop) => stop());
}

let started = false;

/** Starts the live client once: links the singletons and opens the connection. */
export function startSync(): void {
  if (started) return;
  started = true;
  linkSync({ connection, session, status, login, categories, notifier, db: replica, lotsQuery, lotLookups, catalogue, lotEditQuery, replayer });
  connection.start();
}
