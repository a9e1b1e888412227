// Wires the live client together: the login and categories singletons on the one connection, the standing
// topic subscriptions, and the rules that tie session and connection (spec §4). startSync() runs once at
// app start-up; nothing here renders or touches storage directly.
import { EnvelopeSchema } from '../protocol/envelope';
import { MessageType } from '../protocol/message-types';
import { Topic } from '../protocol/topics';
import { createCategories, type Categories } from './categories';
import { connection, type Connection } from './connection';
import { createLogin, type Login } from './login';
import { notifier, type Notifier } from './notifier';
import { showServerError } from './server-errors';
import { session, type Session } from './session';
import { settings } from './settings';
import { status, type Status } from './status';

export const login: Login = createLogin(connection, session);
export const categories: Categories = createCategories({ publish: connection.publish, settings, status });

export interface SyncParts {
  readonly connection: Connection;
  readonly session: Session;
  readonly status: Status;
  readonly login: Login;
  readonly categories: Categories;
  readonly notifier: Notifier;
}

/** Subscribes and links the parts; returns a function undoing it (tests, hot reload). Does not connect. */
export function linkSync(parts: SyncParts): () => void {
  const { connection, session, status, login, categories, notifier } = parts;

  const onIncoming = (body: unknown): void => {
    if (categories.ingest(body)) return;
    // Spec §4: an error message resets the status to 'Ready.' (feature ingest takes the rest later).
    const envelope = EnvelopeSchema.safeParse(body);
    if (envelope.success && envelope.data.messageType === MessageType.ERROR) status.ready();
  };

  // Categories load only when the user is authenticated and the connection is up (spec §4): on every
  // connect; a login restarts the connection (below), so it lands here too.
  let wasReady = connection.getSnapshot().state === 'ready';
  const onConnectionChange = (): void => {
    const ready = connection.getSnapshot().state === 'ready';
    if (ready && !wasReady && session.isAuthenticated()) categories.fetch();
    wasReady = ready;
  };

  // A new token (login) or none (logout) gets a fresh CONNECT carrying it, so the socket's identity and its
  // user-topic subscriptions follow the token whatever the server keys them on; a logged-out tablet must
  // not keep receiving the last user's pushes.
  let lastToken = session.get().token;
  const onSessionChange = (): void => {
    const { token } = session.get();
    if (token === lastToken) return;
    lastToken = token;
    void connection.restart();
  };

  const stops = [
    login.start(),
    connection.subscribe(Topic.incomingMessages, onIncoming),
    connection.subscribe(Topic.errors, (body) => showServerError(body, { notifier, status })),
    connection.watch(onConnectionChange),
    session.subscribe(onSessionChange),
  ];
  return () => stops.forEach((stop) => stop());
}

let started = false;

/** Starts the live client once: links the singletons and opens the connection. */
export function startSync(): void {
  if (started) return;
  started = true;
  linkSync({ connection, session, status, login, categories, notifier });
  connection.start();
}
