import { readdir, readFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';

/**
 * Every file of a build folder by its path in the site (`/index.html`, `/_astro/…`), as a
 * version stores them (D45): what the publisher stores, and what a server reads of the release's
 * own build when an undo leaves no version current.
 */
export async function buildFiles(dist: string): Promise<Map<string, Buffer>> {
  const files = new Map<string, Buffer>();
  for (const entry of await readdir(dist, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const absolute = join(entry.parentPath, entry.name);
    files.set(`/${relative(dist, absolute).split(sep).join('/')}`, await readFile(absolute));
  }
  return files;
}
