import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { stripTypeScriptTypes } from 'node:module';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * gm-service-worker.js from src/service-worker.ts: the types stripped and the export dropped (a
 * classic worker script has none). The package ships the result; a unit test keeps it current.
 *   node scripts/build-service-worker.ts [output file, default: the package's gm-service-worker.js]
 */
export function serviceWorkerScript(): string {
  const source = readFileSync(new URL('../src/service-worker.ts', import.meta.url), 'utf8');
  const script = stripTypeScriptTypes(source, { mode: 'strip' })
    .replace(/^export (function)/gm, '$1')
    // Type stripping leaves blanks where the types were, to keep positions; a served file need not.
    .replace(/[ \t]+$/gm, '')
    .replace(/\n{3,}/g, '\n\n');
  return `// Growmail web push service worker, built from @growmail/webpush-sdk src/service-worker.ts.\n${script}`;
}

if (import.meta.main) {
  const output = resolve(process.argv[2] ?? fileURLToPath(new URL('../gm-service-worker.js', import.meta.url)));
  mkdirSync(dirname(output), { recursive: true });
  writeFileSync(output, serviceWorkerScript());
  console.log(`wrote ${output}`);
}
