// A stand-in for the built PWA (dist/): an index.html, a hashed asset and a service worker, in a folder of its own
// that the test server serves as STATIC_DIR. The HTTP suites test serving, not the app.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const ASSET_PATH = '/assets/index-Bx12abCD.js';

/** The folder; the caller removes it. */
export function makeStaticApp(): string {
  const dir = mkdtempSync(join(tmpdir(), 'lotdesk-static-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>LotDesk</title><div id="root"></div>');
  writeFileSync(join(dir, ASSET_PATH), 'console.log("app")');
  writeFileSync(join(dir, 'sw.js'), 'self.addEventListener("fetch", () => {})');
  return dir;
}
