// `npm run bench`: every benchmark, each printing its figures next to a ceiling measured in the same run, and the
// same figures as data in bench/results/<time>.json and latest.json, for comparing runs. Not a test: nothing here
// passes or fails on time.
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { join } from 'node:path';
import { backgroundRemoval } from './background-removal';
import { catalogueSave } from './catalogue-save';
import { catalogueSuggestions } from './catalogue-suggestions';
import { fullSync } from './full-sync';
import { getLots } from './get-lots';
import { imageVariants } from './image-variants';
import { load } from './load';
import { lotsFilter } from './lots-filter';
import { outboxReplay } from './outbox-replay';
import { pushAcross } from './push-across';
import { replicaIngest } from './replica-ingest';
import { spreadsheetParse } from './spreadsheet-parse';
import { SMOKE } from './size';
import { takeRecorded, type BenchTable } from './stats';
import { stompRoundtrip } from './stomp-roundtrip';

const benches: Array<[string, () => Promise<void>]> = [
  ['stomp-roundtrip', stompRoundtrip],
  ['replica-ingest', replicaIngest],
  ['outbox-replay', outboxReplay],
  ['push-across', pushAcross],
  ['load', load],
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
const unknown = only.filter((name) => !benches.some(([known]) => known === name));
if (unknown.length > 0) {
  console.error(`no bench named ${unknown.join(', ')}; the benches: ${benches.map(([name]) => name).join(', ')}`);
  process.exit(2);
}

const RESULTS = join(import.meta.dirname, 'results');

/** The checkout's commit and whether files differ from it, when this is a git checkout with git at hand. */
function gitCommit(): { commit: string; modified: boolean } | null {
  const git = (...args: string[]) => execFileSync('git', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  try {
    return { commit: git('rev-parse', 'HEAD'), modified: git('status', '--porcelain', '--untracked-files=no') !== '' };
  } catch {
    return null;
  }
}

const started = new Date();
const results: Array<{ bench: string; tables: BenchTable[]; error?: string }> = [];
// A bench that fails is reported and the others still run: one broken path does not cost every other figure.
for (const [name, run] of benches) {
  if (only.length > 0 && !only.includes(name)) continue;
  try {
    await run();
    results.push({ bench: name, tables: takeRecorded() });
  } catch (error) {
    console.error(`\nbench ${name} failed:`, error);
    results.push({ bench: name, tables: takeRecorded(), error: error instanceof Error ? error.message : String(error) });
  }
}
const failed = results.filter((result) => result.error !== undefined).map((result) => result.bench);

const summary = {
  date: started.toISOString(),
  machine: { node: process.version, platform: `${process.platform} ${process.arch}`, cpus: cpus().length, cpuModel: cpus()[0]?.model ?? null, memoryGiB: Math.round(totalmem() / 2 ** 30) },
  git: gitCommit(),
  benches: results,
};
if (SMOKE) {
  console.log(`\nsmoke run (BENCH_SMOKE=1): ${results.length - failed.length} of ${results.length} benches ran through at toy sizes; no figures written`);
} else {
  mkdirSync(RESULTS, { recursive: true });
  const text = `${JSON.stringify(summary, null, 2)}\n`;
  const file = join(RESULTS, `${started.toISOString().replace(/:/g, '-')}.json`); // no ':' in a file name (Windows)
  writeFileSync(file, text);
  writeFileSync(join(RESULTS, 'latest.json'), text);
  console.log(`\nfigures written to ${file} (and latest.json)`);
}
if (failed.length > 0) console.error(`failed: ${failed.join(', ')}`);
process.exit(failed.length > 0 ? 1 : 0);
