// `npm run bench`: every benchmark, each printing its figures next to a ceiling measured in the same run.
// Not a test: nothing here passes or fails on time.
import { getLots } from './get-lots';
import { lotsFilter } from './lots-filter';
import { outboxReplay } from './outbox-replay';
import { replicaIngest } from './replica-ingest';
import { stompRoundtrip } from './stomp-roundtrip';

const benches: Array<[string, () => Promise<void>]> = [
  ['stomp-roundtrip', stompRoundtrip],
  ['replica-ingest', replicaIngest],
  ['outbox-replay', outboxReplay],
  ['get-lots', getLots],
  ['lots-filter', lotsFilter],
];
const only = process.argv.slice(2);

for (const [name, run] of benches) {
  if (only.length > 0 && !only.includes(name)) continue;
  await run();
}
process.exit(0);
