// What a lots filter (spec §3, §9) selects, in the replica, as the server's getLots does (checked statuses;
// My Lots; a lot number prefix; one lot id): which rows the Lots list shows, and which stored rows a getLots
// reply for that filter may replace. They differ only where the client cannot be sure (an admin's My Lots
// before the own user id is known): the list then shows more, and the reply replaces nothing on a guess.
import { statusesOfFilter, type Lot, type LotsFilter, type LotStatus as LotStatusValue } from '../../protocol/lots';

/** Who is asking: admins see everyone's lots unless My Lots is on; users only ever see their own (DESIGN §5). */
export interface LotsScope {
  readonly isAdmin: boolean;
  /** The user's numeric id, once learned from the server's lots; undefined until then. */
  readonly ownUserId: number | undefined;
}

/** The checked statuses (the same rule as the server's getLots: protocol/lots.ts). */
export const selectedStatuses = (filter: LotsFilter): LotStatusValue[] => statusesOfFilter(filter);

const lotNumberOf = (filter: LotsFilter): string => filter.lotNumber?.trim() ?? '';
const lotIdOf = (filter: LotsFilter): number | undefined => {
  const text = String(filter.lotId ?? '').trim();
  return text === '' ? undefined : Number(text);
};

/** The Lots list: status among the checked ones, the user's own when an admin ticks My Lots, number/id match. */
export function lotShown(lot: Pick<Lot, 'id' | 'status' | 'userId' | 'lotNumber'>, filter: LotsFilter, scope: LotsScope): boolean {
  if (!selectedStatuses(filter).includes(lot.status)) return false;
  // A lot made offline is the user's own; an unknown own id shows everything rather than nothing.
  if (scope.isAdmin && filter.myLots && scope.ownUserId !== undefined && lot.id > 0 && lot.userId !== scope.ownUserId) return false;
  const lotNumber = lotNumberOf(filter);
  if (lotNumber !== '' && !lot.lotNumber.startsWith(lotNumber)) return false;
  const lotId = lotIdOf(filter);
  return lotId === undefined || lot.id === lotId;
}

/**
 * The rows a getLots reply for `filter` replaces, as a test on a stored row; undefined when the reply can
 * only add rows (no status checked, or an admin's My Lots before the own id is known).
 */
export function replyCovers(filter: LotsFilter, scope: LotsScope): ((lot: Pick<Lot, 'id' | 'userId' | 'lotNumber'>) => boolean) | undefined {
  if (selectedStatuses(filter).length === 0) return undefined;
  const mineOnly = scope.isAdmin && filter.myLots;
  if (mineOnly && scope.ownUserId === undefined) return undefined;
  const lotNumber = lotNumberOf(filter);
  const lotId = lotIdOf(filter);
  return (lot) =>
    (!mineOnly || lot.userId === scope.ownUserId) &&
    (lotNumber === '' || lot.lotNumber.startsWith(lotNumber)) &&
    (lotId === undefined || lot.id === lotId);
}

/** True when `replyCovers` needs nothing but the status (the common case: read keys only). */
export function coversByStatusOnly(filter: LotsFilter, scope: LotsScope): boolean {
  return !(scope.isAdmin && filter.myLots) && lotNumberOf(filter) === '' && lotIdOf(filter) === undefined;
}

/**
 * A filter change as the user may make it (spec §6: 'My Lots' is enabled only for admins; the server forces it
 * true for everyone else): a non-admin's myLots stays what it was.
 */
export function allowedFilter(next: LotsFilter, current: LotsFilter, isAdmin: boolean): LotsFilter {
  return isAdmin || next.myLots === current.myLots ? next : { ...next, myLots: current.myLots };
}
