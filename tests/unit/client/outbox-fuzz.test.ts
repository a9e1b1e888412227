// A fuzz of the whole client against the real server (CONVENTIONS: tldraw's syncFuzz): random lots, renames, boxes
// and scans made on- and offline, connections that drop (before a SEND, or after the server applied it but before
// its replies), server errors that pass, and reconnects. In the end every intent arrived exactly once, in the order
// it was made, and the replica equals the server. Seeded: a failure prints its seed and path; FUZZ_SEED=<seed>
// (and FUZZ_PATH=<path>) replays it.
import 'fake-indexeddb/auto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { addBox, boxesTable } from '../../../src/domains/boxes';
import { addUpc, itemsTable, scanContext } from '../../../src/domains/items';
import { createLot, lotsTable, renameLot } from '../../../src/domains/lots';
import type { Box, BoxItemsReply } from '../../../src/protocol/boxes';
import { Destination } from '../../../src/protocol/destinations';
import { ErrorCode } from '../../../src/protocol/error-codes';
import { DEFAULT_LOTS_FILTER, type Lot } from '../../../src/protocol/lots';
import { outboxSummary } from '../../../src/sync/outbox/summary';
import type { Row, TableDefinition } from '../../../src/sync/replica/table';
import { startClientServer, type ClientServer } from './support/server';
import { createHarness, type Harness } from './support/sync-harness';

const UPCS = ['FUZZ-1', 'FUZZ-2', 'FUZZ-3'];
const RUNS = 25;

type Command =
  | { kind: 'create'; title: string }
  | { kind: 'rename'; pick: number; title: string }
  | { kind: 'box'; pick: number; label: string }
  | { kind: 'scan'; pick: number; upc: number }
  | { kind: 'drop' }
  | { kind: 'reconnect' }
  | { kind: 'drop-after-apply' }
  | { kind: 'server-error' }
  | { kind: 'settle' };

const text = fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9 ]{0,11}$/);
const command: fc.Arbitrary<Command> = fc.oneof(
  { weight: 4, arbitrary: text.map((title) => ({ kind: 'create' as const, title })) },
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('rename' as const), pick: fc.nat(), title: text }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('box' as const), pick: fc.nat(), label: text }) },
  { weight: 5, arbitrary: fc.record({ kind: fc.constant('scan' as const), pick: fc.nat(), upc: fc.nat({ max: UPCS.length - 1 }) }) },
  { weight: 2, arbitrary: fc.constant({ kind: 'drop' as const }) },
  { weight: 2, arbitrary: fc.constant({ kind: 'reconnect' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'drop-after-apply' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'server-error' as const }) },
  { weight: 2, arbitrary: fc.constant({ kind: 'settle' as const }) },
);

/** What the server must apply, in order, naming lots and boxes by the order they were made (0, 1, …). */
type Expected = ['create', string] | ['rename', number, string] | ['box', number, string] | ['scan', number, string];

/** The row a screen shows for the k-th thing made: its temporary id, or its real one once the server answered. */
async function shownId<R extends Row>(h: Harness, table: TableDefinition<R>, tempId: number, real: ReadonlyMap<number, number>): Promise<number> {
  return (await h.db.rows(table).get(tempId)) === undefined ? (real.get(tempId) ?? tempId) : tempId;
}

async function tempIdsNow(h: Harness): Promise<Map<number, number>> {
  const row = await h.db.meta.get('tempIds');
  return new Map(Array.isArray(row?.value) ? (row.value as Array<[number, number]>) : []);
}

async function run(h: Harness, commands: readonly Command[]): Promise<Expected[]> {
  const expected: Expected[] = [];
  const lots: number[] = []; // temporary ids, by creation order
  const boxes: number[] = [];
  for (const step of commands) {
    const real = await tempIdsNow(h);
    switch (step.kind) {
      case 'create':
        lots.push((await h.sync.enqueue(createLot.build({ title: step.title }))).tempId ?? 0);
        expected.push(['create', step.title.trim()]);
        break;
      case 'rename': {
        if (lots.length === 0) break;
        const index = step.pick % lots.length;
        await h.sync.enqueue(renameLot.build({ lotId: await shownId(h, lotsTable, lots[index] ?? 0, real), newTitle: step.title }));
        expected.push(['rename', index, step.title.trim()]);
        break;
      }
      case 'box': {
        if (lots.length === 0) break;
        const index = step.pick % lots.length;
        boxes.push((await h.sync.enqueue(addBox.build({ lotId: await shownId(h, lotsTable, lots[index] ?? 0, real), label: step.label }))).tempId ?? 0);
        expected.push(['box', index, step.label.trim()]);
        break;
      }
      case 'scan': {
        if (boxes.length === 0) break;
        const index = step.pick % boxes.length;
        const boxId = await shownId(h, boxesTable, boxes[index] ?? 0, real);
        const upc = UPCS[step.upc] ?? '';
        await h.sync.enqueue(addUpc.build({ boxId, upc, ...(await scanContext(boxId, upc)) }));
        expected.push(['scan', index, upc]);
        break;
      }
      case 'drop':
        h.connection.close();
        break;
      case 'reconnect':
        h.connection.open();
        break;
      case 'drop-after-apply':
        h.wire.dropAfterApplyNext = true;
        break;
      case 'server-error':
        h.wire.failNext.push(ErrorCode.INTERNAL_SERVER_ERROR);
        break;
      case 'settle':
        await h.wire.idle();
        break;
    }
  }
  return expected;
}

let server: ClientServer;
beforeAll(async () => {
  server = await startClientServer();
  await server.seedCatalogue(UPCS.map((upc, index) => ({ upc, retailPrice: 10 + index, wholesalePrice: 2 })));
}, 60_000);
afterAll(() => server?.stop());

describe('outbox fuzz: random offline lots, boxes and scans, drops and reconnects', () => {
  it('every intent arrives exactly once, in order, and the replica ends equal to the server', async () => {
    const seed = process.env.FUZZ_SEED === undefined ? Date.now() : Number(process.env.FUZZ_SEED);
    const path = process.env.FUZZ_PATH;
    try {
      await fc.assert(
        fc.asyncProperty(fc.array(command, { minLength: 10, maxLength: 40 }), async (commands) => {
          const h = await createHarness(server);
          try {
            const expected = await run(h, commands);
            // The last drop may still be on its way: let the wire finish, then come back for good.
            h.wire.dropAfterApplyNext = false;
            await h.wire.idle();
            h.connection.open();
            try {
              await vi.waitFor(async () => expect((await outboxSummary(h.db, h.user)).queued).toBe(0), { timeout: 10_000, interval: 5 });
            } catch (error) {
              if (process.env.FUZZ_DEBUG) console.log('STUCK', JSON.stringify(h.connection.getSnapshot()), JSON.stringify(await h.db.outbox.toArray()), JSON.stringify(h.connection.sent.slice(-8)), JSON.stringify(h.wire.applied));
              throw error;
            }
            await h.wire.idle();

            // Real ids of the k-th lot and box, in the order the server made them.
            const createdLots = (await server.ask<Lot[]>(h.token, 'getLots', { ...DEFAULT_LOTS_FILTER, myLots: true })).map((lot) => lot.id).sort((a, b) => a - b);
            const boxesByLot = await Promise.all(createdLots.map((lotId) => server.ask<Box[]>(h.token, 'getBoxesByLotId', lotId)));
            const createdBoxes = boxesByLot.flat().map((box) => box.id).sort((a, b) => a - b);
            const named = (kind: 'lot' | 'box', id: unknown) => (kind === 'lot' ? createdLots : createdBoxes).indexOf(Number(id));
            const relabelled = h.wire.applied.map(({ destination, body }): Expected => {
              const fields = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
              if (destination === Destination.updateManifestTitleById) return ['rename', named('lot', fields.lotId), String(fields.newTitle)];
              if (destination === Destination.addBoxToLot) return ['box', named('lot', fields.manualManiestId), String(fields.label)];
              if (destination === Destination.addUPCToBox) return ['scan', named('box', fields.boxId), String(fields.upc)];
              return ['create', String(body)];
            });
            expect(relabelled).toEqual(expected);
            if (process.env.FUZZ_DEBUG) console.log('applied', h.wire.applied.length, 'lots', createdLots.length, 'boxes', createdBoxes.length);
            expect(new Set(h.wire.applied.map(({ clientMsgId }) => clientMsgId)).size).toBe(h.wire.applied.length);
            expect((await outboxSummary(h.db, h.user)).failed).toEqual([]);

            // The replica holds exactly what the server holds: lots, boxes and items, none pending.
            const serverLots = await server.ask<Lot[]>(h.token, 'getLots', { ...DEFAULT_LOTS_FILTER, myLots: true });
            const replicaLots = await h.db.rows(lotsTable).orderBy('id').toArray();
            expect(replicaLots.map(({ id, titleListing, pending }) => [id, titleListing, pending])).toEqual(
              serverLots.sort((a, b) => a.id - b.id).map(({ id, titleListing }) => [id, titleListing, undefined]),
            );
            const serverBoxes = boxesByLot.flat().sort((a, b) => a.id - b.id);
            expect((await h.db.rows(boxesTable).orderBy('id').toArray()).map(({ id, label, pending }) => [id, label, pending])).toEqual(
              serverBoxes.map(({ id, label }) => [id, label, undefined]),
            );
            const serverItems = (await Promise.all(serverBoxes.map((box) => server.ask<BoxItemsReply>(h.token, 'getItemsByBoxId', box.id))))
              .flatMap((reply) => reply.items.map((item) => [item.id, reply.boxId, item.upc, item.quantity]))
              .sort((a, b) => Number(a[0]) - Number(b[0]));
            const replicaItems = (await h.db.rows(itemsTable).orderBy('id').toArray()).map(({ id, boxId, upc, quantity }) => [id, boxId, upc, quantity]);
            expect(replicaItems).toEqual(serverItems);
          } finally {
            h.unlink();
          }
        }),
        { numRuns: RUNS, seed, ...(path === undefined ? {} : { path }) },
      );
    } catch (error) {
      console.error('outbox fuzz failed: replay it with FUZZ_SEED=<seed> FUZZ_PATH=<path> as fast-check printed them above');
      throw error;
    }
  }, 300_000);
});
