// The catalogue entries this device keeps for scanning offline (issue 31): on connect (at most every few hours) the
// server sends those of the user's lots' boxes and the most used ones (getCatalogueCache); scans and searches add
// theirs. Each use is remembered (upcUse), and past the budget the least recently used entries go, never one a
// change of this device still waits on. A scan of a UPC kept here shows its description, MSRP and vendor at once.
import { z } from 'zod';
import { CATALOGUE_CACHE_MAX } from '../../protocol/catalogue';
import type { ConnectContext } from '../../sync/domain';
import { metaKey, readMeta, writeMeta } from '../../sync/replica/meta';
import type { ReplicaTables } from '../../sync/replica/replica';
import { upcsTable, upcUseTable } from './tables';

/** The most entries kept, stated to the user on Data entry (about 400 bytes each). */
export const CATALOGUE_BUDGET = CATALOGUE_CACHE_MAX;
/** Bytes an entry takes in IndexedDB, about: what the budget is stated as. */
export const ENTRY_BYTES = 400;
/** The cache is asked for again after this long (a reconnect on flaky Wi-Fi does not fetch it every time). */
export const CACHE_REFRESH_MS = 6 * 3600_000;

const CACHE_FILLED_AT = metaKey('catalogueCacheFilledAt', z.number(), { perUser: true });

type Tables = Pick<ReplicaTables, 'rows' | 'meta'>;

/** These entries were used now (shown by a scan, found by a search, sent by the cache fill). */
export async function touchUpcs(db: Pick<ReplicaTables, 'rows'>, ids: readonly number[], now: number = Date.now()): Promise<void> {
  const stored = ids.filter((id) => id > 0);
  if (stored.length > 0) await db.rows(upcUseTable).bulkPut(stored.map((id) => ({ id, usedAt: now })));
}

/**
 * Past `budget` entries, the least recently used go (an entry never used counts as oldest); a row a change of this
 * device waits on (pending) stays. Returns how many went.
 */
export async function evictOverBudget(db: Pick<ReplicaTables, 'rows'>, budget: number = CATALOGUE_BUDGET): Promise<number> {
  const held = await db.rows(upcsTable).count();
  if (held <= budget) return 0;
  const [rows, uses] = await Promise.all([db.rows(upcsTable).toArray(), db.rows(upcUseTable).toArray()]);
  const usedAt = new Map(uses.map((use) => [use.id, use.usedAt]));
  const evictable = rows.filter((row) => row.id > 0 && row.pending !== 1).sort((a, b) => (usedAt.get(a.id) ?? 0) - (usedAt.get(b.id) ?? 0) || a.id - b.id);
  const going = evictable.slice(0, held - budget).map((row) => row.id);
  await db.rows(upcsTable).bulkDelete(going);
  await db.rows(upcUseTable).bulkDelete(going);
  return going.length;
}

/** On connect: asks for the cache when it was never filled, or not for CACHE_REFRESH_MS. */
export async function fillCatalogueCache({ queries, replica }: Pick<ConnectContext, 'queries' | 'replica'>, now: number = Date.now()): Promise<boolean> {
  const filledAt = await readMeta(replica, CACHE_FILLED_AT);
  if (filledAt !== undefined && now - filledAt < CACHE_REFRESH_MS) return false;
  return queries.send('getCatalogueCache', { limit: CATALOGUE_BUDGET });
}

/**
 * The cache fill arrived (its rows already put): they count as used now, in the server's order (the user's lots' first,
 * then the most used), so the budget keeps the first; the time is noted.
 */
export async function cacheFilled(db: Tables, ids: readonly number[], now: number = Date.now()): Promise<void> {
  await db.rows(upcUseTable).bulkPut(ids.filter((id) => id > 0).map((id, index) => ({ id, usedAt: now - index })));
  await evictOverBudget(db);
  await writeMeta(db, CACHE_FILLED_AT, now);
}
