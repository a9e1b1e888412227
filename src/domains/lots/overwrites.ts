// Issue 13: "when a pending change of this device is overwritten by a newer one from elsewhere, say so".
// The rule, kept small: when the server answers one of this device's changes to lots, the fields that change named
// (its optimistic patch) are remembered with the values the server stored. A later push of such a lot (a change made
// elsewhere: another person, device or tab), or a fresh copy of it (the Lots list or the open lot asked again, as after
// a reconnect, when pushes were missed), within RECENT_MS that gives a remembered field another value replaced ours
// with a newer one: the person is told once, in a warning, and the field is forgotten. A push that arrives
// before our answer cannot have replaced ours (ours was applied after it, and won), so it says nothing; a later
// change of ours to the field replaces what is remembered. Kept in the replica's meta (per device, forgotten when
// another user signs in), in the ingest write's transaction, so runtimes side by side never mix their memories.
import { z } from 'zod';
import type { Lot, LotEditableField } from '../../protocol/lots';
import { ClientMessages, LotFieldLabels } from '../../protocol/messages';
import { changedIds, type OutboxEntry } from '../../sync/outbox/entry';
import { metaKey, readMeta, writeMeta } from '../../sync/replica/meta';
import type { ReplicaTables } from '../../sync/replica/replica';
import { lotsTable } from './tables';

/** How long a confirmed change of ours counts as "recent". */
export const RECENT_MS = 10 * 60_000;
const REMEMBERED_MAX = 200;

type WatchedField = LotEditableField | 'status';
/** Every field a change of ours may name that people would recognise (a patch's other keys, like `removed`, are not). */
const LABELS: Readonly<Record<WatchedField, string>> = LotFieldLabels;
const isWatched = (field: string): field is WatchedField => Object.hasOwn(LABELS, field);

const Remembered = z.object({ lotId: z.number(), field: z.string(), value: z.string(), at: z.number() });
type Remembered = z.infer<typeof Remembered>;
const OUR_LOT_CHANGES = metaKey('ourLotChanges', z.array(Remembered), { perUser: true });

const valueOf = (lot: Lot, field: string): string => (isWatched(field) ? JSON.stringify(lot[field]) : '');
const sameField = (a: Remembered, b: Remembered): boolean => a.lotId === b.lotId && a.field === b.field;

async function recentChanges(db: ReplicaTables, now: number): Promise<Remembered[]> {
  return ((await readMeta(db, OUR_LOT_CHANGES)) ?? []).filter((change) => now - change.at < RECENT_MS);
}

/** The server answered our `entry` with these lots: remember the values it stored for the fields the entry changed. */
export async function rememberOurChange(db: ReplicaTables, entry: OutboxEntry | undefined, lots: readonly Lot[], now: number): Promise<void> {
  const change = entry?.change;
  if (change?.kind !== 'patch' || change.table !== lotsTable.name) return;
  const ids = new Set(changedIds(change));
  const fields = Object.keys(change.patch).filter(isWatched);
  const fresh = lots.filter((lot) => ids.has(lot.id)).flatMap((lot) => fields.map((field) => ({ lotId: lot.id, field, value: valueOf(lot, field), at: now })));
  if (fresh.length === 0) return;
  const kept = (await recentChanges(db, now)).filter((old) => !fresh.some((next) => sameField(old, next)));
  await writeMeta(db, OUR_LOT_CHANGES, [...kept, ...fresh].slice(-REMEMBERED_MAX));
}

/** A push of these lots: what to tell the person for each lot where it replaced a recent change of ours (forgotten now). */
export async function replacedChanges(db: ReplicaTables, lots: readonly Lot[], now: number): Promise<string[]> {
  const remembered = await recentChanges(db, now);
  const pushed = new Map(lots.map((lot) => [lot.id, lot]));
  const replaced = remembered.filter((change) => {
    const lot = pushed.get(change.lotId);
    return lot !== undefined && valueOf(lot, change.field) !== change.value;
  });
  if (replaced.length === 0) return [];
  await writeMeta(db, OUR_LOT_CHANGES, remembered.filter((change) => !replaced.includes(change)));
  return lots.flatMap((lot) => {
    const fields = replaced.filter((change) => change.lotId === lot.id).map((change) => (isWatched(change.field) ? LABELS[change.field] : change.field));
    return fields.length === 0 ? [] : [ClientMessages.lotChangeReplaced(lot.lotNumber, fields)];
  });
}
