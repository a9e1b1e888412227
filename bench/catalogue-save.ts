// A data-entry Save of 500 new rows end to end (issue 5; spec §4: Save sends each new row as its own create request,
// one at a time): 500 CREATE entries queued in the real client outbox (each with its optimistic row) and sent by the
// real replayer to the real server until every one is confirmed, against the ceiling — the same 500 frames straight
// over STOMP, one at a time, each waiting for its RECEIPT, nothing stored on the client. The catalogue already holds
// BENCH_CATALOGUE_ROWS products (default 1,000,000), as in production. Each path saves its own 500 new UPCs.
import 'fake-indexeddb/auto';
import { sql } from 'drizzle-orm';
import type { UpcEntry } from '../src/protocol/catalogue';
import type { Intent } from '../src/sync/outbox/outbox';
import { createUpc } from '../src/domains/upcs';
import { seedCatalogue } from '../server/cli/seed/catalogue-data';
import { queryRows } from '../server/db';
import { connectClient } from '../tests/support/stomp-client';
import { ADMIN_PASSWORD, startTestServer } from '../tests/support/test-server';
import { outboxClient, printRates, rawSendsWithReceipts } from './outbox-client';
import { sized } from './size';

const ROWS = Number(process.env.BENCH_CATALOGUE_ROWS ?? sized(1_000_000, 2000));
const SAVED = sized(500, 20);
const USER = 'admin';

/** A new data-entry row as a person fills it in: a scanned UPC and a few fields. */
const newRow = (tag: string, i: number): UpcEntry => ({
  id: 0, upc: `${tag}${String(i).padStart(6, '0')}`, vendorName: 'Bench Brand', vendorStyleNumber: `BB-${i}`, size: 'M', color: 'Navy',
  itemDescription: `Bench product ${i}`, retailPrice: 19.99 + i, wholesalePrice: 8 + i / 2,
});

/** The Save: one CREATE per new row, each with its optimistic row in the replica, as data entry queues them. */
const saves = (tag: string): Intent[] =>
  Array.from({ length: SAVED }, (_, i) => createUpc.build(newRow(tag, i)));

export async function catalogueSave(): Promise<void> {
  const server = await startTestServer();
  const { db } = server.server.services;
  const seeded = await seedCatalogue(db, ROWS);
  const admin = await connectClient(server.wsUrl);
  await admin.login(USER, ADMIN_PASSWORD);
  const token = admin.token ?? '';
  const saved = async (tag: string) => (await queryRows<{ n: number }>(db, sql`select count(*)::int as n from upcs where upc like ${`${tag}%`}`))[0]?.n;

  // Ceiling: the same CREATE frames (their own UPCs), one at a time, each waiting for its RECEIPT.
  const rawMs = await rawSendsWithReceipts(server.wsUrl, token, saves('B1').map(({ destination, body }) => ({ destination, body })));

  // Live: connected, the user presses Save with 500 new rows.
  const live = await outboxClient('catalogue-live', server.wsUrl, token, USER);
  await live.socket.connected();
  let start = performance.now();
  await live.enqueueAll(saves('B2'));
  await live.untilSettled(SAVED);
  const liveMs = performance.now() - start;
  const liveFailed = (await live.summary()).failed.length;
  await live.close();

  // Offline: 500 rows saved without a connection, sent when it comes up.
  const replay = await outboxClient('catalogue-replay', server.wsUrl, token, USER);
  await replay.enqueueAll(saves('B3'));
  start = performance.now();
  await replay.socket.connected();
  await replay.untilSettled(SAVED);
  const replayMs = performance.now() - start;
  const replayFailed = (await replay.summary()).failed.length;
  await replay.close();

  const counts = [await saved('B1'), await saved('B2'), await saved('B3')];
  if (counts.some((n) => n !== SAVED) || liveFailed + replayFailed > 0) {
    throw new Error(`not every row was saved: ${counts.join(', ')} rows, ${liveFailed + replayFailed} refused`);
  }
  printRates(`catalogue Save (${SAVED} new rows, one CREATE each, into ${seeded.rows.toLocaleString('en-US')} products, ${server.kind}; fake-indexeddb)`, SAVED, [
    { name: 'raw STOMP SEND + RECEIPT (ceiling)', ms: rawMs },
    { name: 'outbox, Save while connected (live)', ms: liveMs },
    { name: 'outbox, saved offline, replayed on connect', ms: replayMs },
  ], 'raw STOMP SEND + RECEIPT (ceiling)');

  await admin.close();
  await server.stop();
}
