// Small helpers every benchmark shares: timing samples, printing a figure next to its ceiling, and keeping every
// printed table as data for the JSON summary run.ts writes (bench/results/).
export function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index] ?? Number.NaN;
}

export async function sample(count: number, once: () => Promise<void>): Promise<number[]> {
  const samples: number[] = [];
  for (let i = 0; i < count; i++) {
    const start = performance.now();
    await once();
    samples.push(performance.now() - start);
  }
  return samples;
}

/** One printed row as data: its name and its figures (milliseconds, rates, ratios; a count as a number). */
export type TableRow = { name: string } & Record<string, number | string>;
export interface BenchTable {
  title: string;
  rows: TableRow[];
}

const tables: BenchTable[] = [];

/** Milliseconds and ratios to the microsecond, which is all a run's noise leaves of them. */
const rounded = (value: number | string): number | string => (typeof value === 'number' ? Math.round(value * 1000) / 1000 : value);

/** Keeps a printed table for the JSON summary; NaN (no ceiling) becomes null there. */
export function record(title: string, rows: TableRow[]): void {
  tables.push({ title, rows: rows.map((row) => ({ ...Object.fromEntries(Object.entries(row).map(([key, value]) => [key, rounded(value)])), name: row.name })) });
}

/** The tables recorded since the last call (run.ts takes them after each bench). */
export function takeRecorded(): BenchTable[] {
  return tables.splice(0);
}

export function report(title: string, rows: Array<{ name: string; samples: number[] }>, ceiling: string): void {
  const ceilingRow = rows.find((r) => r.name === ceiling);
  const ceilingP50 = ceilingRow ? percentile(ceilingRow.samples, 50) : Number.NaN;
  const ceilingP99 = ceilingRow ? percentile(ceilingRow.samples, 99) : Number.NaN;
  console.log(`\n${title}`);
  console.log(`${'path'.padEnd(36)} ${'p50 ms'.padStart(9)} ${'p99 ms'.padStart(9)} ${'p50 ×'.padStart(7)} ${'p99 ×'.padStart(7)}`);
  const recorded: TableRow[] = [];
  for (const { name, samples } of rows) {
    const p50 = percentile(samples, 50);
    const p99 = percentile(samples, 99);
    recorded.push({ name, samples: samples.length, p50Ms: p50, p99Ms: p99, p50Ratio: p50 / ceilingP50, p99Ratio: p99 / ceilingP99 });
    console.log(
      `${name.padEnd(36)} ${p50.toFixed(3).padStart(9)} ${p99.toFixed(3).padStart(9)} ${(p50 / ceilingP50).toFixed(2).padStart(7)} ${(p99 / ceilingP99).toFixed(2).padStart(7)}`,
    );
  }
  record(title, recorded);
}
