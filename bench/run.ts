// `npm run bench`: every benchmark, each printing its figures next to a ceiling measured in the same run.
// Not a test: nothing here passes or fails on time.
import { backgroundRemoval } from './background-removal';
import { catalogueSave } from './catalogue-save';
import { catalogueSuggestions } from './catalogue-suggestions';
import { fullSync } from './full-sync';
import { getLots } from './get-lots';
import { imageVariants } from './image-variants';
import { lotsFilter } from './lots-filter';
import { outboxReplay } from './outbox-replay';
import { pushAcross } from './push-across';
import { replicaIngest } from './replica-ingest';
import { spreadsheetParse } from './spreadsheet-parse';
import { stompRoundtrip } from './stomp-roundtrip';

const benches: Array<[string, () => Promise<void>]> = [
  ['stomp-roundtrip', stompRoundtrip],
  ['replica-ingest', replicaIngest],
  ['outbox-replay', outboxReplay],
  ['push-across', pushAcross],
  ['get-lots', getLots],
  ['full-sync', fullSync],
  ['lots-filter', lotsFilter],
  ['catalogue-suggestions', catalogueSuggestions],
  ['catalogue-save', catalogueSave],
  ['spreadsheet-parse', spreadsheetParse],
  ['image-variants', imageVariants],
  ['background-removal', backgroundRemoval],
];
const only = process.argv.slice(2);

for (const [name, run] of benches) {
  if (only.length > 0 && !only.includes(name)) continue;
  await run();
}
process.exit(0);
