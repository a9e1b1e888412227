// `npm test`: everything, in the order that fails fastest: types, lint, the protocol doc, unit, integration,
// then the browser tests against the built PWA on the real server. It installs nothing: when Debian's
// Chromium is missing it says how to get it and fails.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const CHROMIUM = '/usr/bin/chromium';

const steps = [
  ['types (app)', 'npx', ['tsc', '--noEmit', '-p', 'tsconfig.json']],
  ['types (server)', 'npx', ['tsc', '--noEmit', '-p', 'tsconfig.node.json']],
  ['lint', 'npx', ['eslint', '.', '--max-warnings', '0']],
  ['protocol doc', 'npx', ['tsx', 'scripts/protocol-doc.ts', '--check']],
  ['unit', 'npx', ['vitest', 'run', '--project', 'unit']],
  ['integration', 'npx', ['vitest', 'run', '--project', 'integration']],
  ['build', 'npx', ['vite', 'build', '--logLevel', 'warn']],
  ['e2e', 'npx', ['playwright', 'test']],
];

if (!existsSync(CHROMIUM)) {
  console.error(`The browser tests need Debian's Chromium at ${CHROMIUM}. Install it with:\n\n  sudo apt-get update && sudo apt-get install -y chromium\n\n(LotDesk never downloads a browser of its own.)`);
  process.exit(1);
}

for (const [name, command, args] of steps) {
  console.log(`\n── ${name} ──`);
  const run = spawnSync(command, args, { stdio: 'inherit' });
  if (run.status !== 0) {
    console.error(`\n✗ ${name} failed`);
    process.exit(run.status ?? 1);
  }
}
console.log('\n✓ all tests passed');
