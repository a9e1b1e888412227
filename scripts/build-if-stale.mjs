// Builds the PWA when dist/ is missing or older than its sources. Used by `npm start` and the browser tests,
// so both always serve the current code (the server serves only a dist/ that existed at its start).
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const INPUTS = ['index.html', 'vite.config.ts', 'package-lock.json', 'src', 'public'];
// STATIC_DIR (as the server reads it) lets two checkouts or runs build and serve separate folders at once.
const OUT_DIR = process.env.STATIC_DIR ?? 'dist';
const OUTPUT = join(OUT_DIR, 'index.html');

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...readdirSync(path).map((name) => newestMtime(join(path, name))));
}

const builtAt = existsSync(OUTPUT) ? statSync(OUTPUT).mtimeMs : 0;
if (Math.max(...INPUTS.map(newestMtime)) > builtAt) {
  console.log('Building the app (first start or sources changed)…');
  execFileSync('npx', ['vite', 'build', '--logLevel', 'warn', '--outDir', OUT_DIR, '--emptyOutDir'], { stdio: 'inherit' });
}
