import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const site = join(import.meta.dirname, '..');
const astro = join(site, '..', '..', 'node_modules', '.bin', 'astro');

/**
 * A copy of the site beside it (so its tsconfig and node_modules resolve as the real one's do),
 * on which Astro's own content sync runs: the content collections' loaders and schemas, as in
 * the build, in about two seconds.
 */
function siteCopy() {
  const root = mkdtempSync(join(site, '..', '.content-check-'));
  for (const part of ['astro.config.ts', 'tsconfig.json', 'src', 'public'])
    cpSync(join(site, part), join(root, part), { recursive: true });
  copies.push(root);
  const sync = () =>
    spawnSync(astro, ['sync', '--root', root], {
      encoding: 'utf8',
      env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' },
      timeout: 60_000,
    });
  return { root, sync };
}
const copies: string[] = [];
afterAll(() => {
  for (const root of copies) rmSync(root, { recursive: true, force: true });
});

describe('a bad content edit', () => {
  it('stops Astro’s content sync, naming the file and the field', () => {
    const { root, sync } = siteCopy();
    expect(sync().status, 'the content as it is syncs').toBe(0);
    const product = join(root, 'src', 'content', 'products', 'campaign.yaml');
    writeFileSync(product, readFileSync(product, 'utf8').replace(/^order: \d+$/m, 'order: ten'));
    const run = sync();
    expect(run.status).not.toBe(0);
    const said = `${run.stdout}${run.stderr}`;
    expect(said).toContain('src/content/products/campaign.yaml');
    expect(said).toMatch(/order.*Expected type `"number"`/);
  }, 60_000);

  it('stops it when a changelog entry names an operation the OpenAPI document does not have', () => {
    const { root, sync } = siteCopy();
    const entry = join(root, 'src', 'content', 'changelog', '2026-11-21-api-reference.md');
    writeFileSync(
      entry,
      readFileSync(entry, 'utf8').replace(/^operations: \[.*\]$/m, 'operations: [deleteEverything]'),
    );
    const run = sync();
    expect(run.status).not.toBe(0);
    const said = `${run.stdout}${run.stderr}`;
    expect(said).toContain('src/content/changelog/2026-11-21-api-reference.md');
    expect(said).toMatch(/operations.*must be an operationId of openapi\.yaml: createContact/s);
  }, 60_000);
});
