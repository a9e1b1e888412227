// The first-load budget (issue 13): what the login route downloads as JavaScript, gzipped, against
// BUDGET_BYTES. Run by `npm run build` after `vite build`, which prints the figure. With --strict an
// over-budget build exits 1 (a gate); without, it only says so. It reads the Vite manifest (build.manifest)
// and measures the built files; it never changes them.
// Usage: node scripts/bundle-budget.mjs [--strict] [outDir]   (outDir defaults to dist)
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';

export const BUDGET_BYTES = 170_000; // issue 13: the login route's JavaScript at most 170 kB gzipped
export const GZIP_LEVEL = 9; // the level vite.config.ts precompresses with, so the figure is what is served
const KB = 1000; // kB as Vite prints them

/**
 * The JavaScript files the login route loads: the entry chunk and, transitively, every chunk it imports
 * statically. Dynamic imports (the other screens, the spreadsheet worker) are fetched later, not counted.
 * The login screen is part of the entry (it is the one route not split off), so nothing else is needed.
 * @param {Record<string, { file: string, isEntry?: boolean, imports?: string[] }>} manifest Vite's .vite/manifest.json
 * @returns {string[]} the files, entry first, each once
 */
export function loginRouteFiles(manifest) {
  const entries = Object.keys(manifest).filter((key) => manifest[key]?.isEntry);
  if (entries.length !== 1) throw new Error(`expected one entry chunk in the manifest, found ${entries.length}`);
  const files = [];
  const seen = new Set();
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`the manifest names an import it does not list: ${key}`);
    if (seen.has(key)) return;
    seen.add(key);
    files.push(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(entries[0]);
  return files;
}

/**
 * The verdict and the lines `npm run build` prints.
 * @param {{ file: string, gzipBytes: number }[]} sizes
 * @param {number} budgetBytes
 * @returns {{ totalBytes: number, withinBudget: boolean, lines: string[] }}
 */
export function budgetReport(sizes, budgetBytes) {
  const totalBytes = sizes.reduce((sum, { gzipBytes }) => sum + gzipBytes, 0);
  const withinBudget = totalBytes <= budgetBytes;
  const kb = (bytes) => `${(bytes / KB).toFixed(1)} kB`;
  const lines = [
    `Login route JavaScript: ${kb(totalBytes)} gzipped, budget ${kb(budgetBytes)}: ${withinBudget ? 'within budget' : 'OVER BUDGET'}`,
    ...sizes.map(({ file, gzipBytes }) => `  ${file.padEnd(48)} ${kb(gzipBytes).padStart(9)}`),
  ];
  return { totalBytes, withinBudget, lines };
}

function main(outDir, strict) {
  const manifest = JSON.parse(readFileSync(join(outDir, '.vite', 'manifest.json'), 'utf8'));
  const sizes = loginRouteFiles(manifest).map((file) => ({
    file,
    gzipBytes: gzipSync(readFileSync(join(outDir, file)), { level: GZIP_LEVEL }).length,
  }));
  const { withinBudget, lines } = budgetReport(sizes, BUDGET_BYTES);
  console.log(lines.join('\n'));
  if (!withinBudget && strict) process.exitCode = 1;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const args = process.argv.slice(2);
  main(args.find((arg) => !arg.startsWith('--')) ?? 'dist', args.includes('--strict'));
}
