// Issue 32: the spec and the design live in the repository (docs/spec.md, docs/design.md), and every "spec §N" and
// "DESIGN §N" a comment in src/, server/, scripts/ or bench/ cites names a section they have. A bare "§N" after such a
// citation ("spec §2 Inventory, §5, §7") cites the same document.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(__dirname, '..', '..', '..');
const SOURCES = ['src', 'server', 'scripts', 'bench'];

type Doc = 'spec' | 'design';

/** The numbered top-level sections of a document ('## 4. Sync: …' → 4). */
function sectionsOf(file: string): Set<number> {
  const headings = readFileSync(join(ROOT, 'docs', file), 'utf8').matchAll(/^## (\d+)\./gm);
  return new Set([...headings].map((match) => Number(match[1])));
}

const SECTIONS: Readonly<Record<Doc, Set<number>>> = { spec: sectionsOf('spec.md'), design: sectionsOf('design.md') };

function sourceFiles(folder: string): string[] {
  return readdirSync(join(ROOT, folder), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.(ts|tsx|mjs|js|css)$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));
}

type Cited = Doc | 'other';

/**
 * Every citation of a file as 'path:line', the document and the section: a § cites the document named last before it
 * ("spec", "the spec's", "DESIGN"; an RFC's sections are not ours to check).
 */
export function citationsOf(text: string, path: string): Array<{ where: string; doc: Cited | undefined; section: number }> {
  const found: Array<{ where: string; doc: Cited | undefined; section: number }> = [];
  let doc: Cited | undefined;
  for (const [index, line] of text.split('\n').entries()) {
    for (const match of line.matchAll(/\b(spec|Spec|DESIGN|design|RFC \d+)\b|§(\d+)/g)) {
      const [, name, section] = match;
      if (name !== undefined) doc = name.startsWith('RFC') ? 'other' : name.toLowerCase() === 'spec' ? 'spec' : 'design';
      else found.push({ where: `${path}:${index + 1}`, doc, section: Number(section) });
    }
  }
  return found;
}

describe('citations of the spec and the design', () => {
  it('docs/spec.md and docs/design.md have their numbered sections', () => {
    expect([...SECTIONS.spec].sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(SECTIONS.design.size).toBeGreaterThanOrEqual(7);
  });

  it('reads a bare § as the document cited before it', () => {
    expect(citationsOf("// spec §2 Inventory, §5\n// and §7; DESIGN §4; the spec's default (§8); RFC 6455 §7", 'x').map(({ doc, section }) => `${doc} ${section}`))
      .toEqual(['spec 2', 'spec 5', 'spec 7', 'design 4', 'spec 8', 'other 7']);
  });

  it('every citation in the code names a section the document has', () => {
    const dangling = SOURCES.flatMap(sourceFiles).flatMap((file) =>
      citationsOf(readFileSync(file, 'utf8'), relative(ROOT, file))
        .filter(({ doc, section }) => doc !== 'other' && (doc === undefined || !SECTIONS[doc].has(section)))
        .map(({ where, doc, section }) => `${where} ${doc ?? '(no document named)'} §${section}`));
    expect(dangling).toEqual([]);
  });
});
