// Types for scripts/bundle-budget.mjs (plain Node, run without a compiler), for the tests that import it.
export declare const BUDGET_BYTES: number;
export declare const GZIP_LEVEL: number;
export interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}
export declare function loginRouteFiles(manifest: Record<string, ManifestChunk>): string[];
export declare function budgetReport(
  sizes: { file: string; gzipBytes: number }[],
  budgetBytes: number,
): { totalBytes: number; withinBudget: boolean; lines: string[] };
