// The version of this wire contract (issue 32). A client names the version it speaks in CONNECT; the server answers
// with its own and the oldest it still accepts, or refuses a client outside that range so that no queued change is
// ever sent to a server that would misread it. Bumped when a destination's payload, reply or meaning changes
// incompatibly; an addition an older client simply ignores (a new optional field, a new destination) is no bump.
// Each bump adds an upgrade of the changed payloads (./upgrades.ts) and a line to PROTOCOL_CHANGELOG.
import { REHEARSAL, REHEARSAL_BUMP } from './rehearsal';

/** CONNECT: the version the client speaks. CONNECTED: the server's. On a SEND: the version its body was written in. */
export const PROTOCOL_HEADER = 'lotdesk-protocol';
/** CONNECTED: the oldest version the server still accepts. */
export const PROTOCOL_MIN_HEADER = 'lotdesk-protocol-min';

/** This contract's version (one more in the rehearsal of the next release, ./rehearsal.ts). */
export const PROTOCOL_VERSION = 1 + REHEARSAL_BUMP;
/** The oldest version served: at least the one before PROTOCOL_VERSION, whose payloads ./upgrades.ts translates. */
export const PROTOCOL_MIN = 1;

/** The ERROR `message` for a client older than PROTOCOL_MIN: it must reload its newer code. */
export const CLIENT_TOO_OLD = 'CLIENT_TOO_OLD';
/** The ERROR `message` for a client newer than the server: it keeps its queue and tries again later. */
export const SERVER_TOO_OLD = 'SERVER_TOO_OLD';

/** What each version changed, newest last (docs/protocol.md shows it). */
export const PROTOCOL_CHANGELOG: ReadonlyArray<{ readonly version: number; readonly changes: string }> = [
  { version: 1, changes: 'The first version named in the handshake: the contract as docs/protocol.md states it. A client that names none is served as the current version.' },
  ...(REHEARSAL ? [{ version: 2, changes: 'Rehearsal only (tests): createManifest takes { title }.' }] : []),
];

/** The range a server speaks: its own version and the oldest it accepts. */
export interface ProtocolRange {
  readonly current: number;
  readonly min: number;
}

export const PROTOCOL_RANGE: ProtocolRange = { current: PROTOCOL_VERSION, min: PROTOCOL_MIN };

/**
 * The version a CONNECT (or a SEND) names: absent → undefined (a plain STOMP client: served as current); a whole
 * number 1 or above → it; anything else → NaN (refused as a malformed header).
 */
export function protocolOf(header: string | undefined): number | undefined {
  if (header === undefined) return undefined;
  return /^[1-9]\d{0,5}$/.test(header.trim()) ? Number(header.trim()) : Number.NaN;
}

/** How a server at `range` answers a client speaking `version`: served, or the refusal's ERROR message. */
export function admitProtocol(version: number | undefined, range: ProtocolRange = PROTOCOL_RANGE): 'served' | typeof CLIENT_TOO_OLD | typeof SERVER_TOO_OLD {
  if (version === undefined) return 'served';
  if (version < range.min) return CLIENT_TOO_OLD;
  if (version > range.current) return SERVER_TOO_OLD;
  return 'served';
}
