// /app/processUPCCrudRequest: create, read, update and delete UPC catalogue entries (spec §2 Data entry, §3, §7).
// The catalogue is shared by all staff; deleting needs ROLE_ADMIN (DESIGN §5). Each request is all or nothing:
// auth → (payload parsed by the router) → role → checks, refusing before any write → its statements on context.db,
// the mutation's one transaction → the reply, pushed to the user's other sessions and the admins.
import { eq, inArray, sql } from 'drizzle-orm';
import { CrudType, type UpcEntry } from '../../../src/protocol/catalogue';
import { ErrorCode } from '../../../src/protocol/error-codes';
import { isAdmin } from '../../auth/tokens';
import { upcs, type DbOrTx } from '../../db';
import { columnsOf, presentUpc, withApprover, type UpcColumns, type UpcRow } from './upc-presenter';
import { ServerMessages } from '../../../src/protocol/messages';
import { defineHandlers, only, refuse, reply, replyAndPush, type HandlerResult, type UserContext } from '../handler';

/** Buckets of advisory locks over UPC values: few enough that one request never holds many locks. */
const UPC_LOCK_BUCKETS = 64;
/** The first key of pg_advisory_xact_lock(int, int) for catalogue UPCs: any constant no other lock uses. */
const UPC_LOCK_SPACE = 0x55_50_43; // 'UPC'

/** A small string hash (FNV-1a): which lock bucket a UPC falls in. */
function bucketOf(upc: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < upc.length; i++) hash = Math.imul(hash ^ upc.charCodeAt(i), 0x01000193);
  return (hash >>> 0) % UPC_LOCK_BUCKETS;
}

/**
 * Serialises the writers of these UPC values until the transaction ends, so "is it taken?" stays true until our
 * write commits: without it two tablets saving the same new UPC would both pass the check and one would hit the
 * unique constraint (an internal error instead of the refusal). Buckets are taken in ascending order: no deadlock.
 */
async function lockUpcValues(db: DbOrTx, values: readonly string[]): Promise<void> {
  const buckets = [...new Set(values.map(bucketOf))].sort((a, b) => a - b);
  const rows = sql.join(buckets.map((bucket) => sql`(${bucket}::int)`), sql`, `);
  await db.execute(sql`select pg_advisory_xact_lock(${UPC_LOCK_SPACE}::int, bucket) from (values ${rows}) as wanted(bucket)`);
}

/** The first UPC (in request order) held by a row other than the one `entry` is; undefined when none is. */
async function firstTaken(db: DbOrTx, entries: readonly UpcEntry[]): Promise<string | undefined> {
  const holders = await db.select({ id: upcs.id, upc: upcs.upc }).from(upcs).where(inArray(upcs.upc, entries.map((entry) => entry.upc)));
  const holderOf = new Map(holders.map((row) => [row.upc, row.id]));
  return entries.find((entry) => { const holder = holderOf.get(entry.upc); return holder !== undefined && holder !== entry.id; })?.upc;
}

/** The first UPC that two different entries of the request both want; undefined when none. */
function firstRepeated(entries: readonly UpcEntry[]): string | undefined {
  const wantedBy = new Map<string, number>();
  for (const entry of entries) {
    const other = wantedBy.get(entry.upc);
    // An UPDATE may name the same row twice (the later copy wins); a new row (id 0) is always a different row.
    if (other !== undefined && (other !== entry.id || entry.id === 0)) return entry.upc;
    wantedBy.set(entry.upc, entry.id);
  }
  return undefined;
}

/** Rows in the order of `keys` (each once), from rows matched in any order. */
function inOrder<K>(keys: readonly K[], rows: readonly UpcRow[], keyOf: (row: UpcRow) => K): UpcRow[] {
  const byKey = new Map(rows.map((row) => [keyOf(row), row]));
  return [...new Set(keys)].flatMap((key) => byKey.get(key) ?? []);
}

const changed = (context: UserContext, messageType: 'UPC_GRUD_CREATED' | 'UPC_GRUD_UPDATED' | 'UPC_GRUD_DELETED', rows: readonly UpcRow[], message: string): HandlerResult =>
  replyAndPush(reply.ok(messageType, rows.map(presentUpc), message), context.user.username);

async function create(context: UserContext, entries: readonly UpcEntry[]): Promise<HandlerResult> {
  const { username } = context.user;
  const { db } = context;
  const repeated = firstRepeated(entries);
  if (repeated !== undefined) return refuse(ErrorCode.BAD_REQUEST, ServerMessages.upcTaken(repeated));
  await lockUpcValues(db, entries.map((entry) => entry.upc));
  const taken = await firstTaken(db, entries);
  if (taken !== undefined) return refuse(ErrorCode.BAD_REQUEST, ServerMessages.upcTaken(taken));
  const values = entries.map((entry): UpcColumns => withApprover({ source: 'dataentry', ...columnsOf(entry) }, username));
  const rows = await db.insert(upcs).values(values.map((columns) => ({ ...columns, lastUpdated: sql`now()` }))).returning();
  const saved = inOrder(entries.map((entry) => entry.upc), rows, (row) => row.upc);
  const [first] = saved;
  return changed(context, 'UPC_GRUD_CREATED', saved, saved.length === 1 && first ? ServerMessages.savedUpc(first.upc) : ServerMessages.savedUpcs(saved.length));
}

async function read(context: UserContext, entries: readonly UpcEntry[]): Promise<HandlerResult> {
  const asked = entries.map((entry) => entry.upc);
  const rows = await context.db.select().from(upcs).where(inArray(upcs.upc, asked));
  const found = inOrder(asked, rows, (row) => row.upc);
  if (found.length === 0) return refuse(ErrorCode.NOT_FOUND, ServerMessages.upcNotFound(asked[0] ?? ''));
  return only(reply.ok('SUGGESTION', found.map(presentUpc), ServerMessages.foundUpcs(found.length)));
}

async function update(context: UserContext, entries: readonly UpcEntry[]): Promise<HandlerResult> {
  const { username } = context.user;
  const { db } = context;
  const ids = entries.map((entry) => entry.id);
  // Locked in id order (two updaters cannot deadlock), so nothing changes them between these checks and the writes.
  const current = new Map((await db.select().from(upcs).where(inArray(upcs.id, ids)).orderBy(upcs.id).for('update')).map((row) => [row.id, row]));
  const missing = ids.find((id) => !current.has(id));
  if (missing !== undefined) return refuse(ErrorCode.NOT_FOUND, ServerMessages.entryNotFound(missing));
  const repeated = firstRepeated(entries);
  if (repeated !== undefined) return refuse(ErrorCode.BAD_REQUEST, ServerMessages.upcTaken(repeated));
  await lockUpcValues(db, entries.map((entry) => entry.upc));
  const taken = await firstTaken(db, entries);
  if (taken !== undefined) return refuse(ErrorCode.BAD_REQUEST, ServerMessages.upcTaken(taken));
  // One statement per entry, in order: each has its own values, and a row named twice takes both changes.
  for (const entry of entries) {
    const before = current.get(entry.id);
    if (!before) throw new Error(`locked UPC entry ${entry.id} vanished`);
    const change = columnsOf(entry);
    // The approver rule looks at the row as it will be: the change over what is stored.
    const approval = { approved: change.approved ?? before.approved, approvedBy: change.approvedBy === undefined ? before.approvedBy : change.approvedBy };
    const { approvedBy } = withApprover(approval, username);
    const [row] = await db.update(upcs).set({ ...change, approvedBy, lastUpdated: sql`now()` }).where(eq(upcs.id, entry.id)).returning();
    if (!row) throw new Error(`locked UPC entry ${entry.id} was not updated`);
    current.set(row.id, row);
  }
  const updated = inOrder(ids, [...current.values()], (row) => row.id);
  return changed(context, 'UPC_GRUD_UPDATED', updated, ServerMessages.updatedUpcs(updated.length));
}

async function remove(context: UserContext, entries: readonly UpcEntry[]): Promise<HandlerResult> {
  if (!isAdmin(context.user)) return refuse(ErrorCode.FORBIDDEN, ServerMessages.adminsDelete);
  const ids = entries.map((entry) => entry.id);
  const rows = await context.db.delete(upcs).where(inArray(upcs.id, ids)).returning();
  if (rows.length === 0) return refuse(ErrorCode.NOT_FOUND, ServerMessages.entryNotFound(ids[0] ?? 0));
  const deleted = inOrder(ids, rows, (row) => row.id);
  return changed(context, 'UPC_GRUD_DELETED', deleted, ServerMessages.deletedUpcs(deleted.length));
}

const BY_CRUD_TYPE = {
  [CrudType.CREATE]: create,
  [CrudType.READ]: read,
  [CrudType.UPDATE]: update,
  [CrudType.DELETE]: remove,
} satisfies Record<CrudType, (context: UserContext, entries: readonly UpcEntry[]) => Promise<HandlerResult>>;

export const upcCrudHandlers = defineHandlers({
  processUPCCrudRequest: {
    access: 'user',
    async handle(context, { crudType, upcEntries }) {
      return BY_CRUD_TYPE[crudType](context, upcEntries);
    },
  },
});
