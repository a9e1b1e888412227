// `npm test`: everything, in the order that fails fastest: types, lint, the protocol doc, unit, integration,
// then the browser tests against the built PWA on the real server. The integration suite runs on the embedded
// database and, when a PostgreSQL answers (DATABASE_URL, or the local one on 127.0.0.1:5432), on it too: that pass
// runs beside the browser tests at a lower CPU priority (nice 10), one file at a time, on the cycles they leave idle
// while pages and servers wait (beside the embedded pass at equal priority the CPU was oversubscribed and a run took
// over 20 minutes); its result is awaited, and its log printed, at the end. It
// installs nothing: when Debian's Chromium is missing it says how to get it and fails. It ends with one line
// counting every test.
import { spawn } from 'node:child_process';
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

const postgresUrl = process.env.DATABASE_URL || ((await localPostgresAnswers()) ? LOCAL_POSTGRES : undefined);
const { DATABASE_URL: _ignored, ...withoutDatabaseUrl } = process.env;

const steps = [
  ['types (app)', 'npx', ['tsc', '--noEmit', '-p', 'tsconfig.json']],
  ['types (server)', 'npx', ['tsc', '--noEmit', '-p', 'tsconfig.node.json']],
  ['lint', 'npx', ['eslint', '.', '--max-warnings', '0']],
  ['protocol doc', 'npx', ['tsx', 'scripts/protocol-doc.ts', '--check']],
  ['unit', 'npx', ['vitest', 'run', '--project', 'unit', ...vitestJson('unit')]],
  ['integration (PGlite)', 'npx', ['vitest', 'run', '--project', 'integration', ...vitestJson('integration')]],
  ['build', 'npx', ['vite', 'build', '--logLevel', 'warn']],
  ['first-load budget', 'node', ['scripts/bundle-budget.mjs', '--strict']],
  ['e2e', 'npx', ['playwright', 'test', '--reporter=list,json'], { PLAYWRIGHT_JSON_OUTPUT_NAME: join(reports, 'e2e.json') }],
];

/** The PostgreSQL pass: started with the browser tests, niced, awaited after them. */
const POSTGRES_PASS = 'integration (PostgreSQL)';
const postgresPass = {
  beforeStep: 'e2e',
  args: ['-n', '10', 'npx', 'vitest', 'run', '--project', 'integration', '--maxWorkers=1', ...vitestJson('integration-pg')],
  log: join(reports, 'integration-pg.log'),
};

if (!existsSync(CHROMIUM)) {
  console.error(`The browser tests need Debian's Chromium at ${CHROMIUM}. Install it with:\n\n  sudo apt-get update && sudo apt-get install -y chromium\n\n(LotDesk never downloads a browser of its own.)`);
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
  const total = ['unit', 'integration', 'integration-pg', 'e2e'].map(counts).reduce((a, b) => ({ passed: a.passed + b.passed, failed: a.failed + b.failed, skipped: a.skipped + b.skipped }));
  rmSync(reports, { recursive: true, force: true });
  return `${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`;
}

/** Starts a command; its output goes to the terminal, or into `logFile` (printed by the caller). Its exit status. */
function start(command, args, env, logFile) {
  const child = spawn(command, args, { stdio: logFile === undefined ? 'inherit' : ['ignore', 'pipe', 'pipe'], env: { ...withoutDatabaseUrl, ...env } });
  if (logFile !== undefined) {
    const log = createWriteStream(logFile);
    child.stdout.pipe(log);
    child.stderr.pipe(log);
  }
  return { child, status: new Promise((resolve) => child.once('close', (code) => resolve(code ?? 1))) };
}

/** As start, in a process group of its own, so a failure elsewhere can stop it and everything it started. */
function startDetached(command, args, env, logFile) {
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], detached: true, env: { ...withoutDatabaseUrl, ...env } });
  const log = createWriteStream(logFile);
  child.stdout.pipe(log);
  child.stderr.pipe(log);
  return { child, status: new Promise((resolve) => child.once('close', (code) => resolve(code ?? 1))) };
}

/** The PostgreSQL pass while it runs: stopped (its process group) when an earlier step fails. */
let background;

function failed(name, status) {
  if (background !== undefined && background.child.exitCode === null) process.kill(-background.child.pid, 'SIGTERM');
  console.error(`\n✗ ${name} failed`);
  console.log(`tests: ${summary()}`);
  process.exit(status || 1);
}

for (const [name, command, args, env = {}] of steps) {
  if (name === postgresPass.beforeStep) {
    if (postgresUrl === undefined) console.log('No PostgreSQL reachable (DATABASE_URL unset, nothing on 127.0.0.1:5432): the PostgreSQL integration run is skipped.');
    else {
      console.log(`\n── ${POSTGRES_PASS}: started, beside the browser tests at a lower CPU priority ──`);
      background = { started: Date.now(), ...startDetached('nice', postgresPass.args, { DATABASE_URL: postgresUrl }, postgresPass.log) };
    }
  }
  console.log(`\n── ${name} ──`);
  const started = Date.now();
  const status = await start(command, args, env).status;
  // Each step's time, so the slowest part of a CI run that nears its limit is plain from the log.
  console.log(`── ${name}: ${((Date.now() - started) / 1000).toFixed(0)} s ──`);
  if (status !== 0) failed(name, status);
}
if (background !== undefined) {
  const status = await background.status;
  console.log(`\n── ${POSTGRES_PASS} (began with the browser tests; done ${((Date.now() - background.started) / 1000).toFixed(0)} s after) ──`);
  console.log(readFileSync(postgresPass.log, 'utf8'));
  if (status !== 0) failed(POSTGRES_PASS, status);
}
console.log(`\n✓ all checks passed\ntests: ${summary()}`);
