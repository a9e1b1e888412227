// A getLots reply of 10,000 lots through ingest (contract validation, the filter's replace step, pending
// intents laid back on, one transaction) against its ceiling: a raw Dexie bulkPut of the same rows into the
// same table, in the same run, on fake-indexeddb in node. Two cases: an empty replica (first visit) and one
// that already holds the lots (the re-fetch on every reconnect). Target: p50 ratio ≤ 1.3.
import 'fake-indexeddb/auto';
import { DEFAULT_LOTS_FILTER, type Lot } from '../src/protocol/lots';
import { domains } from '../src/domains';
import { lotsTable } from '../src/domains/lots';
import { REQUEST_ID_HEADER } from '../src/protocol/auth';
import { createIngest } from '../src/sync/ingest/dispatch';
import type { Notifier } from '../src/sync/feedback/notifier';
import { claimReplica } from '../src/sync/replica/owner';
import { openReplica, type Replica } from '../src/sync/replica/replica';
import { createMemoryStorage, createSettings } from '../src/sync/session/settings';
import { createQueries } from '../src/sync/transport/queries';
import { createStatus } from '../src/sync/feedback/status';
import { report, sample } from './stats';
import { sized } from './size';

const LOTS = sized(10_000, 200);
const ROUNDS = sized(7, 2);
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

async function replicaFor(name: string): Promise<Replica> {
  const db = openReplica(domains.flatMap((domain) => domain.tables ?? []), `bench-${name}`);
  await claimReplica(db, USER);
  return db;
}

export async function replicaIngest(): Promise<void> {
  // The reply as it comes off the socket: parsed JSON, fresh objects each time.
  const text = JSON.stringify(Array.from({ length: LOTS }, (_, index) => lot(index + 1)));
  const reply = (): Lot[] => JSON.parse(text) as Lot[];

  const viaIngest = await replicaFor('ingest');
  const raw = await replicaFor('raw');
  // Each reply answers a getLots request of the default filter, paired by its request-id as on the wire.
  let requestId = '';
  const queries = createQueries((_destination, _body, headers) => ((requestId = headers[REQUEST_ID_HEADER] ?? ''), true));
  const ingest = createIngest({
    db: viaIngest, domains, feedback: { notifier: quiet, status: createStatus() }, settings: createSettings(createMemoryStorage()),
    signedIn: () => ({ user: USER, isAdmin: false }), queries,
  });

  const emptied = (db: Replica, run: () => Promise<void>) => async () => {
    await db.rows(lotsTable).clear();
    await run();
  };
  const ingestOnce = () => {
    queries.send('getLots', DEFAULT_LOTS_FILTER);
    return ingest.topic('lots', reply(), { [REQUEST_ID_HEADER]: requestId });
  };
  const rawOnce = async () => void (await raw.rows(lotsTable).bulkPut(reply()));

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

  viaIngest.dexie.close();
  raw.dexie.close();
}
