// syncLots (issue 18, not in the spec): a device's copy of the lots it may see, caught up a page at a time from
// its cursor (./sync-cursor.ts) — the lots stamped since (a trigger stamps every write of a lot as presented: its row
// or its auction entries, migration 0009), and the ids of those deleted (their tombstones). A page is at most
// LOT_SYNC_PAGE of each, so no reply holds up the event loop for long, whatever the admin's lot count. Query only.
import { and, asc, eq, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { LOT_SYNC_PAGE, type LotChanges } from '../../../src/protocol/lots';
import { ErrorCode } from '../../../src/protocol/error-codes';
import { ServerMessages } from '../../../src/protocol/messages';
import { isAdmin } from '../../auth/tokens';
import { lots, lotTombstones, queryRows, type DbOrTx } from '../../db';
import { defineHandlers, only, refuse, reply, type HandlerUser } from '../handler';
import { presentLots } from './lot-auctions';
import { firstPosition, formatCursor, parseCursor, type Scope, type SyncPosition, type SyncRequest } from './sync-cursor';

interface Now {
  epoch: string;
  /** The oldest transaction still running (or the next to start): every write stamped below it has ended. */
  floor: number;
  /** The next transaction id: a cursor's floor beyond it was not given by this database as it is now. */
  newest: number;
}

async function now(db: DbOrTx): Promise<Now> {
  const [row] = await queryRows<{ epoch: string; floor: string; newest: string }>(
    db,
    sql`select (select epoch from sync_epoch) as epoch, txid_snapshot_xmin(txid_current_snapshot())::text as floor, txid_snapshot_xmax(txid_current_snapshot())::text as newest`,
  );
  if (!row) throw new Error('sync: no snapshot');
  return { epoch: row.epoch, floor: Number(row.floor), newest: Number(row.newest) };
}

/** Strictly after the position, in (writer_xid, lot id) order. */
const after = (xid: AnyColumn, id: AnyColumn, from: SyncPosition): SQL =>
  sql`(${xid}, ${id}) > (${from.xid}, ${from.id})`;

/** Where a list was cut short (it came full): the page may not reach past its last row; undefined when it was not. */
const endOf = (list: ReadonlyArray<{ xid: number; id: number }>): { xid: number; id: number } | undefined =>
  list.length < LOT_SYNC_PAGE ? undefined : list[list.length - 1];
const notAfter = (end: { xid: number; id: number } | undefined) => (row: { xid: number; id: number }) =>
  end === undefined || row.xid < end.xid || (row.xid === end.xid && row.id <= end.id);

async function page(db: DbOrTx, user: HandlerUser, from: SyncPosition): Promise<LotChanges> {
  const everyone = isAdmin(user);
  const rows = await db
    .select()
    .from(lots)
    .where(and(everyone ? undefined : eq(lots.userId, user.id), after(lots.writerXid, lots.id, from)))
    .orderBy(asc(lots.writerXid), asc(lots.id))
    .limit(LOT_SYNC_PAGE);
  const gone = await db
    .select({ id: lotTombstones.lotId, xid: lotTombstones.writerXid })
    .from(lotTombstones)
    .where(and(everyone ? undefined : eq(lotTombstones.userId, user.id), after(lotTombstones.writerXid, lotTombstones.lotId, from)))
    .orderBy(asc(lotTombstones.writerXid), asc(lotTombstones.lotId))
    .limit(LOT_SYNC_PAGE);
  const stamped = rows.map((row) => ({ xid: row.writerXid, id: row.id, row }));
  // Both lists are in one order: the page ends where the first of them to be cut short ends, so nothing is skipped.
  const ends = [endOf(stamped), endOf(gone)].filter((end) => end !== undefined).sort((a, b) => a.xid - b.xid || a.id - b.id);
  const [end] = ends;
  const kept = stamped.filter(notAfter(end));
  const removed = gone.filter(notAfter(end));
  const more = end !== undefined;
  const next = more ? { ...from, xid: end.xid, id: end.id } : from;
  const presented = await presentLots(db, kept.map(({ row }) => row));
  return { lots: presented, removed: removed.map(({ id }) => id), next: formatCursor(next, more), more, full: from.full, userId: user.id };
}

/** What the cursor asks for, or undefined for text that is no cursor. */
function readCursor(cursor: string, scope: Scope, clock: Now): SyncRequest | undefined {
  try {
    return parseCursor(cursor, scope, clock.newest);
  } catch {
    return undefined;
  }
}

export const lotSyncHandlers = defineHandlers({
  syncLots: {
    access: 'user',
    async handle(context, { after: cursor }) {
      const clock = await now(context.db);
      const scope = { epoch: clock.epoch, user: context.user.id };
      const request = readCursor(cursor, scope, clock);
      if (request === undefined) return refuse(ErrorCode.BAD_REQUEST, ServerMessages.notASyncCursor);
      const from = request.kind === 'page' ? request.position : firstPosition(request, scope, clock.floor);
      return only(reply.on('lotChanges', await page(context.db, context.user, from)));
    },
  },
});
