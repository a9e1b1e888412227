// React bindings for the catalogue (data entry): the query state, and the stored rows a table shows as live
// queries over the replica, so replies, pushes and pending intents show as they land.
import { useLiveQuery } from 'dexie-react-hooks';
import { useSyncExternalStore } from 'react';
import { readMeta, TEMP_IDS } from '../../sync/replica/meta';
import { sync } from '../../sync/runtime';
import { catalogue, type CatalogueState } from './catalogue';
import { upcsTable, type UpcRow } from './tables';

export function useCatalogue(): CatalogueState {
  return useSyncExternalStore(catalogue.subscribe, catalogue.get);
}

export interface UpcRows {
  /** The stored rows by id (absent: not in the replica, e.g. deleted). */
  readonly byId: ReadonlyMap<number, UpcRow>;
  /** Temporary ids among the asked ones that the server has replaced, and their real ids. */
  readonly realIds: ReadonlyMap<number, number>;
}

const NO_ROWS: UpcRows = { byId: new Map(), realIds: new Map() };

async function upcRows(ids: readonly number[]): Promise<UpcRows> {
  const { replica } = sync();
  const rows = await replica.rows(upcsTable).bulkGet([...ids]);
  const byId = new Map(rows.flatMap((row) => (row === undefined ? [] : [[row.id, row] as const])));
  const asked = new Set(ids);
  const known = (await readMeta(replica, TEMP_IDS)) ?? [];
  return { byId, realIds: new Map(known.filter(([temp]) => asked.has(temp) && !byId.has(temp))) };
}

/** How many catalogue entries this device holds (for scanning offline, within CATALOGUE_BUDGET). */
export function useCatalogueHeld(): number {
  return useLiveQuery(() => sync().replica.rows(upcsTable).count(), [], 0);
}

export function useUpcRows(ids: readonly number[]): UpcRows {
  return useLiveQuery(() => (ids.length === 0 ? NO_ROWS : upcRows(ids)), [ids], NO_ROWS);
}
