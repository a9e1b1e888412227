// What CONNECT negotiates: the protocol version and the two heart-beat intervals (STOMP 1.2 §"Connecting",
// §"Heart-beating"). Pure functions; they must never touch a socket or a timer.

/** Highest first: the order in which we pick from the client's accept-version. */
export const SUPPORTED_VERSIONS = ['1.2', '1.1'] as const;
export type StompVersion = (typeof SUPPORTED_VERSIONS)[number];

/**
 * The highest version both sides speak, or undefined. A missing accept-version means a 1.0-only client (spec),
 * which we do not serve: 1.0 has no header escaping and no heart-beats.
 */
export function negotiateVersion(acceptVersion: string | undefined): StompVersion | undefined {
  const offered = (acceptVersion ?? '1.0').split(',').map((v) => v.trim());
  return SUPPORTED_VERSIONS.find((v) => offered.includes(v));
}

export interface HeartBeatPair {
  /** First number: what that side can send (cx / sx), 0 = cannot. */
  send: number;
  /** Second number: what that side wants to receive (cy / sy), 0 = does not want. */
  receive: number;
}

// Bounded so a hostile value cannot overflow a timer (Node clamps delays above 2^31-1 ms to 1 ms).
const MAX_HEART_BEAT_MS = 24 * 60 * 60 * 1000;

/** Parses `cx,cy`; a missing header means 0,0 (spec). Returns undefined when malformed. */
export function parseHeartBeat(header: string | undefined): HeartBeatPair | undefined {
  if (header === undefined) return { send: 0, receive: 0 };
  const match = /^\s*([0-9]{1,12})\s*,\s*([0-9]{1,12})\s*$/.exec(header);
  if (!match) return undefined;
  const send = Number(match[1]);
  const receive = Number(match[2]);
  if (send > MAX_HEART_BEAT_MS || receive > MAX_HEART_BEAT_MS) return undefined;
  return { send, receive };
}

export interface HeartBeatIntervals {
  /** How often the server must send something (EOL if idle); 0 = never. */
  outgoingMs: number;
  /** How often the client promised to send something; 0 = no dead-peer detection. */
  incomingMs: number;
}

/** Spec: each direction is off when either side says 0, else the larger of the two numbers. */
export function negotiateHeartBeat(client: HeartBeatPair, server: HeartBeatPair): HeartBeatIntervals {
  const direction = (canSend: number, wants: number) => (canSend === 0 || wants === 0 ? 0 : Math.max(canSend, wants));
  return {
    outgoingMs: direction(server.send, client.receive),
    incomingMs: direction(client.send, server.receive),
  };
}
