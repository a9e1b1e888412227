// The live channel (spec §7, DESIGN §5): STOMP 1.2 over WebSocket at /ws on the same origin. The ONLY module
// that imports @stomp/stompjs; everything else sees the small Connection interface, so the outbox and tests
// can run on an in-memory one. Subscriptions live in a registry that is replayed on every (re)connect.
import { Client, type IFrame, type IMessage, type StompSubscription } from '@stomp/stompjs';
import { AUTHORIZATION_HEADER, bearer } from '../../protocol/auth';
import { decodeBody, encodeBody } from '../../protocol/body';
import type { DestinationPath } from '../../protocol/destinations';
import type { TopicPath } from '../../protocol/topics';
import { createStore } from '../store';
import { CLOSE_REASON_HEADER, SIGN_IN_TIMEOUT } from '../../protocol/auth';
import { ClientMessages } from '../../protocol/messages';
import { CLIENT_TOO_OLD, PROTOCOL_HEADER, PROTOCOL_VERSION, SERVER_TOO_OLD } from '../../protocol/version';

export const RECONNECT_DELAY_MS = 1000; // spec §4/§9: automatic reconnect after 1 second
export const MAX_CHUNK_SIZE = 16 * 1024; // spec §9: maximum socket chunk size 16 KiB
/** The server beats twice a second (server/stomp/types.ts): a socket silent for two beats is dead, said within 1.5 s. */
export const HEARTBEAT_INCOMING_MS = 500;
/** Ours: the server cuts a peer silent for twice this (its WS_MAX_SILENCE aside). */
export const HEARTBEAT_OUTGOING_MS = 10_000;
/** A server older than this app is asked again this often (it is updated by a person, not in a second). */
export const SERVER_TOO_OLD_RETRY_MS = 30_000;

export type ConnectionState = 'loading' | 'ready';

export interface ConnectionSnapshot {
  /** Spec §4: loading until connected, then ready; loading again on close. */
  readonly state: ConnectionState;
  /** True after a close or failure (login shows 'Connecting...'); false on first load ('Loading/Connecting...'). */
  readonly down: boolean;
  /** The last broker error text (spec §8: its header message or 'An error occurred'); cleared on connect. */
  readonly lastError: string | undefined;
  /**
   * The server refused this app's protocol version (issue 32): CLIENT_TOO_OLD (a reload brings the newer app; no
   * reconnecting meanwhile) or SERVER_TOO_OLD (tried again now and then); nothing queued is sent meanwhile.
   */
  readonly versionRefused?: typeof CLIENT_TOO_OLD | typeof SERVER_TOO_OLD;
}

export type Headers = Readonly<Record<string, string>>;
/** body is the parsed JSON of the frame, or its raw text when it is not JSON. */
export type MessageHandler = (body: unknown, headers: Headers) => void;

export interface Connection {
  readonly getSnapshot: () => ConnectionSnapshot;
  /** Observes the snapshot (useSyncExternalStore's subscribe). */
  readonly watch: (listener: () => void) => () => void;
  /** Registers a topic handler that survives reconnects; returns the unsubscribe function. */
  readonly subscribe: (topic: TopicPath, handler: MessageHandler) => () => void;
  /** Sends now or not at all (spec §5): false when the rules forbid it or the client is not connected. */
  readonly publish: (destination: DestinationPath, body?: unknown, headers?: Headers) => boolean;
  /**
   * Observes the receipt-id of every RECEIPT frame. stompjs forgets its own receipt watchers on reconnect, so
   * the outbox keeps its own bookkeeping and only needs to hear every receipt (DESIGN §4).
   */
  readonly watchReceipts: (listener: (receiptId: string) => void) => () => void;
  readonly start: () => void;
  readonly stop: () => Promise<void>;
  /** A fresh CONNECT, e.g. after login/logout so the server's session identity follows the token. */
  readonly restart: () => Promise<void>;
}

export interface StompConnectionOptions {
  /** Read at each connect attempt, so it may depend on `location`. */
  readonly brokerURL: () => string;
  /** The current bearer token, if any: read for CONNECT, every SUBSCRIBE and every SEND. */
  readonly token: () => string | undefined;
  /** Spec §5's sender rule, checked before every SEND. */
  readonly mayPublish: (destination: DestinationPath) => boolean;
}

/** ws: or wss: following the page, same host, path /ws (DESIGN §5: the server shares the page's origin). */
export function brokerUrlFor(location: Pick<Location, 'protocol' | 'host'>): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws`;
}


interface Registration {
  readonly topic: TopicPath;
  readonly handler: MessageHandler;
  stomp: StompSubscription | undefined;
}

export function createStompConnection(options: StompConnectionOptions): Connection {
  const snapshot = createStore<ConnectionSnapshot>({ state: 'loading', down: false, lastError: undefined });
  const registrations = new Set<Registration>();
  const receiptListeners = new Set<(receiptId: string) => void>();
  let stopping = false;

  const authHeaders = (): Record<string, string> => {
    const token = options.token();
    return token ? { [AUTHORIZATION_HEADER]: bearer(token) } : {};
  };

  const deliver = (registration: Registration, message: IMessage): void => {
    try {
      registration.handler(decodeBody(message.body), message.headers);
    } catch (error) {
      // One faulty handler must not break the socket's message loop for the others.
      console.error(`connection: handler for ${registration.topic} failed`, error);
    }
  };

  const attach = (registration: Registration): void => {
    registration.stomp = client.subscribe(registration.topic, (message) => deliver(registration, message), authHeaders());
  };

  let quietReconnect = false;
  const markClosed = (): void => {
    for (const registration of registrations) registration.stomp = undefined; // stompjs forgets them on close
    const quiet = quietReconnect;
    quietReconnect = false;
    snapshot.update((current) => ({ ...current, state: 'loading', down: current.down || (!stopping && !quiet) }));
    // Open again now rather than after the reconnect delay (restart cancels the scheduled attempt).
    if (quiet) setTimeout(() => void restart(), 0);
  };

  const client = new Client({
    reconnectDelay: RECONNECT_DELAY_MS,
    heartbeatIncoming: HEARTBEAT_INCOMING_MS,
    heartbeatOutgoing: HEARTBEAT_OUTGOING_MS,
    // A socket the heart-beats found dead is reported closed at once: a close handshake over a dead network would keep
    // the badge on Ready for as long as TCP takes to give up.
    discardWebsocketOnCommFailure: true,
    // Spec §9's 16 KiB chunks: the server reassembles a frame from consecutive WebSocket messages. Bodies are
    // all-ASCII (encodeBody), so a split never lands inside a character.
    splitLargeFrames: true,
    maxWebSocketChunkSize: MAX_CHUNK_SIZE,
    beforeConnect: (self: Client) => {
      self.brokerURL = options.brokerURL();
      self.connectHeaders = { ...authHeaders(), [PROTOCOL_HEADER]: String(PROTOCOL_VERSION) };
    },
    onConnect: () => {
      client.reconnectDelay = RECONNECT_DELAY_MS;
      // Subscribe before announcing 'ready': listeners that publish on ready must find their replies' topics.
      for (const registration of registrations) attach(registration);
      snapshot.set({ state: 'ready', down: false, lastError: undefined });
    },
    onStompError: (frame: IFrame) => {
      const text = frame.headers.message || ClientMessages.brokerError;
      if (text === CLIENT_TOO_OLD || text === SERVER_TOO_OLD) return versionRefused(text);
      // An idle login screen's socket, closed by the server's sign-in deadline: nothing went wrong; open it again
      // at once, without an error or the 'down' overlay.
      if (frame.headers[CLOSE_REASON_HEADER] === SIGN_IN_TIMEOUT) {
        quietReconnect = true;
        return;
      }
      console.error('connection: broker error', text, frame.body);
      snapshot.update((current) => ({ ...current, lastError: text }));
    },
    // Nothing here calls watchForReceipt, so every RECEIPT lands in this callback.
    onUnhandledReceipt: (frame: IFrame) => {
      const id = frame.headers['receipt-id'];
      if (id === undefined) return;
      for (const listener of [...receiptListeners]) listener(id);
    },
    onWebSocketClose: markClosed,
    onWebSocketError: () => console.warn('connection: WebSocket error; reconnecting'),
  });

  const stop = async (): Promise<void> => {
    stopping = true;
    try {
      await client.deactivate();
    } finally {
      stopping = false;
      snapshot.update((current) => ({ ...current, state: 'loading' }));
    }
  };

  let restarting: Promise<void> = Promise.resolve();
  function restart(): Promise<void> {
    // Chained so two quick token changes cannot interleave deactivate/activate.
    restarting = restarting.catch(() => undefined).then(async () => {
      if (!client.active) return;
      await stop();
      client.activate();
    });
    return restarting;
  }

  // The server cannot serve this app's protocol version (issue 32): said, and nothing is sent. Too old, the app waits for
  // its reload (connecting again would be refused again); a server older than the app is asked again now and then.
  function versionRefused(refusal: typeof CLIENT_TOO_OLD | typeof SERVER_TOO_OLD): void {
    snapshot.update((current) => ({ ...current, versionRefused: refusal }));
    if (refusal === CLIENT_TOO_OLD) void client.deactivate();
    else client.reconnectDelay = SERVER_TOO_OLD_RETRY_MS;
  }

  // The device says it went offline: the socket may still look open, but nothing it sends arrives. Said at once (the
  // badge, the outbox), and the socket closed so nothing more is put into it; the reconnect attempts go on.
  const wentOffline = (): void => {
    snapshot.update((current) => ({ ...current, state: 'loading', down: true }));
    if (client.connected) client.forceDisconnect();
  };
  // Back online: a socket that lived through it may be dead without a close (a login or change sent into it would wait
  // in silence until the heart-beats notice): open a fresh one at once.
  if (typeof window !== 'undefined') {
    window.addEventListener('offline', () => {
      if (client.active) wentOffline();
    });
    window.addEventListener('online', () => {
      if (client.active) void restart();
    });
  }

  return {
    getSnapshot: snapshot.get,
    watch: snapshot.subscribe,
    subscribe(topic, handler) {
      const registration: Registration = { topic, handler, stomp: undefined };
      registrations.add(registration);
      if (client.connected) attach(registration);
      return () => {
        registrations.delete(registration);
        if (registration.stomp && client.connected) registration.stomp.unsubscribe();
        registration.stomp = undefined;
      };
    },
    publish(destination, body, headers = {}) {
      if (!options.mayPublish(destination) || !client.connected) return false;
      const json: Record<string, string> = body === undefined ? {} : { 'content-type': 'application/json' };
      try {
        client.publish({
          destination,
          body: encodeBody(body),
          headers: { ...json, ...headers, ...authHeaders() },
        });
      } catch (error) {
        // The socket closed under us (stompjs throws when no longer connected): nothing was sent.
        console.warn('connection: publish failed', error);
        return false;
      }
      return true;
    },
    watchReceipts(listener) {
      receiptListeners.add(listener);
      return () => void receiptListeners.delete(listener);
    },
    start: () => client.activate(),
    stop,
    restart,
  };
}
