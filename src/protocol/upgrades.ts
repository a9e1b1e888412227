// How a payload written under an older protocol version reads under today's (issue 32): a tablet's queue, made
// offline before the server (or the app) was updated, arrives as the person made it. Each version that changes a
// payload incompatibly adds a step naming the destinations it changed and how to read their older payload; the
// server applies them to the SENDs of an older client, the client to the entries it queued under older code.
import { destinationNameOf } from './contract/table';
import type { DestinationName, DestinationPath } from './destinations';
import { REHEARSAL, titleInObject } from './rehearsal';
import { PROTOCOL_VERSION } from './version';

/** The older payload, as received (parsed JSON), read as the next version's. */
export type PayloadUpgrade = (body: unknown) => unknown;

export interface UpgradeStep {
  /** The version this step upgrades to (from the one before it). */
  readonly to: number;
  readonly payloads: Partial<Record<DestinationName, PayloadUpgrade>>;
}

/** Every step, oldest first. None yet (version 1 is the first the handshake names) but the rehearsal's. */
export const UPGRADES: readonly UpgradeStep[] = REHEARSAL ? [{ to: 2, payloads: { createManifest: titleInObject } }] : [];

/** The steps between `from` and `to` that change `destination`'s payload, oldest first. */
export function upgradesOf(destination: DestinationName, from: number, to: number = PROTOCOL_VERSION, steps: readonly UpgradeStep[] = UPGRADES): PayloadUpgrade[] {
  return steps.filter((step) => step.to > from && step.to <= to).flatMap((step) => step.payloads[destination] ?? []);
}

/** `body` written under version `from`, read as version `to`'s payload of `destination`. */
export function upgradePayload(destination: DestinationName, body: unknown, from: number, to: number = PROTOCOL_VERSION, steps: readonly UpgradeStep[] = UPGRADES): unknown {
  return upgradesOf(destination, from, to, steps).reduce((payload, upgrade) => upgrade(payload), body);
}

/** A queued SEND's body written under version `from` (absent: 1), as today's payload of its destination. */
export function upgradeQueued(destination: DestinationPath, body: unknown, from: number | undefined, steps: readonly UpgradeStep[] = UPGRADES): unknown {
  const name = destinationNameOf(destination);
  return name === undefined ? body : upgradePayload(name, body, from ?? 1, PROTOCOL_VERSION, steps);
}
