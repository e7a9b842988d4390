import { readFile, readdir, writeFile } from 'node:fs/promises';
import { join, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import Beasties from 'beasties';
import { FirstPaint } from '../lib/first-paint-css';

/**
 * Inlines in every built page the CSS its elements need, and moves the site's stylesheet to the
 * end of <body> (lib/first-paint-css.ts; issue 41, D43), after the build and before the pages
 * are precompressed (scripts/precompress.ts). The pages rendered on demand get the same
 * transform from the server, which renders them (apps/server/src/site/site-files.ts).
 */
export const firstPaintCss = (): AstroIntegration => ({
  name: 'growmail:first-paint-css',
  hooks: {
    'astro:build:done': async ({ dir, logger }) => {
      const root = resolve(fileURLToPath(dir));
      const stylesheets = new Map<string, Promise<string | undefined>>();
      const firstPaint = new FirstPaint(
        (href) => {
          const path = resolve(root, `.${href}`);
          if (!path.startsWith(root + sep)) return undefined;
          let sheet = stylesheets.get(path);
          if (!sheet) stylesheets.set(path, (sheet = readFile(path, 'utf8')));
          return sheet;
        },
        async () => ({ default: Beasties }),
      );
      const pages = (await readdir(root, { recursive: true, withFileTypes: true })).filter(
        (entry) => entry.isFile() && entry.name.endsWith('.html'),
      );
      let before = 0;
      let after = 0;
      for (const entry of pages) {
        const path = join(entry.parentPath, entry.name);
        const html = await readFile(path, 'utf8');
        const inlined = await firstPaint.inline(html);
        before += html.length;
        after += inlined.length;
        if (inlined !== html) await writeFile(path, inlined);
      }
      logger.info(
        `Inlined the first paint's CSS in ${pages.length} pages: ${Math.round(before / 1024)} KB → ${Math.round(after / 1024)} KB of HTML`,
      );
    },
  },
});
