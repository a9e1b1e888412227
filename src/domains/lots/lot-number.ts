// Lot numbers as people type them (issue 31), read on the device in the format of the lot numbers it holds
// (protocol/lot-number.ts is the rule, shared with the server).
import { lotNumberSpellings } from '../../protocol/lot-number';
import type { ReplicaTables } from '../../sync/replica/replica';
import { lotsTable } from './tables';

export { asLotNumber } from '../../protocol/lot-number';

/**
 * The ways `typed` may be written in the replica, best first: as typed, upper-cased, and in the format of the lot
 * numbers this device holds (none held: the first two only).
 */
export async function lotNumberCandidates(db: Pick<ReplicaTables, 'rows'>, typed: string): Promise<string[]> {
  if (typed.trim() === '') return [];
  const example = await db.rows(lotsTable).orderBy('lotNumber').last();
  return lotNumberSpellings(typed, example?.lotNumber);
}
