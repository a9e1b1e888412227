// `npm test`: everything, in the order that fails fastest: types, lint, the protocol doc, unit, integration,
// then the browser tests against the built PWA on the real server. It installs nothing: when Debian's
// Chromium is missing it says how to get it and fails. It ends with one line counting every test.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const CHROMIUM = '/usr/bin/chromium';
const reports = mkdtempSync(join(tmpdir(), 'lotdesk-test-reports-'));
const vitestJson = (name) => ['--reporter=default', '--reporter=json', `--outputFile.json=${join(reports, `${name}.json`)}`];

const steps = [
  ['types (app)', 'npx', ['tsc', '--noEmit', '-p', 'tsconfig.json']],
  ['types (server)', 'npx', ['tsc', '--noEmit', '-p', 'tsconfig.node.json']],
  ['lint', 'npx', ['eslint', '.', '--max-warnings', '0']],
  ['protocol doc', 'npx', ['tsx', 'scripts/protocol-doc.ts', '--check']],
  ['unit', 'npx', ['vitest', 'run', '--project', 'unit', ...vitestJson('unit')]],
  ['integration', 'npx', ['vitest', 'run', '--project', 'integration', ...vitestJson('integration')]],
  ['build', 'npx', ['vite', 'build', '--logLevel', 'warn']],
  ['first-load budget', 'node', ['scripts/bundle-budget.mjs', '--strict']],
  ['e2e', 'npx', ['playwright', 'test', '--reporter=list,json'], { PLAYWRIGHT_JSON_OUTPUT_NAME: join(reports, 'e2e.json') }],
];

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
  const total = ['unit', 'integration', 'e2e'].map(counts).reduce((a, b) => ({ passed: a.passed + b.passed, failed: a.failed + b.failed, skipped: a.skipped + b.skipped }));
  rmSync(reports, { recursive: true, force: true });
  return `${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`;
}

for (const [name, command, args, env = {}] of steps) {
  console.log(`\n── ${name} ──`);
  const started = Date.now();
  const run = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  // Each step's time, so the slowest part of a CI run that nears its limit is plain from the log.
  console.log(`── ${name}: ${((Date.now() - started) / 1000).toFixed(0)} s ──`);
  if (run.status !== 0) {
    console.error(`\n✗ ${name} failed`);
    console.log(`tests: ${summary()}`);
    process.exit(run.status ?? 1);
  }
}
console.log(`\n✓ all checks passed\ntests: ${summary()}`);
