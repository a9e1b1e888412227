// The part of the running client the login screen needs (first load, docs/operations.md): settings, session,
// the STOMP connection, login, queries, status and feedback. No replica here, so Dexie, the outbox and the
// domains are not in the login route's JavaScript: the page starts the core at once (`startCore`) and the rest
// of the engine as soon as its chunk arrives (`startSync` in runtime.ts, from app/engine.ts). Signed-in
// screens wait for the whole engine (`syncReady`, awaited by the auth guard) and reach it through `sync()`.
import { Destination, type DestinationPath } from '../protocol/destinations';
import type { SignedIn } from './domain';
import { notifier as installedNotifier, type Feedback, type Notifier } from './feedback/notifier';
import { status as appStatus, type Status } from './feedback/status';
import type { Sync } from './runtime';
import { createLogin, type Login } from './session/login';
import { createSession, type Session } from './session/session';
import { browserStorage, createSettings, type Settings } from './session/settings';
import { brokerUrlFor, createStompConnection, type Connection } from './transport/connection';
import { createQueries, type Queries } from './transport/queries';

export interface SyncCore {
  readonly connection: Connection;
  readonly session: Session;
  readonly settings: Settings;
  readonly status: Status;
  readonly feedback: Feedback;
  readonly queries: Queries;
  readonly login: Login;
  /** The signed-in user, only with a valid token (spec §5). */
  readonly signedIn: () => SignedIn | undefined;
}

/** Parts a test (or a bench) puts in place of the browser's. */
export interface CoreOptions {
  readonly settings?: Settings;
  readonly connection?: Connection;
  readonly notifier?: Notifier;
  readonly status?: Status;
  /** The clock token expiry is checked against. */
  readonly now?: () => number;
}

export function createCore(options: CoreOptions = {}): SyncCore {
  const settings = options.settings ?? createSettings(browserStorage());
  const session = createSession(settings, options.now);
  const connection = options.connection ?? createStompConnection({
    brokerURL: () => brokerUrlFor(window.location),
    token: session.currentToken,
    // Spec §5: the live channel sends only for an authenticated user, except the login request itself.
    mayPublish: (destination: DestinationPath) => destination === Destination.login || session.isAuthenticated(),
  });
  const status = options.status ?? appStatus;
  const signedIn = (): SignedIn | undefined => {
    if (session.currentToken() === undefined) return undefined;
    const { username, isAdmin } = session.get();
    return username === '' ? undefined : { user: username, isAdmin };
  };
  return {
    settings, session, connection, status, signedIn,
    feedback: { notifier: options.notifier ?? installedNotifier, status },
    queries: createQueries(connection.publish),
    login: createLogin(connection, session, options.now),
  };
}

/**
 * Links the core's own rules; returns a function undoing it. A token change (login, logout, expiry found by a
 * check) restarts the connection, so CONNECT carries the current token and a logged-out tablet stops receiving
 * the last user's pushes.
 */
export function linkCore({ login, session, connection }: SyncCore): () => void {
  let lastToken = session.get().token;
  const onSessionChange = (): void => {
    const { token } = session.get();
    if (token === lastToken) return;
    lastToken = token;
    void connection.restart();
  };
  const stops = [login.start(), session.subscribe(onSessionChange)];
  return () => stops.forEach((stop) => stop());
}

let runningCore: SyncCore | undefined;
let running: Sync | undefined;
let ready: { promise: Promise<Sync>; resolve: (sync: Sync) => void } | undefined;

function readyLatch() {
  if (ready === undefined) {
    let resolve: (sync: Sync) => void = () => undefined;
    const promise = new Promise<Sync>((settle) => (resolve = settle));
    ready = { promise, resolve };
  }
  return ready;
}

/** The page's core: the login screen's part of the client; startCore() or startSync() must have run. */
export function core(): SyncCore {
  const current = running ?? runningCore;
  if (current === undefined) throw new Error('sync: startCore() has not run');
  return current;
}

/** The running client with its replica; signed-in screens run only after syncReady() (the auth guard). */
export function sync(): Sync {
  if (running === undefined) throw new Error('sync: the engine has not started (await syncReady())');
  return running;
}

/** Resolves once the whole engine runs (at once when it already does). */
export function syncReady(): Promise<Sync> {
  return running === undefined ? readyLatch().promise : Promise.resolve(running);
}

/** Starts the page's core and connects; the engine joins it later (runtime.ts startSync with this core). */
export function startCore(options: CoreOptions = {}): SyncCore {
  const started = createCore(options);
  linkCore(started);
  runningCore = started;
  started.connection.start();
  return started;
}

/** The page's core when startCore() ran, for the engine to join; undefined in tests (they start whole). */
export function pageCore(): SyncCore | undefined {
  return runningCore;
}

/** runtime.ts: the engine now runs (or stopped: undefined). */
export function setRunning(next: Sync | undefined): void {
  running = next;
  if (next === undefined) {
    ready = undefined;
    return;
  }
  runningCore = next;
  readyLatch().resolve(next);
}

/** The page's running client, if any (a new start stops it; a stopped client unregisters only itself). */
export function runningSync(): Sync | undefined {
  return running;
}
