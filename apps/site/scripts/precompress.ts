import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/**
 * Writes .br and .gz beside each hashed asset of the export. They never change under their
 * name, so the server sends these as they are; pages are compressed at start, after the
 * server has applied the configuration to them.
 */
const dir = join(import.meta.dirname, '..', 'dist', '_astro');
const compressible = /\.(js|css|svg|json|txt|map)$/;

let files = 0;
for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
  if (!entry.isFile() || !compressible.test(entry.name)) continue;
  const path = join(entry.parentPath, entry.name);
  const body = await readFile(path);
  if (body.length < 512) continue;
  await writeFile(`${path}.br`, brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
  await writeFile(`${path}.gz`, gzipSync(body, { level: 9 }));
  files += 1;
}
console.log(`precompressed ${files} assets`);
