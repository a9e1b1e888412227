// Incremental sync of the lots (issue 18; syncLots in docs/protocol.md): on every connect, and after a refused or
// created lot change, the device asks for what changed since its kept cursor, a page at a time: each page is stored
// as it comes (the lots with the user's pending intents laid on top, the removed ones gone), the next asked for once
// it is in, and the last page's cursor kept. A full run (the first, or one the server started over) also drops, at
// its end, the lots it did not send. A run cut off by a disconnect keeps no cursor: the next starts from the one kept
// before it (pages may come twice; storing one again changes nothing). Ingest stores; this module asks.
import { LotChangesSchema, LotSyncRequestSchema, type LotChanges } from '../../protocol/lots';
import type { IngestContext, RefusalHandler, TopicHandler } from '../../sync/domain';
import { parsed } from '../../sync/ingest/parsed';
import { readMeta, writeMeta } from '../../sync/replica/meta';
import type { Replica, ReplicaTables } from '../../sync/replica/replica';
import type { Queries } from '../../sync/transport/queries';
import { putLots } from './ingest';
import { replacedChanges } from './overwrites';
import { LOTS_SYNC_CURSOR, lotsTable, OWN_USER_ID } from './tables';

/** The run going on: the lots it sent so far (a full run keeps only those), the cursor its request asked from (a
 *  page answering another is not this run's), who waits for that page, and whether another run is due after it. */
interface Run {
  full: boolean;
  readonly seen: Set<number>;
  asked: string;
  arrived?: (page: LotChanges | undefined) => void;
  again: boolean;
}
let running: Run | undefined;
/** The server refused a cursor: the next run starts over. */
let startOver = false;

/** A page later than this: the run is given up (the next connect or change starts another). */
const PAGE_TIMEOUT_MS = 60_000;

/** The cursor to ask from: the kept one, unless the replica holds no lots (a schema upgrade empties tables). */
async function startingCursor(replica: Replica): Promise<string> {
  const kept = startOver ? undefined : await readMeta(replica, LOTS_SYNC_CURSOR);
  startOver = false;
  return kept !== undefined && (await replica.rows(lotsTable).count()) > 0 ? kept : '';
}

/** Sends one page's request; resolves once that page is stored, or undefined when the run is cut off. */
function askPage(run: Run, queries: Queries, after: string): Promise<LotChanges | undefined> {
  run.asked = after;
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(undefined), PAGE_TIMEOUT_MS);
    run.arrived = (page) => {
      clearTimeout(timer);
      resolve(page);
    };
    if (!queries.send('syncLots', { after })) run.arrived(undefined);
  });
}

/**
 * Catches the replica up on the lots the user may see. While a run goes on, one more is due after it instead (a
 * change made meanwhile must not restart a long first run).
 */
export async function syncLots(queries: Queries, replica: Replica): Promise<void> {
  if (running !== undefined) {
    running.again = true;
    return;
  }
  const run: Run = { full: true, seen: new Set(), asked: '', again: false };
  running = run; // taken before the first await: two calls at once make one run
  try {
    let after = await startingCursor(replica);
    run.full = after === '';
    for (let page = await askPage(run, queries, after); page?.more === true; page = await askPage(run, queries, after)) {
      if (running !== run) return;
      after = page.next;
    }
  } finally {
    if (running === run) running = undefined;
  }
  if (run.again && running === undefined) await syncLots(queries, replica);
}

/** The connection went (or a new user): the run is cut off; the next connect starts one from the kept cursor. */
export function stopLotsSync(): void {
  const run = running;
  running = undefined;
  run?.arrived?.(undefined);
}

/** Lots the replica holds that a full run did not send, and that no change of ours is pending on: gone. */
async function dropUnseen(db: ReplicaTables, seen: ReadonlySet<number>): Promise<void> {
  const pending = new Set(await db.rows(lotsTable).where('pending').equals(1).primaryKeys());
  const stale = (await db.rows(lotsTable).toCollection().primaryKeys()).filter((id) => id > 0 && !seen.has(id) && !pending.has(id));
  await db.rows(lotsTable).bulkDelete(stale);
}

async function storePage(db: ReplicaTables, user: string, page: LotChanges, run: Run | undefined): Promise<string[]> {
  await writeMeta(db, OWN_USER_ID, page.userId);
  await putLots(db, user, page.lots);
  // A removed lot goes; one a change of ours is pending on keeps showing it, over no server row, until it settles.
  const held = await db.rows(lotsTable).bulkGet(page.removed);
  await db.rows(lotsTable).bulkPut(held.flatMap((row) => (row?.pending === 1 ? [{ ...row, base: null }] : [])));
  await db.rows(lotsTable).bulkDelete(page.removed.filter((_, index) => held[index]?.pending !== 1));
  if (run !== undefined) {
    page.lots.forEach((lot) => run.seen.add(lot.id));
    if (!page.more && run.full) await dropUnseen(db, run.seen);
    if (!page.more) await writeMeta(db, LOTS_SYNC_CURSOR, page.next);
  }
  return replacedChanges(db, page.lots, Date.now());
}

/** The run this answer belongs to: the one going on, if its request asked from the same cursor. */
function runAnswered(context: Pick<IngestContext, 'request'>): Run | undefined {
  const { request } = context;
  const asked = request?.destination === 'syncLots' ? LotSyncRequestSchema.safeParse(request.body).data?.after : undefined;
  return running !== undefined && asked === running.asked ? running : undefined;
}

/** /user/topics/lotChanges: one page, stored; a page of a run cut off is stored too (it was true) but moves nothing. */
export const lotChangesTopic: TopicHandler = async (body, context) => {
  const page = parsed(LotChangesSchema, body, 'lotChanges');
  if (page === undefined) return;
  const run = runAnswered(context);
  if (run !== undefined) run.full ||= page.full;
  let replaced: string[] = [];
  await context.write(async (db, { user }) => void (replaced = await storePage(db, user, page, run)));
  replaced.forEach((message) => context.feedback.notifier.warning(message));
  run?.arrived?.(page);
};

/** A refused syncLots (a cursor the server cannot read): the run ends and the next one starts over. */
export const syncLotsRefused: RefusalHandler = (_envelope, _feedback, request) => {
  const run = runAnswered({ request });
  if (run === undefined) return;
  startOver = true;
  run.again = false;
  run.arrived?.(undefined);
};
