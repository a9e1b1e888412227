// The contract between the STOMP layer and the application: what a session offers and what the app supplies.
// Types and their defaults only: no behaviour here, and no destination names (those live in src/protocol).
import type { Server as HttpServer } from 'node:http';
import type { Server as HttpsServer } from 'node:https';

export interface StompLimits {
  /** Whole frame in bytes (command, headers, body, NUL) once signed in; also the ws maxPayload then. */
  maxFrameBytes: number;
  /** Header lines per frame, repeats included. */
  maxHeaders: number;
  /** Bytes of one header line (or the command line), before unescaping. */
  maxHeaderLength: number;
  /** Whole frame in bytes (and ws maxPayload) until the application signs the session in. */
  anonymousMaxFrameBytes: number;
  /** From the socket's opening: CONNECT and a sign-in (StompSession.signIn) must both come within this. */
  authTimeoutMs: number;
  /** From a frame's first byte to its last. */
  partialFrameTimeoutMs: number;
  /** Nothing received for this long closes the socket, whatever heart-beats were agreed (even 0). */
  maxSilenceMs: number;
  maxSubscriptionsPerSession: number;
  /** Signed-in sessions of one principal at a time. */
  maxSessionsPerUser: number;
  /** Open sockets, signed in or not. */
  maxSockets: number;
  /** Open sockets from one remote address (a warehouse behind one NAT shares one). */
  maxSocketsPerAddress: number;
}

export const DEFAULT_LIMITS: Readonly<StompLimits> = Object.freeze({
  maxFrameBytes: 4 * 1024 * 1024, // room for a spreadsheet import sent as one SEND
  maxHeaders: 64, // stompjs sends fewer than ten; more is a flood
  maxHeaderLength: 8 * 1024, // a JWT bearer header is well under 2 KiB
  anonymousMaxFrameBytes: 16 * 1024, // CONNECT with a token, a login: well under 2 KiB each
  authTimeoutMs: 10_000,
  partialFrameTimeoutMs: 60_000, // a 4 MiB import over a poor warehouse Wi-Fi link
  maxSilenceMs: 60_000, // the app beats every 10 s; a peer that promised nothing still gets a minute
  maxSubscriptionsPerSession: 100, // the app subscribes to every topic (18 today)
  maxSessionsPerUser: 100, // a shared account on every tablet of a warehouse, with tabs to spare
  maxSockets: 1_000,
  maxSocketsPerAddress: 200, // ~50 tablets behind one NAT, with room for reconnects
});

export interface StompSession {
  /** Unique per connection (crypto.randomUUID()). */
  readonly id: string;
  /** Headers of the CONNECT frame (null-prototype object: use Object.hasOwn, not .hasOwnProperty). */
  readonly connectHeaders: Readonly<Record<string, string>>;
  readonly remoteAddress: string | undefined;
  /** MESSAGE to every subscription of THIS session whose destination equals `destination`. Returns how many matched. */
  deliver(destination: string, body: string, headers?: Record<string, string>): number;
  isSubscribed(destination: string): boolean;
  /**
   * The application verified a token for `principal` on this session: the anonymous limits (frame size, the sign-in
   * deadline) no longer apply, and the session counts towards that principal's sessions. False when it may not be
   * (that principal has the most sessions allowed): the session is then already closing with an ERROR saying so.
   * Signed in once, a session stays counted under its first principal. Optional so that in-process stand-ins need
   * not model the limits; every session of the STOMP endpoint has it.
   */
  signIn?(principal: string): boolean;
  /** Whom signIn counted this session under; undefined while anonymous. */
  readonly principal?: string | undefined;
  close(): void;
}

export interface StompSendFrame {
  destination: string;
  headers: Readonly<Record<string, string>>;
  body: string;
}

/**
 * What the application supplies. It signs sessions in (StompSession.signIn) whenever it verifies credentials; until
 * then a session is anonymous: small frames, and closed with an ERROR once limits.authTimeoutMs has passed.
 */
export interface StompApplication {
  /**
   * Before CONNECTED. Throwing sends ERROR with the error's message and closes. It may return headers for CONNECTED
   * (what the application tells every client, e.g. the versions of its own protocol); they never displace STOMP's own.
   */
  onConnect?(session: StompSession): void | Readonly<Record<string, string>> | Promise<void | Readonly<Record<string, string>>>;
  /** One at a time per session, in arrival order; RECEIPT (if asked) after it settles. body is UTF-8 text. */
  onSend(session: StompSession, frame: StompSendFrame): Promise<void>;
  /** Before a subscription is recorded. Throwing sends ERROR and closes. */
  onSubscribe?(session: StompSession, destination: string, headers: Readonly<Record<string, string>>): void | Promise<void>;
  /** Once per session whose onConnect was called (even if it threw), when its socket has closed. */
  onClose?(session: StompSession): void;
}

/** pino-compatible. */
export interface StompLogger {
  debug(obj: object, msg?: string): void;
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export interface StompHeartBeat {
  /** What the server offers to send (sx in the spec); 0 = never. */
  outgoingMs: number;
  /** What the server wants to receive (sy in the spec); 0 = no dead-peer detection. */
  incomingMs: number;
}

export const DEFAULT_HEART_BEAT: Readonly<StompHeartBeat> = Object.freeze({
  // Offered twice a second: the app asks for it, so a tablet whose Wi-Fi dropped with its socket still looking open says
  // Offline within 1-1.5 s, well inside issue 31's 3 s on a busy device. A beat is one byte; a client asking for none
  // gets none.
  outgoingMs: 500,
  incomingMs: 10_000,
});

/** An http or https server: what the endpoint listens to for upgrades. */
export type UpgradeSource = HttpServer | HttpsServer;

export interface StompServerOptions {
  /** URL path of the endpoint; default '/ws'. */
  path?: string;
  application: StompApplication;
  limits?: Partial<StompLimits>;
  heartBeat?: StompHeartBeat;
  /**
   * Extra origins allowed at the handshake besides the request's own (e.g. 'https://desk.example.com'); their host
   * names are also allowed as Host, besides IP addresses, localhost and this machine's name (handshake.ts).
   */
  allowedOrigins?: readonly string[];
  /** Reverse proxies whose X-Forwarded-For names the client (the address limits and throttles count). */
  trustedProxies?: readonly string[];
  /** Host names allowed besides those (TLS_NAMES: the names the server's certificate carries). */
  allowedHosts?: readonly string[];
  /** The server also listens over HTTPS: over plain HTTP, only a loopback Host may open a socket. */
  plainOnlyOnLoopback?: boolean;
  logger: StompLogger;
}

export interface StompServer {
  /** Sessions that have been sent CONNECTED and are still open. */
  sessions(): Iterable<StompSession>;
  /** Serves the endpoint on another listener too (the HTTPS one), under the same rules and caps. */
  attach(server: UpgradeSource): void;
  /** Closes every socket and the ws server; leaves the http servers alone. */
  close(): Promise<void>;
}
