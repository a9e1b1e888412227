// A fuzz of the whole client (CONVENTIONS: tldraw's syncFuzz): random creates and renames made on- and
// offline, connections that drop (before a SEND, or after the server applied it but before its replies),
// server errors that pass, and reconnects — against an in-memory server that dedups by client-msg-id. In the
// end every intent arrived exactly once, in the order it was made, and the replica equals the server.
import 'fake-indexeddb/auto';
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { createLotIntent } from '../../../src/features/lots/create-lot';
import { renameLotIntent } from '../../../src/sync/intents/rename-lot';
import { ErrorCode } from '../../../src/protocol/error-codes';
import { enqueue, outboxSummary } from '../../../src/sync/outbox';
import { createHarness, type Harness } from './support/sync-harness';

type Command =
  | { kind: 'create'; title: string }
  | { kind: 'rename'; pick: number; title: string }
  | { kind: 'drop' }
  | { kind: 'reconnect' }
  | { kind: 'drop-after-apply' }
  | { kind: 'server-error' }
  | { kind: 'wait'; ms: number };

const title = fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9 ]{0,11}$/);
const command: fc.Arbitrary<Command> = fc.oneof(
  { weight: 4, arbitrary: title.map((t) => ({ kind: 'create' as const, title: t })) },
  { weight: 5, arbitrary: fc.record({ kind: fc.constant('rename' as const), pick: fc.nat(), title }) },
  { weight: 2, arbitrary: fc.constant({ kind: 'drop' as const }) },
  { weight: 2, arbitrary: fc.constant({ kind: 'reconnect' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'drop-after-apply' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'server-error' as const }) },
  { weight: 3, arbitrary: fc.nat({ max: 6 }).map((ms) => ({ kind: 'wait' as const, ms })) },
);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** What the server must end up having applied, by the lots' creation order (the k-th create is server id k). */
type Expected = ['create', string] | ['rename', number, string];

async function run(h: Harness, commands: readonly Command[]): Promise<Expected[]> {
  const expected: Expected[] = [];
  const tempIds: number[] = []; // by creation order
  for (const step of commands) {
    switch (step.kind) {
      case 'create': {
        const { tempId } = await enqueue(h.db, h.user, createLotIntent({ title: step.title }));
        tempIds.push(tempId ?? 0);
        expected.push(['create', step.title.trim()]);
        break;
      }
      case 'rename': {
        if (tempIds.length === 0) break;
        const index = step.pick % tempIds.length;
        // The screen renames whatever row it shows: the temporary one, or the real one once it arrived.
        const tempId = tempIds[index] ?? 0;
        const lotId = (await h.db.lots.get(tempId)) === undefined ? index + 1 : tempId;
        await enqueue(h.db, h.user, renameLotIntent({ lotId, newTitle: step.title }));
        expected.push(['rename', index + 1, step.title.trim()]);
        break;
      }
      case 'drop':
        h.connection.close();
        break;
      case 'reconnect':
        h.connection.open();
        break;
      case 'drop-after-apply':
        h.server.dropAfterApplyNext = true;
        break;
      case 'server-error':
        h.server.failNext.push(ErrorCode.INTERNAL_SERVER_ERROR);
        break;
      case 'wait':
        await sleep(step.ms);
        break;
    }
    h.replayer.wake();
  }
  return expected;
}

describe('outbox fuzz: random offline edits, drops and reconnects', () => {
  it('every intent arrives exactly once, in order, and the replica ends equal to the server', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 1, maxLength: 25 }), async (commands) => {
        const h = createHarness();
        try {
          const expected = await run(h, commands);
          h.server.dropAfterApplyNext = false;
          h.connection.open();
          await vi.waitFor(async () => expect((await outboxSummary(h.db, h.user)).queued).toBe(0), { timeout: 5000, interval: 5 });

          const applied = h.server.applied.map(({ destination, body }): Expected =>
            destination === '/app/createManifest'
              ? ['create', String(body)]
              : ['rename', (body as { lotId: number }).lotId, (body as { newTitle: string }).newTitle],
          );
          expect(applied).toEqual(expected);
          expect(new Set(h.server.applied.map(({ clientMsgId }) => clientMsgId)).size).toBe(applied.length);
          expect((await outboxSummary(h.db, h.user)).failed).toEqual([]);

          const server = [...h.server.lots.values()].map((lot) => [lot.id, lot.titleListing]);
          const replica = (await h.db.lots.orderBy('id').toArray()).map((lot) => [lot.id, lot.titleListing, lot.pending]);
          expect(replica).toEqual(server.map(([id, name]) => [id, name, undefined]));
        } finally {
          h.unlink();
        }
      }),
      { numRuns: 40 },
    );
  }, 120_000);
});
