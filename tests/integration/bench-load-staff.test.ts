// The load bench's simulated staff (bench/load-staff.ts, seeded by bench/load-seed.ts) against the real server: every
// kind of its mix is answered OK, so its "errors: 0" means something, and a refusal counts as an error with the
// server's message, never as a figure.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedLoad } from '../../bench/load-seed';
import { connectStaff, KINDS, work, type Outcome, type StaffPlan } from '../../bench/load-staff';
import { ErrorCode } from '../../src/protocol/error-codes';
import { ServerMessages } from '../../src/protocol/messages';
import { startTestServer, type TestServer } from '../support/test-server';

let server: TestServer | undefined;
let plans: StaffPlan[] = [];

beforeAll(async () => {
  server = await startTestServer();
  const { db, tokens } = server.server.services;
  plans = await seedLoad(db, { staff: 2, catalogueRows: 300, tokens });
});
afterAll(async () => {
  await server?.stop();
});

function running(): { wsUrl: string; mine: StaffPlan; theirs: StaffPlan } {
  const [mine, theirs] = plans;
  if (server === undefined || mine === undefined || theirs === undefined) throw new Error('seeded in beforeAll');
  return { wsUrl: server.wsUrl, mine, theirs };
}

describe('bench/load-staff', () => {
  it('sends each kind of the mix as the app does (own lot, boxes and items; catalogue UPCs and prefixes), each answered OK', async () => {
    const { wsUrl, mine } = running();
    const staff = await connectStaff(wsUrl, mine.token, 'kinds');
    for (const kind of KINDS) {
      for (let i = 0; i < 8; i += 1) await expect(staff.once(kind, mine), `${kind} #${i}`).resolves.toBeUndefined();
    }
    await staff.close();
  });

  it("counts a refusal as an error carrying the server's code and message", async () => {
    const { wsUrl, mine, theirs } = running();
    const staff = await connectStaff(wsUrl, mine.token, 'refused');
    const unknown = { ...mine, catalogue: [{ upc: '000000000000', vendor: 'x', style: 'x' }] };
    await expect(staff.once('scan', unknown)).rejects.toThrow(`addUPCToBox: ${ErrorCode.NOT_FOUND} ${ServerMessages.upcNotFound('000000000000')}`);
    const [their] = theirs.items;
    await expect(staff.once('edit', { ...mine, items: their ? [their] : [] })).rejects.toThrow(`updateItems: ${ErrorCode.NOT_FOUND} ${ServerMessages.itemNotFound(their?.id ?? 0)}`);
    await expect(staff.once('lot', { ...mine, lotId: theirs.lotId })).rejects.toThrow(`getLotById: ${ErrorCode.BAD_REQUEST} ${ServerMessages.lotNotFoundOrNotOwned}`);
    await staff.close();
  });

  it('two staff in a closed loop at once: every kind done, no errors', async () => {
    const { wsUrl, mine, theirs } = running();
    const outcomes: Outcome[] = [];
    // Until each kind was done by each, however slow the machine (the mix is random; 400 is far beyond its need).
    const allKinds = (done: readonly Outcome[]) => new Set(done.map((outcome) => outcome.kind)).size === KINDS.length;
    await Promise.all([mine, theirs].map(async (plan, i) => {
      const staff = await connectStaff(wsUrl, plan.token, `loop${i}`);
      const own: Outcome[] = [];
      await work(staff, plan, () => !allKinds(own) && own.length < 400, own);
      outcomes.push(...own);
      await staff.close();
    }));
    expect(outcomes.filter((outcome) => outcome.error !== undefined)).toEqual([]);
    expect(new Set(outcomes.map((outcome) => outcome.kind))).toEqual(new Set(KINDS));
  });
});
