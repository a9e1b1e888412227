// A getLots reply of 10,000 lots through ingest (contract validation, the filter's replace step, pending
// intents laid back on, one transaction) against its ceiling: a raw Dexie bulkPut of the same rows into the
// same table, in the same run, on fake-indexeddb in node. Two cases: an empty replica (first visit) and one
// that already holds the lots (the re-fetch on every reconnect). Target: p50 ratio ≤ 1.3.
import 'fake-indexeddb/auto';
import { DEFAULT_LOTS_FILTER, type Lot } from '../src/protocol/lots';
import { createIngest } from '../src/sync/ingest';
import type { Notifier } from '../src/sync/notifier';
import { claimReplica } from '../src/sync/replica-owner';
import { openReplica, type ReplicaDb } from '../src/sync/replica';
import { createStatus } from '../src/sync/status';
import { report, sample } from './stats';

const LOTS = 10_000;
const ROUNDS = 7;
const USER = 'bench';

function lot(id: number): Lot {
  return {
    id, lotNumber: `LOT-${String(id).padStart(6, '0')}`, titleListing: `Pallet of assorted goods #${id}`,
    status: id % 5 === 0 ? 'SHIPPED' : 'NOT_LISTED', slug: null, categories: [101, 202], numberOfPallets: 1,
    numberOfCartons: 4, numberOfUnits: 120, totalOriginalRetail: 4321.5, totalListingPrice: 864.3,
    specialNotes: 'Shelf wear on some boxes', userId: 7, loc_zone: 1, loc_aisle: 2, loc_column: 3, loc_row: 4,
    loc_box: 5, auctionEventManifests: [],
  };
}

const quiet: Notifier = { success: () => undefined, info: () => undefined, warning: () => undefined, error: () => undefined, alert: () => undefined, sound: () => undefined };

async function replicaFor(name: string): Promise<ReplicaDb> {
  const db = openReplica(`bench-${name}`);
  await claimReplica(db, USER);
  return db;
}

export async function replicaIngest(): Promise<void> {
  // The reply as it comes off the socket: parsed JSON, fresh objects each time.
  const text = JSON.stringify(Array.from({ length: LOTS }, (_, index) => lot(index + 1)));
  const reply = (): Lot[] => JSON.parse(text) as Lot[];

  const viaIngest = await replicaFor('ingest');
  const raw = await replicaFor('raw');
  const ingest = createIngest({ db: viaIngest, feedback: { notifier: quiet, status: createStatus() }, signedIn: () => ({ user: USER, isAdmin: false }) });

  const emptied = (db: ReplicaDb, run: () => Promise<void>) => async () => {
    await db.lots.clear();
    await run();
  };
  const ingestOnce = () => ingest.lots(reply(), DEFAULT_LOTS_FILTER);
  const rawOnce = async () => void (await raw.lots.bulkPut(reply()));

  // Warm-up (JIT, fake-indexeddb's structures), untimed.
  await ingestOnce();
  await rawOnce();

  // sample() times the whole callback, so clearing is measured equally on both sides of the empty case.
  const rows = [
    { name: 'raw bulkPut, empty (ceiling)', samples: await sample(ROUNDS, emptied(raw, rawOnce)) },
    { name: 'ingest getLots, empty', samples: await sample(ROUNDS, emptied(viaIngest, ingestOnce)) },
    { name: 'raw bulkPut, refresh', samples: await sample(ROUNDS, rawOnce) },
    { name: 'ingest getLots, refresh', samples: await sample(ROUNDS, ingestOnce) },
  ];
  report(`replica ingest (${LOTS.toLocaleString('en')} lots per reply, ${ROUNDS} rounds; target ≤ 1.30 × ceiling)`, rows.slice(0, 2), 'raw bulkPut, empty (ceiling)');
  report('  …the same, the replica already holding them (re-fetch on reconnect)', rows.slice(2), 'raw bulkPut, refresh');

  viaIngest.close();
  raw.close();
}
