// Each outbox entry in words for the outbox panel (issue 13): the domains describe their own changes
// (`Domain.describe`, keyed by destination); the engine only finds the describer and falls back to a generic
// sentence for uploads and anything undescribed. It names no domain.
import { destinationNameOf, isMutation, type MutationName } from '../../protocol/contract';
import { Destination, type DestinationName } from '../../protocol/destinations';
import { ClientMessages } from '../../protocol/messages';
import { upgradeQueued } from '../../protocol/upgrades';
import type { DescribeContext, Domain } from '../domain';
import type { ReplicaTables } from '../replica/replica';
import type { OutboxEntry } from './entry';

/** An entry's sentence, read from the replica (a live query re-runs it when the rows it names change). */
export type DescribeEntry = (entry: OutboxEntry, tables: ReplicaTables) => Promise<string>;

/** A describer as the engine calls it: any body (stored as unknown in the entry). */
type AnyDescriber = (body: unknown, context: DescribeContext) => Promise<string> | string;

/** '/app/updateManifestTitleById' → 'updateManifestTitleById', '/api/upload-file' → 'upload-file': the spec's name. */
const changeName = (destination: string): string => destination.replace(/^\/(app|api)\//, '');

/** The sentence for an entry nobody describes: "Change sent to updateBoxInfo"; an upload by its file: "Send shoe.jpg to upload-file". */
export const undescribed: DescribeEntry = (entry) => {
  const to = changeName(entry.destination);
  return Promise.resolve(entry.kind === 'upload' && entry.fileName !== undefined ? ClientMessages.sendFileTo(entry.fileName, to) : ClientMessages.changeSentTo(to));
};

const isMutationName = (name: string): name is MutationName => Object.hasOwn(Destination, name) && isMutation(name as DestinationName);

/** The mutations the domains describe, each once (a destination described twice is a wiring mistake). */
function describersOf(domains: readonly Domain[]): ReadonlyMap<MutationName, AnyDescriber> {
  const found = new Map<MutationName, AnyDescriber>();
  for (const domain of domains) {
    for (const [name, describer] of Object.entries(domain.describe ?? {})) {
      if (describer === undefined) continue;
      if (!isMutationName(name)) throw new Error(`${domain.name} describes ${name}, which is no mutation`);
      if (found.has(name)) throw new Error(`${name} is described twice (${domain.name})`);
      // Each describer takes its destination's payload; an entry of that destination was built from that payload
      // (defineIntent types it), so the engine may hand it the stored body.
      found.set(name, describer as AnyDescriber);
    }
  }
  return found;
}

/** The describer of the domains' entries; undescribed ones, uploads and describers that fail get the generic sentence. */
export function entryDescriber(domains: readonly Domain[]): DescribeEntry {
  const describers = describersOf(domains);
  return async (entry, tables) => {
    const name = entry.kind === 'send' ? destinationNameOf(entry.destination) : undefined;
    const describer = name === undefined || !isMutation(name) ? undefined : describers.get(name);
    if (describer === undefined) return undescribed(entry, tables);
    try {
      // Queued under older code (issue 32): described as it will be sent.
      const body = entry.kind === 'send' ? upgradeQueued(entry.destination, entry.body, entry.protocol) : entry.body;
      return await describer(body, { tables });
    } catch {
      return undescribed(entry, tables); // a body the describer cannot read: still listed
    }
  };
}

/** For the tests: which mutations have a describer among these domains. */
export const describedMutations = (domains: readonly Domain[]): readonly MutationName[] => [...describersOf(domains).keys()];
