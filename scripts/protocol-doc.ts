// Writes docs/protocol.md from the wire contract; `--check` exits 1 when the committed file is stale.
// Usage: npx tsx scripts/protocol-doc.ts [--check]
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { servedDestinations } from '../server/domains';
import { renderProtocolDoc } from './lib/protocol-doc';

const target = fileURLToPath(new URL('../docs/protocol.md', import.meta.url));
const expected = renderProtocolDoc(servedDestinations);

if (process.argv.includes('--check')) {
  let actual = '';
  try {
    actual = readFileSync(target, 'utf8');
  } catch {
    // a missing file is stale too
  }
  if (actual !== expected) {
    console.error('docs/protocol.md is out of date: run `npx tsx scripts/protocol-doc.ts` and commit the result.');
    process.exit(1);
  }
  console.log('docs/protocol.md is up to date.');
} else {
  writeFileSync(target, expected);
  console.log(`Wrote docs/protocol.md (${expected.length} characters).`);
}
