import { readFile, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';

/** What Astro writes before a page's first island; src/styles/site.css holds the same rule. */
const islandStyle = '<style>astro-island,astro-slot,astro-static-slot{display:contents}</style>';

/**
 * Astro puts its island style inside <body>, where a <style> element is invalid HTML. The
 * stylesheet already carries the rule, so the inline copy is dropped from every built page.
 */
export const islandStylesInStylesheet = (): AstroIntegration => ({
  name: 'growmail:island-styles',
  hooks: {
    'astro:build:done': async ({ dir }) => {
      const root = fileURLToPath(dir);
      for (const entry of await readdir(root, { recursive: true, withFileTypes: true })) {
        if (!entry.isFile() || !entry.name.endsWith('.html')) continue;
        const path = join(entry.parentPath, entry.name);
        const html = await readFile(path, 'utf8');
        if (html.includes(islandStyle)) await writeFile(path, html.replace(islandStyle, ''));
      }
    },
  },
});
