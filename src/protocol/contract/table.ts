// The contract table: one entry per SEND destination of spec §7, assembled from the domain files.
import type { z } from 'zod';
import { boxesContract } from './boxes';
import { catalogueContract } from './catalogue';
import { devicesContract } from './devices';
import { eventsContract } from './events';
import { listingsContract } from './listings';
import { lotsContract } from './lots';
import { sessionContract } from './session';
import type { ContractEntry } from './shared';
import { Destination, type DestinationName } from '../destinations';

export const contract = {
  ...sessionContract,
  ...lotsContract,
  ...boxesContract,
  ...catalogueContract,
  ...eventsContract,
  ...listingsContract,
  ...devicesContract,
} satisfies Record<DestinationName, ContractEntry>;

export type Contract = typeof contract;
/** What the server hands a handler after parsing (`PayloadOf<'getLotById'>` is a number). */
export type PayloadOf<K extends DestinationName> = z.output<Contract[K]['payload']>;
/** What a client may put in the body (defaults still unfilled). */
export type PayloadInputOf<K extends DestinationName> = z.input<Contract[K]['payload']>;
/** The envelope's `data`, or the whole body on a dedicated topic. */
export type ReplyDataOf<K extends DestinationName> = z.output<Contract[K]['reply']['data']>;

/** Destinations that read (never queued; replies matched by request-id). */
export type QueryName = { [K in DestinationName]: Contract[K]['kind'] extends 'query' ? K : never }[DestinationName];
/** Destinations that change something (queued in the outbox; applied exactly once). */
export type MutationName = Exclude<DestinationName, QueryName>;

/** True for a destination that changes something: the server runs it exactly once per client-msg-id. */
export function isMutation(destination: DestinationName): destination is MutationName {
  return contract[destination].kind === 'mutation';
}

export function contractEntry(destination: DestinationName): ContractEntry {
  return contract[destination];
}

const BY_PATH = new Map<string, DestinationName>(
  (Object.keys(Destination) as DestinationName[]).map((name) => [Destination[name], name]),
);

/** `/app/getLotById` → `getLotById`; undefined for a destination the contract does not know. */
export function destinationNameOf(path: string): DestinationName | undefined {
  return BY_PATH.get(path);
}
