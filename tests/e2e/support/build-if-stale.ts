// Runs `vite build` when dist/ is missing or older than the client sources, so `npx playwright test` alone
// tests the current code (`npm test` builds anyway). Runs before the server starts: it serves only a dist/
// that existed at start-up.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const INPUTS = ['index.html', 'vite.config.ts', 'package-lock.json', 'src', 'public'];
const OUTPUT = join('dist', 'index.html');

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...readdirSync(path).map((name) => newestMtime(join(path, name))));
}

const builtAt = existsSync(OUTPUT) ? statSync(OUTPUT).mtimeMs : 0;
if (Math.max(...INPUTS.map(newestMtime)) > builtAt) {
  console.log('e2e: dist/ is stale; building the PWA');
  execFileSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
}
