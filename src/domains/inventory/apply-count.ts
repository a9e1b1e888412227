// Apply count (issue 16): the lots found at a location but stored elsewhere take that location, each through the
// outbox (updateLotLocation), so it works offline and arrives in order after the scans. Only lots this device holds
// can be changed (the server gives a person their own lots, an admin all); the others are named, unchanged. The
// history entries already record who counted what, where and when.
import type { Enqueued, Intent } from '../../sync/outbox/outbox';
import type { Location } from '../../ui/location';
import { updateLotLocation } from '../lots';
import { applicable, asLotLocation, type LocationCount } from './count';

export interface Applied {
  /** Lots whose location change was queued. */
  readonly moved: readonly string[];
  /** Lots found here the user may not change. */
  readonly notYours: readonly string[];
}

export async function applyCount(enqueue: (intent: Intent) => Promise<Enqueued>, count: LocationCount, at: Location): Promise<Applied> {
  const { movable, notYours } = applicable(count);
  for (const lot of movable) await enqueue(updateLotLocation.build({ id: lot.id, ...asLotLocation(at) }));
  return { moved: movable.map((lot) => lot.lotNumber), notYours };
}
