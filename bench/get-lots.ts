// getLots with 10,000 lots (issue 4): the server's answer through STOMP (codec, auth, router, query, presenter,
// JSON) against its ceiling — the bare SQL select of the same rows on the same database, in the same run —
// and the bytes per lot on the wire. (The replica side is bench/replica-ingest.ts.)
import { sql } from 'drizzle-orm';
import { DEFAULT_LOTS_FILTER } from '../src/protocol/lots';
import { lots, queryRows } from '../server/db';
import { staffOf } from '../tests/support/staff';
import { connectClient } from '../tests/support/stomp-client';
import { startTestServer } from '../tests/support/test-server';
import { report, sample } from './stats';
import { sized } from './size';

const LOTS = sized(10_000, 1000); // seeded a thousand at a time
const ROUNDS = sized(15, 2);

export async function getLots(): Promise<void> {
  const testServer = await startTestServer();
  const staff = staffOf(testServer);
  const db = testServer.server.services.db;
  const userId = await staff.idOf('admin');
  for (let start = 0; start < LOTS; start += 1000) {
    await db.insert(lots).values(Array.from({ length: 1000 }, (_, i) => ({
      lotNumber: `BENCH-${String(start + i).padStart(6, '0')}`, titleListing: `Pallet of assorted goods #${start + i}`,
      status: 'NOT_LISTED' as const, categories: [10, 11], numberOfPallets: 1, numberOfCartons: 4, numberOfUnits: 120,
      totalOriginalRetail: 4321.5, totalListingPrice: 864.3, specialNotes: 'Shelf wear on some boxes', userId,
      locZone: 1, locAisle: 2, locColumn: 3, locRow: 4, locBox: 5,
    })));
  }
  // Unchecked: the test client's contract check would add a zod parse of 10,000 lots to every figure.
  const client = await connectClient(testServer.wsUrl, { token: await staff.tokenFor('admin'), checkContract: false });
  let bytes = 0;
  const request = async () => {
    const reply = client.nextMessage('lots');
    client.send('getLots', DEFAULT_LOTS_FILTER);
    bytes = Number((await reply).headers['content-length'] ?? 0);
  };
  const bare = async () => {
    await queryRows(db, sql`select * from lots where user_id = ${userId} and status in ('NOT_LISTED', 'SHIPPED') order by id desc`);
  };
  await sample(2, request);
  await sample(2, bare);
  const rows = [
    { name: 'bare SQL select (ceiling)', samples: await sample(ROUNDS, bare) },
    { name: `STOMP getLots, ${LOTS.toLocaleString('en-US')} lots`, samples: await sample(ROUNDS, request) },
  ];
  report(`getLots with ${LOTS} lots (${ROUNDS} rounds, ${testServer.kind})`, rows, 'bare SQL select (ceiling)');
  console.log(`reply: ${(bytes / 1024).toFixed(0)} KiB, ${(bytes / LOTS).toFixed(0)} bytes per lot`);
  await client.close();
  await staff.closeAll();
  await testServer.stop();
}
