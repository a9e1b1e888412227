// `npm test`: everything, in stages that fail fastest first: the types, the lint, the protocol doc and the build; the
// unit and integration suites, with every bench at a toy size beside them; the browser tests against the built PWA on
// the real server; the field stories in three engines. The integration suite runs on the embedded database and, when
// a PostgreSQL answers (DATABASE_URL, or the local one on 127.0.0.1:5432), on it too: that pass runs beside the
// browser tests, one file at a time (on a slow 2-core machine the browser tests keep both cores busy, so that pass
// stays small). It installs nothing: when Debian's Chromium is missing it says how to get it and fails (certutil, from
// libnss3-tools, likewise). It ends with one line counting every test.
import { spawn, spawnSync } from 'node:child_process';
import { createWriteStream, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const CHROMIUM = '/usr/bin/chromium';
const reports = mkdtempSync(join(tmpdir(), 'lotdesk-test-reports-'));
const vitestJson = (name) => ['--reporter=default', '--reporter=json', `--outputFile.json=${join(reports, `${name}.json`)}`];

const LOCAL_POSTGRES = 'postgres://postgres@127.0.0.1:5432/test';

/** True when something listens on 127.0.0.1:5432 within two seconds. */
function localPostgresAnswers() {
  return new Promise((resolve) => {
    const socket = connect(5432, '127.0.0.1');
    const done = (answer) => {
      socket.destroy();
      resolve(answer);
    };
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
    socket.setTimeout(2000, () => done(false));
  });
}

// Integration files whose subject is not the database: the STOMP transport, HTTP headers and the per-process rate
// limit, image files and URL fetches, TLS and device setup, Ctrl+C and the embedded database's own folder, the commands' plumbing (first
// start, usage texts; what they do to the data runs on PostgreSQL in seed, users-cli and database). The PostgreSQL
// pass leaves them out: run again there they would test nothing new, and their CPU slows the browser tests beside it.
const DATABASE_INDEPENDENT = [
  'clean-stop', 'cli', 'stomp-*', 'hostile-frames', 'http-rate-limit', 'security-headers', 'precompressed-assets', 'url-fetch*', 'image-files',
  'tls*', 'setup-page', 'devices',
].map((name) => `tests/integration/${name}.test.ts`);

const postgresUrl = process.env.DATABASE_URL || ((await localPostgresAnswers()) ? LOCAL_POSTGRES : undefined);
const { DATABASE_URL: _ignored, ...withoutDatabaseUrl } = process.env;

/** A check: its name, the command and its arguments, and more environment. */
const step = (name, command, args, env = {}) => ({ name, command, args, env });

// Stages run one after another; a stage's lanes run at the same time, each lane's steps in turn. The types, the lint
// and the build each keep one core; the bench smoke waits on its servers and browsers beside the vitest suites; the
// PostgreSQL pass is small beside the browser tests, which keep both cores busy. The field stories run alone, last:
// beside anything else WebKitGTK's service worker now and then never finished installing (docs/testing.md).
const stages = [
  [
    [step('types (app)', 'npx', ['tsc', '--noEmit', '-p', 'tsconfig.json']), step('protocol doc', 'npx', ['tsx', 'scripts/protocol-doc.ts', '--check'])],
    [step('types (server), lint', 'sh', ['-c', 'npx tsc --noEmit -p tsconfig.node.json && npx eslint . --max-warnings 0'])],
    [step('build', 'npx', ['vite', 'build', '--logLevel', 'warn']), step('first-load budget', 'node', ['scripts/bundle-budget.mjs', '--strict'])],
  ],
  [
    [step('unit', 'npx', ['vitest', 'run', '--project', 'unit', ...vitestJson('unit')]), step('integration (PGlite)', 'npx', ['vitest', 'run', '--project', 'integration', ...vitestJson('integration')])],
    // Every bench end to end at toy sizes (bench/size.ts): a bench that no longer runs fails here, not on the day its
    // figures are wanted.
    [step('bench (smoke)', 'npx', ['tsx', 'bench/run.ts'], { BENCH_SMOKE: '1' })],
  ],
  [
    [step('e2e', 'npx', ['playwright', 'test', '--reporter=list,json'], { PLAYWRIGHT_JSON_OUTPUT_NAME: join(reports, 'e2e.json') })],
    postgresUrl === undefined
      ? 'No PostgreSQL reachable (DATABASE_URL unset, nothing on 127.0.0.1:5432): the PostgreSQL integration run is skipped.'
      : [step('integration (PostgreSQL)', 'npx', ['vitest', 'run', '--project', 'integration', '--maxWorkers=1', ...DATABASE_INDEPENDENT.map((glob) => `--exclude=${glob}`), ...vitestJson('integration-pg')], { DATABASE_URL: postgresUrl })],
  ],
  // The field stories in Chromium, WebKit and Firefox (tests/engines), one browser at a time: an engine whose package
  // is missing is skipped with a line saying how to get it.
  [[step('engines', 'npx', ['vitest', 'run', '--project', 'engines', ...vitestJson('engines')])]],
];

if (!existsSync(CHROMIUM)) {
  console.error(`The browser tests need Debian's Chromium at ${CHROMIUM}. Install it with:\n\n  sudo apt-get update && sudo apt-get install -y chromium\n\n(LotDesk never downloads a browser of its own.)`);
  process.exit(1);
}
// The HTTPS browser test trusts the server's CA as a device does: in the browser's NSS database, with certutil.
if (spawnSync('certutil', ['-H'], { stdio: 'ignore' }).error !== undefined) {
  console.error(`The browser tests need certutil (Debian's libnss3-tools). Install it with:\n\n  sudo apt-get update && sudo apt-get install -y libnss3-tools`);
  process.exit(1);
}

/** passed/failed/skipped from a vitest or Playwright JSON report, when the step wrote one. */
function counts(name) {
  const file = join(reports, `${name}.json`);
  if (!existsSync(file)) return { passed: 0, failed: 0, skipped: 0 };
  const report = JSON.parse(readFileSync(file, 'utf8'));
  if (report.stats) return { passed: report.stats.expected, failed: report.stats.unexpected + report.stats.flaky, skipped: report.stats.skipped };
  return { passed: report.numPassedTests, failed: report.numFailedTests, skipped: report.numPendingTests + report.numTodoTests };
}

function summary() {
  const total = ['unit', 'integration', 'integration-pg', 'e2e', 'engines'].map(counts).reduce((a, b) => ({ passed: a.passed + b.passed, failed: a.failed + b.failed, skipped: a.skipped + b.skipped }));
  rmSync(reports, { recursive: true, force: true });
  return `${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`;
}

/** Runs a command to its end; its output goes to the terminal, or into `logFile` (printed by the caller). */
function run(command, args, env, logFile) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: logFile === undefined ? 'inherit' : ['ignore', 'pipe', 'pipe'], env: { ...withoutDatabaseUrl, ...env } });
    if (logFile !== undefined) {
      const log = createWriteStream(logFile);
      child.stdout.pipe(log);
      child.stderr.pipe(log);
    }
    child.once('close', (code) => resolve(code ?? 1));
  });
}

function failed(name, status) {
  console.error(`\n✗ ${name} failed`);
  console.log(`tests: ${summary()}`);
  process.exit(status || 1);
}

/** Runs a lane's steps in turn, until one fails; returns the failed step's name and status, or undefined. */
async function runLane(lane, laneIndex, stageIndex) {
  for (const { name, command, args, env } of lane) {
    // The first lane prints as it goes; the others into a log printed when the stage ends.
    const logFile = laneIndex === 0 ? undefined : join(reports, `stage-${stageIndex}-${name.replace(/\W+/g, '-')}.log`);
    if (logFile === undefined) console.log(`\n── ${name} ──`);
    const started = Date.now();
    const status = await run(command, args, env, logFile);
    const took = `── ${name}: ${((Date.now() - started) / 1000).toFixed(0)} s ──`;
    if (logFile === undefined) console.log(took);
    else laneLogs.push(`\n── ${name} (beside ${stages[stageIndex]?.[0]?.[0]?.name}) ──\n${readFileSync(logFile, 'utf8')}\n${took}`);
    if (status !== 0) return { name, status };
  }
  return undefined;
}

/** The logs of the lanes that ran beside the first, printed after their stage. */
let laneLogs = [];

for (const [index, lanes] of stages.entries()) {
  laneLogs = [];
  const outcomes = await Promise.all(lanes.map((lane, laneIndex) => (typeof lane === 'string' ? (console.log(lane), undefined) : runLane(lane, laneIndex, index))));
  for (const log of laneLogs) console.log(log);
  const failure = outcomes.find((outcome) => outcome !== undefined);
  if (failure !== undefined) failed(failure.name, failure.status);
}
console.log(`\n✓ all checks passed\ntests: ${summary()}`);
