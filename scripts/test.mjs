// `npm test`: everything, in the order that fails fastest: types, lint, the protocol doc, unit, integration,
// then the browser tests against the built PWA on the real server, then every bench once at a toy size. The
// integration suite runs on the embedded database and, when a PostgreSQL answers (DATABASE_URL, or the local one on
// 127.0.0.1:5432), on it too: that pass runs beside the browser tests, one file at a time (two vitest workers beside
// the embedded pass left the CPU oversubscribed; on a slow 2-core machine the browser tests alone keep both cores
// busy, so that pass stays small). It installs nothing: when Debian's Chromium is missing it says how to get it and
// fails (certutil, from libnss3-tools, likewise). It ends with one line counting every test.
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

const steps = [
  // tsc and eslint each use one core: the app's types on one, the server's types and then the lint on the other.
  [
    'types (app)', 'npx', ['tsc', '--noEmit', '-p', 'tsconfig.json'], {},
    { name: 'types (server), lint', command: 'sh', args: ['-c', 'npx tsc --noEmit -p tsconfig.node.json && npx eslint . --max-warnings 0'] },
  ],
  ['protocol doc', 'npx', ['tsx', 'scripts/protocol-doc.ts', '--check']],
  ['unit', 'npx', ['vitest', 'run', '--project', 'unit', ...vitestJson('unit')]],
  ['integration (PGlite)', 'npx', ['vitest', 'run', '--project', 'integration', ...vitestJson('integration')]],
  ['build', 'npx', ['vite', 'build', '--logLevel', 'warn']],
  ['first-load budget', 'node', ['scripts/bundle-budget.mjs', '--strict']],
  [
    'e2e', 'npx', ['playwright', 'test', '--reporter=list,json'], { PLAYWRIGHT_JSON_OUTPUT_NAME: join(reports, 'e2e.json') },
    postgresUrl === undefined
      ? { skipped: 'No PostgreSQL reachable (DATABASE_URL unset, nothing on 127.0.0.1:5432): the PostgreSQL integration run is skipped.' }
      : {
          name: 'integration (PostgreSQL)',
          args: ['vitest', 'run', '--project', 'integration', '--maxWorkers=1', ...DATABASE_INDEPENDENT.map((glob) => `--exclude=${glob}`), ...vitestJson('integration-pg')],
          env: { DATABASE_URL: postgresUrl },
        },
  ],
  // The field stories in Chromium, WebKit and Firefox (tests/engines): an engine whose package is missing is skipped
  // with a line saying how to get it.
  ['engines', 'npx', ['vitest', 'run', '--project', 'engines', ...vitestJson('engines')]],
  // Every bench end to end at toy sizes (bench/size.ts): a bench that no longer runs fails here, not on the day its
  // figures are wanted. Its figures mean nothing and are not written.
  ['bench (smoke)', 'npx', ['tsx', 'bench/run.ts'], { BENCH_SMOKE: '1' }],
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

for (const [name, command, args, env = {}, beside] of steps) {
  console.log(`\n── ${name} ──`);
  const started = Date.now();
  // A step's companion (the PostgreSQL pass) runs at the same time; its log follows the step's.
  const besideLog = beside?.args === undefined ? undefined : join(reports, `${beside.name}.log`);
  const [status, besideStatus] = await Promise.all([
    run(command, args, env),
    besideLog === undefined ? Promise.resolve(0) : run(beside.command ?? command, beside.args, beside.env, besideLog),
  ]);
  // Each step's time, so the slowest part of a CI run that nears its limit is plain from the log.
  console.log(`── ${name}: ${((Date.now() - started) / 1000).toFixed(0)} s ──`);
  if (beside?.skipped !== undefined) console.log(beside.skipped);
  if (besideLog !== undefined) {
    console.log(`\n── ${beside.name} (ran at the same time) ──`);
    console.log(readFileSync(besideLog, 'utf8'));
  }
  if (status !== 0) failed(name, status);
  if (besideStatus !== 0) failed(beside.name, besideStatus);
}
console.log(`\n✓ all checks passed\ntests: ${summary()}`);
