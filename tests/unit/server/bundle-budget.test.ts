// The first-load budget (issue 13, scripts/bundle-budget.mjs): the login route's JavaScript is the entry chunk
// and every chunk it imports statically, each counted once; the screens split off by route are not.
import { describe, expect, it } from 'vitest';
import { BUDGET_BYTES, budgetReport, loginRouteFiles, type ManifestChunk } from '../../../scripts/bundle-budget.mjs';

// The shape Vite writes to .vite/manifest.json for this app: the entry, shared chunks, lazy route chunks.
const MANIFEST: Record<string, ManifestChunk> = {
  'index.html': { file: 'assets/index-A1.js', isEntry: true, imports: ['_runtime-B2.js', '_zod-C3.js', '_sync-D4.js'] },
  '_runtime-B2.js': { file: 'assets/runtime-B2.js' },
  '_zod-C3.js': { file: 'assets/zod-C3.js', imports: ['_runtime-B2.js'] },
  '_sync-D4.js': { file: 'assets/sync-D4.js', imports: ['_runtime-B2.js', '_zod-C3.js'] },
  'src/features/lots/LotsScreen.tsx': { file: 'assets/LotsScreen-E5.js', imports: ['_sync-D4.js', '_table-F6.js'] },
  '_table-F6.js': { file: 'assets/table-F6.js', imports: ['_runtime-B2.js'] },
  'src/app/routes/lot-edit.page.tsx': { file: 'assets/lot-edit.page-G7.js', imports: ['_table-F6.js'] },
};

describe('loginRouteFiles', () => {
  it('is the entry and its static imports, transitively, each once, entry first', () => {
    expect(loginRouteFiles(MANIFEST)).toEqual(['assets/index-A1.js', 'assets/runtime-B2.js', 'assets/zod-C3.js', 'assets/sync-D4.js']);
  });

  it('leaves out the chunks only lazy routes load', () => {
    const files = loginRouteFiles(MANIFEST);
    expect(files).not.toContain('assets/LotsScreen-E5.js');
    expect(files).not.toContain('assets/table-F6.js');
    expect(files).not.toContain('assets/lot-edit.page-G7.js');
  });

  it('refuses a manifest without exactly one entry, or with an import it does not list', () => {
    const { 'index.html': _entry, ...noEntry } = MANIFEST;
    expect(() => loginRouteFiles(noEntry)).toThrow(/one entry/);
    expect(() => loginRouteFiles({ ...MANIFEST, 'index.html': { file: 'assets/index-A1.js', isEntry: true, imports: ['_gone.js'] } })).toThrow(/_gone\.js/);
  });
});

describe('budgetReport', () => {
  const sizes = [
    { file: 'assets/index-A1.js', gzipBytes: 100_000 },
    { file: 'assets/zod-C3.js', gzipBytes: 30_000 },
  ];

  it('adds the gzipped sizes and prints the total against the budget, then each file', () => {
    const report = budgetReport(sizes, BUDGET_BYTES);
    expect(report.totalBytes).toBe(130_000);
    expect(report.withinBudget).toBe(true);
    expect(report.lines[0]).toBe('Login route JavaScript: 130.0 kB gzipped, budget 170.0 kB: within budget');
    expect(report.lines.slice(1).map((line) => line.trim().split(/\s+/))).toEqual([
      ['assets/index-A1.js', '100.0', 'kB'],
      ['assets/zod-C3.js', '30.0', 'kB'],
    ]);
  });

  it('counts a total equal to the budget as within, one byte more as over', () => {
    expect(budgetReport(sizes, 130_000).withinBudget).toBe(true);
    const over = budgetReport(sizes, 129_999);
    expect(over.withinBudget).toBe(false);
    expect(over.lines[0]).toContain('OVER BUDGET');
  });

  it('holds the login route to 170 kB gzipped (issue 13)', () => {
    expect(BUDGET_BYTES).toBe(170_000);
  });
});
