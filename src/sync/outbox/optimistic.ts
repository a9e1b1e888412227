// Laying the user's intents over the server's rows (DESIGN §4). A replica row is always "the server's last
// version + the changes of the still-active outbox entries on it, in queue order". Applying, confirming and
// rolling back an intent are all the same step: recompute the row. Runs inside the caller's transaction;
// never sends anything.
import { readMeta, TEMP_IDS, writeMeta } from '../replica/meta';
import type { ReplicaTables } from '../replica/replica';
import type { Replicated, Row } from '../replica/table';
import { changedIds, changes, isActive, isTempId, type OutboxEntry, type RowChange } from './entry';

const TEMP_IDS_KEPT = 100; // remapped temporary ids remembered for intents from screens a render behind

type Plain = Record<string, unknown> & { id: number };

/** The server's version of a stored row: its base while pending, else the row itself. */
export function serverVersion<T extends object>(row: Replicated<T> | undefined): T | undefined {
  if (row === undefined) return undefined;
  const { pending, base, removed: _removed, ...plain } = row;
  if (pending === 1) return base ?? undefined;
  // The row minus the two marks is the server's T.
  return plain as unknown as T;
}

/** The server's row with the active entries' changes on it; undefined when the row exists nowhere. */
export function rebase<T extends Row>(
  table: string,
  id: number,
  server: T | undefined,
  active: readonly OutboxEntry[],
): Replicated<T> | undefined {
  let row: Plain | undefined = server;
  let touched = false;
  for (const { change } of active) {
    if (change === undefined || !changes(change, table, id)) continue;
    touched = true;
    if (change.kind === 'insert') row = row ?? { ...change.row, id };
    else if (row !== undefined) row = { ...row, ...change.patch, id };
  }
  if (!touched || row === undefined) return server;
  // row holds T's fields (the server's, or an intent's full row) with patches of T's own fields on top.
  return { ...row, pending: 1, base: server ?? null } as unknown as Replicated<T>;
}

const bySeq = (a: OutboxEntry, b: OutboxEntry): number => a.seq - b.seq;

/** The user's entries that are still to be confirmed, in queue order. */
export async function activeEntries(db: ReplicaTables, user: string): Promise<OutboxEntry[]> {
  const states = await Promise.all(['pending', 'in-flight'].map((state) => db.outbox.where('[user+state]').equals([user, state]).toArray()));
  return states.flat().sort(bySeq);
}

/** Beyond this many rows, reading all the user's active entries once is cheaper than an index look-up per row. */
const INDEXED_ROWS_MAX = 64;

/**
 * The user's active entries that change any of the given rows, in queue order. A few rows are looked up by the
 * indexes of the rows a change touches (its first, and its further ones: a status or a delete of several lots), so
 * the cost follows the entries on those rows, not the length of the queue; many rows, by one read of the queue.
 */
export async function entriesChanging(db: ReplicaTables, user: string, table: string, ids: readonly number[]): Promise<OutboxEntry[]> {
  const wanted = new Set(ids);
  const found =
    ids.length > INDEXED_ROWS_MAX
      ? await activeEntries(db, user)
      : (
          await Promise.all([
            db.outbox.where('[change.table+change.id]').anyOf(ids.map((id) => [table, id])).toArray(),
            db.outbox.where('change.ids').anyOf([...ids]).toArray(),
          ])
        ).flat();
  const bySeqOnce = new Map(found.map((entry) => [entry.seq, entry]));
  return [...bySeqOnce.values()]
    .filter((entry) => entry.user === user && isActive(entry) && entry.change?.table === table && changedIds(entry.change).some((id) => wanted.has(id)))
    .sort(bySeq);
}

/** The server's rows of one table, each with the user's still-active intents laid back on top (ingest). */
export async function withIntents<R extends Row>(db: ReplicaTables, user: string, table: string, rows: readonly R[]): Promise<Array<Replicated<R>>> {
  const active = await entriesChanging(db, user, table, rows.map((row) => row.id));
  const touched = new Set(active.flatMap(({ change }) => (change?.table === table ? changedIds(change) : [])));
  if (touched.size === 0) return [...rows];
  return rows.map((row) => (touched.has(row.id) ? (rebase(table, row.id, row, active) ?? row) : row));
}

/** Recomputes one row from its server version and the user's active entries on it, and stores the result. */
export async function refreshRow(db: ReplicaTables, user: string, table: string, id: number): Promise<void> {
  const entries = await entriesChanging(db, user, table, [id]);
  const store = db.rowsNamed(table);
  const next = rebase(table, id, serverVersion(await store.get(id)), entries);
  if (next === undefined) await store.delete(id);
  else await store.put(next);
}

/** Recomputes every row the given changes touch (after entries settle, or after the cache was cleared). */
export async function refreshRows(db: ReplicaTables, user: string, list: ReadonlyArray<RowChange | undefined>): Promise<void> {
  const seen = new Set<string>();
  for (const change of list) {
    if (change === undefined) continue;
    for (const id of changedIds(change)) {
      if (seen.has(`${change.table}:${id}`)) continue;
      seen.add(`${change.table}:${id}`);
      await refreshRow(db, user, change.table, id);
    }
  }
}

// ----------------------------------------------------------------------------------- temporary ids

/** A change with its row ids mapped (a temporary id to the real one). */
function renumbered(change: RowChange, map: (id: number) => number): RowChange {
  if (change.kind === 'insert' || change.ids === undefined) return { ...change, id: map(change.id) };
  return { ...change, id: map(change.id), ids: change.ids.map(map) };
}

/** The value at a dotted path of a body ('' is the body itself; numeric parts index arrays). */
export function readPath(body: unknown, path: string): unknown {
  if (path === '') return body;
  return path.split('.').reduce<unknown>((value, key) => (typeof value === 'object' && value !== null ? Reflect.get(value, key) : undefined), body);
}

/** A copy of the body with the value at a dotted path replaced. */
export function writePath(body: unknown, path: string, value: unknown): unknown {
  if (path === '') return value;
  const [head = '', ...rest] = path.split('.');
  const inner = writePath(readPath(body, head), rest.join('.'), value);
  if (Array.isArray(body)) return body.map((item, index) => (String(index) === head ? inner : item));
  return { ...(typeof body === 'object' && body !== null ? body : {}), [head]: inner };
}

/** True when the entry changes the row or names its id in its body. */
export function refersTo(entry: OutboxEntry, table: string, id: number): boolean {
  const { change, tempRefs = [] } = entry;
  if (changes(change, table, id)) return true;
  return tempRefs.some((path) => readPath(entry.body, path) === id);
}

/** The change with its owner field when it creates a row inside `parent`'s row `id` (the table's definition says
 * which field names the row it is in: a box its lot, an item its box). */
function pointsTo(db: ReplicaTables, change: RowChange | undefined, parent: string, id: number): { change: Extract<RowChange, { kind: 'insert' }>; field: string } | undefined {
  if (change?.kind !== 'insert') return undefined;
  const link = db.definition(change.table)?.parent;
  return link !== undefined && link.table === parent && change.row[link.field] === id ? { change, field: link.field } : undefined;
}

/**
 * The server created the row that `creator` made offline: later entries that name the temporary id now name
 * the real one, the creator's own change is spent (the server's row stands), and the temporary row goes.
 * Runs in the same transaction that stores the server's row.
 */
export async function remapTempId(db: ReplicaTables, creator: OutboxEntry, realId: number): Promise<void> {
  const { change } = creator;
  if (change?.kind !== 'insert' || !isTempId(change.id)) return;
  const tempId = change.id;
  const followers: RowChange[] = [];
  for (const entry of await activeEntries(db, creator.user)) {
    if (entry.seq === creator.seq) {
      await db.outbox.update(entry.seq, { change: undefined });
      continue;
    }
    const inside = pointsTo(db, entry.change, change.table, tempId);
    if (inside !== undefined) {
      // A row made offline inside the one just created (a box in a new lot, an item in a new box) follows it.
      const moved: RowChange = { ...inside.change, row: { ...inside.change.row, [inside.field]: realId } };
      await db.outbox.update(entry.seq, { change: moved });
      entry.change = moved;
      followers.push(moved);
    }
    if (!refersTo(entry, change.table, tempId)) continue;
    const refs = entry.tempRefs ?? [];
    const moved = refs.filter((path) => readPath(entry.body, path) === tempId);
    const body = moved.reduce((current, path) => writePath(current, path, realId), entry.body);
    const rewritten = entry.change !== undefined && changes(entry.change, change.table, tempId) ? renumbered(entry.change, (id) => (id === tempId ? realId : id)) : entry.change;
    await db.outbox.put({ ...entry, body, change: rewritten, tempRefs: refs.filter((path) => !moved.includes(path)) });
  }
  await db.rowsNamed(change.table).delete(tempId);
  await refreshRows(db, creator.user, followers);
  const known = (await readMeta(db, TEMP_IDS)) ?? [];
  await writeMeta(db, TEMP_IDS, [...known, [tempId, realId] as [number, number]].slice(-TEMP_IDS_KEPT));
}

/**
 * The row id to read now: a temporary id the server has replaced reads as the real one. Read inside a live query
 * it sees the temporary row and the pair recorded in one snapshot (remapTempId writes both in one transaction), so
 * a screen showing a row made offline follows it to its real id without a render in which the row is missing.
 * A Dexie promise, to be chained with `.then` by a live query's reader: behind nested native awaits Dexie's zone
 * was lost and the reads after it were not watched (a box added to a lot made offline never showed).
 */
export function resolvedId(db: Pick<ReplicaTables, 'meta'>, id: number): Promise<number> {
  return db.meta.get(TEMP_IDS.name).then((row) => {
    const pairs = TEMP_IDS.schema.safeParse(row?.value);
    return (isTempId(id) && pairs.success ? new Map(pairs.data).get(id) : undefined) ?? id;
  });
}

/** An intent's change and body with temporary ids the server has already replaced written as the real ones. */
export async function resolveTempIds<T extends { change?: RowChange; body: unknown; tempRefs?: string[] }>(db: ReplicaTables, entry: T): Promise<T> {
  const known = new Map((await readMeta(db, TEMP_IDS)) ?? []);
  if (known.size === 0) return entry;
  const { change, tempRefs = [] } = entry;
  const realOf = (value: unknown): number | undefined => (typeof value === 'number' ? known.get(value) : undefined);
  const moved = tempRefs.filter((path) => realOf(readPath(entry.body, path)) !== undefined);
  const body = moved.reduce((current, path) => writePath(current, path, realOf(readPath(current, path))), entry.body);
  const remapped = change !== undefined && changedIds(change).some((id) => realOf(id) !== undefined);
  return {
    ...entry,
    body,
    ...(change !== undefined && remapped ? { change: renumbered(change, (id) => realOf(id) ?? id) } : {}),
    ...(entry.tempRefs === undefined ? {} : { tempRefs: tempRefs.filter((path) => !moved.includes(path)) }),
  };
}
