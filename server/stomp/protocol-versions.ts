// Which version of LotDesk's protocol each session speaks (issue 32): a CONNECT's lotdesk-protocol header is admitted
// when it is within the server's range (none: a plain STOMP client, served as the current version), and CONNECTED
// tells the client the range; a client outside it is refused with CLIENT_TOO_OLD or SERVER_TOO_OLD, so it never
// sends its queue to a server that would misread it. A SEND is read as the version it names (an entry queued under
// older code) or its session's, and its payload upgraded to today's (src/protocol/upgrades.ts) before the handler
// sees it. Knows no destination's payload: the steps come from the contract's side.
import type { DestinationName } from '../../src/protocol/destinations';
import { ServerMessages } from '../../src/protocol/messages';
import { UPGRADES, upgradesOf, type UpgradeStep } from '../../src/protocol/upgrades';
import { admitProtocol, PROTOCOL_HEADER, PROTOCOL_MIN_HEADER, PROTOCOL_RANGE, protocolOf, type ProtocolRange } from '../../src/protocol/version';
import type { StompSendFrame, StompSession } from './types';

export interface ProtocolVersions {
  /** CONNECT: the client's version admitted (or the refusal thrown: the ERROR's message), and CONNECTED's headers. */
  admit(session: StompSession): Record<string, string>;
  /** SEND: its body as today's payload of `key`, or why it cannot be read (nothing may run). */
  read(session: StompSession, key: DestinationName, frame: StompSendFrame): { readonly body: string } | { readonly refusal: string };
}

export function createProtocolVersions(range: ProtocolRange = PROTOCOL_RANGE, steps: readonly UpgradeStep[] = UPGRADES): ProtocolVersions {
  const spoken = new WeakMap<StompSession, number>();
  return {
    admit(session) {
      const version = protocolOf(session.connectHeaders[PROTOCOL_HEADER]);
      if (Number.isNaN(version)) throw new Error(ServerMessages.badProtocolHeader(PROTOCOL_HEADER));
      const verdict = admitProtocol(version, range);
      if (verdict !== 'served') throw new Error(verdict);
      spoken.set(session, version ?? range.current);
      return { [PROTOCOL_HEADER]: String(range.current), [PROTOCOL_MIN_HEADER]: String(range.min) };
    },
    read(session, key, frame) {
      const named = protocolOf(frame.headers[PROTOCOL_HEADER]);
      if (Number.isNaN(named)) return { refusal: ServerMessages.badProtocolHeader(PROTOCOL_HEADER) };
      const version = named ?? spoken.get(session) ?? range.current;
      const verdict = admitProtocol(version, range);
      if (verdict !== 'served') return { refusal: verdict };
      const upgrades = upgradesOf(key, version, range.current, steps);
      if (upgrades.length === 0) return { body: frame.body };
      let payload: unknown;
      try {
        payload = JSON.parse(frame.body);
      } catch {
        return { body: frame.body }; // not JSON: the payload's schema refuses it in its own words
      }
      return { body: JSON.stringify(upgrades.reduce((older, upgrade) => upgrade(older), payload)) };
    },
  };
}
