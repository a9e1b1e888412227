// syncLots (issue 18's incremental sync, docs/protocol.md): a device catches up on the lots it may see from its
// cursor, a page at a time: every lot on a first run, then only what changed — renamed, re-auctioned, deleted —
// including a write that was still open when the last run ended. Real server, real STOMP client, both databases.
import { and, eq, gte, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ErrorCode } from '../../src/protocol/error-codes';
import { LOT_SYNC_PAGE, LotChangesSchema, type LotChanges } from '../../src/protocol/lots';
import { ServerMessages } from '../../src/protocol/messages';
import { auctionEventManifests, auctionEvents, lots } from '../../server/db';
import { ADMIN, ALICE, BOB, createLot, staffSuite, uniqueName } from '../support/staff';
import type { TestClient } from '../support/stomp-client';

const suite = staffSuite();

const ask = async (client: TestClient, after: string): Promise<LotChanges> => LotChangesSchema.parse(await client.request('syncLots', { after }, 'lotChanges'));

/** A whole run from `after`: every page until `more` is false; the pages, and the cursor to keep. */
async function run(client: TestClient, after: string): Promise<{ pages: LotChanges[]; cursor: string; lotIds: number[]; removed: number[] }> {
  const pages: LotChanges[] = [];
  for (let next = after; ; ) {
    const page = await ask(client, next);
    pages.push(page);
    next = page.next;
    if (!page.more) {
      return { pages, cursor: next, lotIds: pages.flatMap((p) => p.lots.map((lot) => lot.id)), removed: pages.flatMap((p) => p.removed) };
    }
  }
}

/** `count` lots of `username`, straight into the database (the fast way to have thousands). */
async function seedLots(username: string, count: number): Promise<number[]> {
  const userId = await suite.staff.idOf(username);
  const tag = uniqueName('SYNC').toUpperCase();
  const rows = await suite.server.server.services.db
    .insert(lots)
    .values(Array.from({ length: count }, (_, i) => ({ lotNumber: `${tag}-${i}`, titleListing: `Synced ${i}`, userId })))
    .returning({ id: lots.id });
  return rows.map(({ id }) => id);
}

/** The ids of the user's lots stamped at or after a kept cursor's floor, as the database has them now. */
async function stampedSince(username: string, cursor: string): Promise<number[]> {
  const floor = Number(cursor.split('.')[2]); // epoch.account.floor
  const rows = await suite.server.server.services.db
    .select({ id: lots.id })
    .from(lots)
    .where(and(eq(lots.userId, await suite.staff.idOf(username)), gte(lots.writerXid, floor)));
  return rows.map(({ id }) => id).sort();
}

describe('syncLots', () => {
  it(`sends every lot the user may see on a first run, in pages of at most ${LOT_SYNC_PAGE}, and only their own to a user`, async () => {
    await Promise.all([suite.staff.tokenFor(ALICE), suite.staff.tokenFor(BOB)]);
    const mine = await seedLots(ALICE, LOT_SYNC_PAGE + 500);
    const bobs = await seedLots(BOB, 3);
    const alice = await suite.staff.connect(ALICE);
    const first = await run(alice, '');
    expect(first.pages.length).toBeGreaterThanOrEqual(2);
    expect(first.pages.every((page) => page.lots.length <= LOT_SYNC_PAGE && page.full)).toBe(true);
    expect(first.lotIds).toEqual(expect.arrayContaining(mine));
    expect(first.lotIds.filter((id) => bobs.includes(id))).toEqual([]);
    expect(new Set(first.lotIds).size).toBe(first.lotIds.length); // each once

    const admin = await suite.staff.connect(ADMIN);
    expect((await run(admin, '')).lotIds).toEqual(expect.arrayContaining([...mine, ...bobs]));
  });

  it('then sends only what changed since its cursor: a renamed lot, and the id of a deleted one', async () => {
    const alice = await suite.staff.connect(ALICE);
    const [renamed, deleted] = [await createLot(alice, uniqueName('To rename')), await createLot(alice, uniqueName('To delete'))];
    const { cursor } = await run(alice, '');

    await alice.request('updateManifestTitleById', { lotId: renamed.id, newTitle: 'Renamed since' }, 'incomingMessages');
    await alice.request('deleteLots', [{ id: deleted.id }], 'incomingMessages');
    const since = await run(alice, cursor);
    expect(since.pages[0]?.full).toBe(false);
    expect(since.pages.flatMap((page) => page.lots).find((lot) => lot.id === renamed.id)?.titleListing).toBe('Renamed since');
    expect(since.removed).toContain(deleted.id);
    // Exactly what was stamped since the cursor's floor: on an idle database, just those two.
    expect(since.lotIds.sort()).toEqual(await stampedSince(ALICE, cursor));

    const idle = await run(alice, since.cursor);
    expect(idle.lotIds.sort()).toEqual(await stampedSince(ALICE, since.cursor));
    expect(idle.lotIds).not.toContain(deleted.id);
  });

  it("sends a lot again when its auction entries change, with them; another user's deleted lots are not sent", async () => {
    const [alice, bob] = [await suite.staff.connect(ALICE), await suite.staff.connect(BOB)];
    const lot = await createLot(alice, uniqueName('Auctioned'));
    const bobsLot = await createLot(bob, uniqueName("Bob's"));
    const { cursor } = await run(alice, '');
    const { db } = suite.server.server.services;
    const [event] = await db.insert(auctionEvents).values({ title: uniqueName('Spring sale') }).returning();
    if (!event) throw new Error('no event');
    await db.insert(auctionEventManifests).values({ manifestId: lot.id, auctionEventId: event.id, auctionTitle: 'Lot in the sale' });
    await bob.request('deleteLots', [{ id: bobsLot.id }], 'incomingMessages');
    const added = await run(alice, cursor);
    const titlesOf = (changes: { pages: LotChanges[] }) =>
      changes.pages.flatMap((page) => page.lots).find((one) => one.id === lot.id)?.auctionEventManifests.map((entry) => entry.auctionEvent.title);
    expect(titlesOf(added)).toEqual([event.title]);
    expect(added.removed).not.toContain(bobsLot.id);

    await db.update(auctionEvents).set({ title: 'Renamed sale' }).where(eq(auctionEvents.id, event.id));
    const renamed = await run(alice, added.cursor);
    expect(titlesOf(renamed)).toEqual(['Renamed sale']);
    await db.delete(auctionEventManifests).where(inArray(auctionEventManifests.manifestId, [lot.id]));
    expect(titlesOf(await run(alice, renamed.cursor))).toEqual([]);
  });

  it('sends a write that was still running when a run ended, on the next run, however late it commits', async (context) => {
    if (suite.server.kind !== 'postgres') {
      console.log('skipped: PGlite runs one transaction at a time, so no run can end while a write is open (PostgreSQL pass only)');
      context.skip();
    }
    const alice = await suite.staff.connect(ALICE);
    const lot = await createLot(alice, uniqueName('Slow write'));
    const { db } = suite.server.server.services;
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const writing = db.transaction(async (tx) => {
      await tx.update(lots).set({ titleListing: 'Written late' }).where(eq(lots.id, lot.id));
      await held;
    });
    const runWhileOpen = await run(alice, '');
    release();
    await writing;
    expect(runWhileOpen.lotIds).toContain(lot.id); // the committed version, from before the write
    const next = await run(alice, runWhileOpen.cursor);
    expect(next.pages.flatMap((page) => page.lots).find((one) => one.id === lot.id)?.titleListing).toBe('Written late');
  });

  it('starts over (full) on a cursor another database gave or one from its future; refuses text that is no cursor', async () => {
    const alice = await suite.staff.connect(ALICE);
    await createLot(alice, uniqueName('Held'));
    const { cursor } = await run(alice, '');
    const [epoch = '', account = '', floor = ''] = cursor.split('.');
    const otherDatabase = await ask(alice, `00000000-0000-4000-8000-000000000000.${account}.${floor}`);
    expect(otherDatabase.full).toBe(true);
    const fromTheFuture = await ask(alice, `${epoch}.${account}.999999999999`);
    expect(fromTheFuture.full).toBe(true);
    expect(fromTheFuture.lots.length).toBeGreaterThan(0);

    for (const bad of ['x', `${epoch}`, `${epoch}.${account}`, `${epoch}.1.2.3`, `${epoch}.1.2.3.4.g`, `${epoch}.1.-1`]) {
      const answer = await alice.request('syncLots', { after: bad }, 'incomingMessages');
      expect(answer).toMatchObject({ errorCode: ErrorCode.BAD_REQUEST, message: ServerMessages.notASyncCursor });
    }
  });

  it("starts over (full) on a cursor another account was given, with only this account's lots", async () => {
    // A device kept a removed account's cursor; a new account made under the same name signs in on it.
    const alice = await suite.staff.connect(ALICE);
    await createLot(alice, uniqueName('Former'));
    const { cursor } = await run(alice, '');
    const newcomer = uniqueName('newcomer');
    const successor = await suite.staff.connect(newcomer);
    const own = await createLot(successor, uniqueName('Own'));
    const first = await ask(successor, cursor);
    expect(first.full).toBe(true);
    const fromTheStart = await run(successor, '');
    expect(first.lots.map((lot) => lot.id)).toEqual(fromTheStart.lotIds);
    expect(fromTheStart.lotIds).toEqual([own.id]);
  });

  it('stamps every lot as it is written: an untouched row keeps its stamp, a written one gets a newer one', async () => {
    const alice = await suite.staff.connect(ALICE);
    const [first, second] = [await createLot(alice, uniqueName('One')), await createLot(alice, uniqueName('Two'))];
    const stamps = async () =>
      new Map((await suite.server.server.services.db.select({ id: lots.id, xid: lots.writerXid }).from(lots).where(inArray(lots.id, [first.id, second.id]))).map(({ id, xid }) => [id, xid]));
    const before = await stamps();
    await alice.request('updateManifestTitleById', { lotId: second.id, newTitle: 'Written' }, 'incomingMessages');
    const after = await stamps();
    expect(after.get(first.id)).toBe(before.get(first.id));
    expect(after.get(second.id)).toBeGreaterThan(before.get(second.id) ?? Number.POSITIVE_INFINITY);
  });
});
