import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { useSite } from '@growmail/test-support/site';

const site = useSite({}, { browser: false });

/** The W3C Nu validator's jar from the vnu-jar package, run on the machine's Java (JAVA_PATH overrides). */
const vnuJar = join(
  dirname(createRequire(import.meta.url).resolve('vnu-jar/package.json')),
  'build',
  'dist',
  'vnu.jar',
);

type VnuMessage = { type: string; url: string; message: string; lastLine?: number };

describe('the HTML of every page', () => {
  it('has no errors by the W3C Nu validator, as served with the configuration applied', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'gm-vnu-'));
    try {
      const files: string[] = [];
      // The routes, and a copy per CFA franc as a pricing query gets it (D38).
      const copies = ['/pricing?currency=XOF&period=year', '/?currency=XAF'];
      for (const route of [...site.app.site.routes(), ...copies]) {
        const page = await site.app.inject(route);
        const name = route === '/' ? 'index' : route.slice(1).replaceAll(/[/?&=]/g, '__') || 'index';
        const file = join(dir, `${name}.html`);
        await writeFile(file, page.body);
        files.push(file);
      }
      // vnu exits 1 when it finds errors; the JSON on stderr says which.
      const { stderr } = await promisify(execFile)(
        process.env.JAVA_PATH ?? 'java',
        ['-jar', vnuJar, '--errors-only', '--format', 'json', ...files],
        { maxBuffer: 16 * 1024 * 1024 },
      ).catch((error: { stderr?: string }) => ({ stderr: error.stderr ?? String(error) }));
      const { messages } = JSON.parse(stderr || '{"messages":[]}') as { messages: VnuMessage[] };
      expect(
        messages.map((message) => `${message.url.split('/').pop()}:${message.lastLine ?? '?'} ${message.message}`),
      ).toEqual([]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
