// Temporary folders for one test file: each test asks for fresh ones, and they are removed after it.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach } from 'vitest';

/** Registers the clean-up; returns a function making a new empty folder named after `prefix`. */
export function tempFolders(prefix: string): () => string {
  const folders: string[] = [];
  afterEach(() => folders.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));
  return () => {
    const dir = mkdtempSync(join(tmpdir(), prefix));
    folders.push(dir);
    return dir;
  };
}
