// Small helpers every benchmark shares: timing samples and printing a figure next to its ceiling.
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

export function report(title: string, rows: Array<{ name: string; samples: number[] }>, ceiling: string): void {
  const ceilingRow = rows.find((r) => r.name === ceiling);
  const ceilingP50 = ceilingRow ? percentile(ceilingRow.samples, 50) : Number.NaN;
  const ceilingP99 = ceilingRow ? percentile(ceilingRow.samples, 99) : Number.NaN;
  console.log(`\n${title}`);
  console.log(`${'path'.padEnd(36)} ${'p50 ms'.padStart(9)} ${'p99 ms'.padStart(9)} ${'p50 ×'.padStart(7)} ${'p99 ×'.padStart(7)}`);
  for (const { name, samples } of rows) {
    const p50 = percentile(samples, 50);
    const p99 = percentile(samples, 99);
    console.log(
      `${name.padEnd(36)} ${p50.toFixed(3).padStart(9)} ${p99.toFixed(3).padStart(9)} ${(p50 / ceilingP50).toFixed(2).padStart(7)} ${(p99 / ceilingP99).toFixed(2).padStart(7)}`,
    );
  }
}
