// The contract between the STOMP layer and the application: what a session offers and what the app supplies.
// Types and their defaults only: no behaviour here, and no destination names (those live in src/protocol).

export interface StompLimits {
  /** Whole frame in bytes (command, headers, body, NUL); also the ws maxPayload. */
  maxFrameBytes: number;
  /** Header lines per frame, repeats included. */
  maxHeaders: number;
  /** Bytes of one header line (or the command line), before unescaping. */
  maxHeaderLength: number;
}

export const DEFAULT_LIMITS: Readonly<StompLimits> = Object.freeze({
  maxFrameBytes: 4 * 1024 * 1024, // room for a spreadsheet import sent as one SEND
  maxHeaders: 64, // stompjs sends fewer than ten; more is a flood
  maxHeaderLength: 8 * 1024, // a JWT bearer header is well under 2 KiB
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
  close(): void;
}

export interface StompSendFrame {
  destination: string;
  headers: Readonly<Record<string, string>>;
  body: string;
}

export interface StompApplication {
  /** Before CONNECTED. Throwing sends ERROR with the error's message and closes. */
  onConnect?(session: StompSession): void | Promise<void>;
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
  outgoingMs: 10_000, // matches stompjs's default, so browsers keep their own watchdog happy
  incomingMs: 10_000,
});

export interface StompServerOptions {
  /** URL path of the endpoint; default '/ws'. */
  path?: string;
  application: StompApplication;
  limits?: Partial<StompLimits>;
  heartBeat?: StompHeartBeat;
  /** Extra origins allowed at the handshake besides the request's own (e.g. 'https://desk.example.com'). */
  allowedOrigins?: readonly string[];
  logger: StompLogger;
}

export interface StompServer {
  /** Sessions that have been sent CONNECTED and are still open. */
  sessions(): Iterable<StompSession>;
  /** Closes every socket and the ws server; leaves the http server alone. */
  close(): Promise<void>;
}
