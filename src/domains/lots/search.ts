// The Lots search from the replica (spec §2: the page works offline): the suggestions getLotSuggestions would
// give, from the lots this device holds. Same rule as the server (docs/protocol.md): above 2 characters,
// lot number or title, ignoring case; first those that start with the text, then those that contain it, each
// part by lot number; at most LOT_SUGGESTIONS_MAX. Reads only; never sends.
import { LOT_SUGGESTIONS_MAX, type Lot } from '../../protocol/lots';
import type { ReplicaTables } from '../../sync/replica/replica';
import { lotNumberCandidates } from './lot-number';
import { lotsTable, type LotRow } from './tables';

/** Spec §5/§9: lots-page suggestions are requested only when the text is longer than 2 characters. */
export const LOT_SUGGESTIONS_MIN_CHARS = 2;

type Searchable = Pick<Lot, 'lotNumber' | 'titleListing'>;

const byLotNumber = (a: Searchable, b: Searchable): number => (a.lotNumber < b.lotNumber ? -1 : a.lotNumber > b.lotNumber ? 1 : 0);

/** The suggestions among these lots for the typed text; none at 2 characters or fewer (trimmed). */
export function matchLots<T extends Searchable>(lots: Iterable<T>, text: string, max: number = LOT_SUGGESTIONS_MAX): T[] {
  const needle = text.trim().toLowerCase();
  if (needle.length <= LOT_SUGGESTIONS_MIN_CHARS) return [];
  const prefixed: T[] = [];
  const containing: T[] = [];
  for (const lot of lots) {
    const number = lot.lotNumber.toLowerCase();
    const title = lot.titleListing.toLowerCase();
    if (number.startsWith(needle) || title.startsWith(needle)) prefixed.push(lot);
    else if (number.includes(needle) || title.includes(needle)) containing.push(lot);
  }
  return [...prefixed.sort(byLotNumber), ...containing.sort(byLotNumber)].slice(0, max);
}

/** The replica's suggestions: the lots the table could show (a pending delete's rows are left out). */
export async function searchReplicaLots(db: Pick<ReplicaTables, 'rows'>, text: string): Promise<LotRow[]> {
  if (text.trim().length <= LOT_SUGGESTIONS_MIN_CHARS) return [];
  return matchLots(await db.rows(lotsTable).filter((lot) => lot.removed !== 1).toArray(), text);
}

/**
 * The lot a scanned lot label (or a typed lot number and Enter) names, as the device holds it: lot numbers are stored
 * as the server wrote them, so the text is tried as typed, upper-cased and as people type them ('lot-7', '7').
 */
export async function lotWithNumber(db: Pick<ReplicaTables, 'rows'>, text: string): Promise<LotRow | undefined> {
  const candidates = await lotNumberCandidates(db, text);
  if (candidates.length === 0) return undefined;
  const found = await db.rows(lotsTable).where('lotNumber').anyOf(candidates).filter((row) => row.removed !== 1).toArray();
  return candidates.map((number) => found.find((lot) => lot.lotNumber === number)).find((lot) => lot !== undefined);
}
