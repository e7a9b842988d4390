import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { rolldown } from 'rolldown';
import { afterAll, expect, it } from 'vitest';

const sdk = fileURLToPath(new URL('../src/index.ts', import.meta.url));
const directory = mkdtempSync(join(tmpdir(), 'gm-sdk-'));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

/** Bundles a page that imports some of the SDK, as an app's bundler would, and returns the code. */
async function bundle(imports: string[]): Promise<string> {
  const entry = join(directory, `${imports.join('-')}.ts`);
  writeFileSync(
    entry,
    `import { ${imports.join(', ')} } from ${JSON.stringify(sdk)};\nconsole.log(${imports.join(', ')});\n`,
  );
  const build = await rolldown({ input: entry, logLevel: 'silent' });
  const { output } = await build.generate({ format: 'esm', minify: true });
  await build.close();
  return output[0].code;
}

it('leaves out what a page does not import', async () => {
  const onlySupportCheck = await bundle(['isSupported']);
  expect(onlySupportCheck).not.toContain('Unable to save subscription token');
  expect(onlySupportCheck).not.toContain('gm-service-worker.js');
  const saving = await bundle(['register', 'saveSubscriptionToken']);
  expect(saving).toContain('Unable to save subscription token');
  expect(saving.length).toBeGreaterThan(onlySupportCheck.length * 3);
});
