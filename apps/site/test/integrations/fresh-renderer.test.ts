import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { freshRenderer } from '../../src/integrations/fresh-renderer';

const root = mkdtempSync(join(tmpdir(), 'fresh-renderer-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('the renderer’s folder', () => {
  it('is emptied when a build starts, so no chunk of an earlier build stays beside the new ones', async () => {
    const server = join(root, 'dist-server');
    mkdirSync(join(server, 'chunks'), { recursive: true });
    writeFileSync(join(server, 'chunks', 'old_Ab12.mjs'), 'export {};');
    const { hooks } = freshRenderer();
    // Astro hands the hooks its resolved config; only `build.server` is read.
    await hooks['astro:config:done']?.({ config: { build: { server: pathToFileURL(`${server}/`) } } } as never);
    expect(existsSync(join(server, 'chunks', 'old_Ab12.mjs'))).toBe(true);
    await hooks['astro:build:start']?.({} as never);
    expect(existsSync(server)).toBe(false);
    expect(existsSync(root)).toBe(true);
  });
});
