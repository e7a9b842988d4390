import { createHash } from 'node:crypto';
import { readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { catalogues } from '@growmail/contracts/catalogues';
import type { AstroIntegration } from 'astro';
import subsetFont from 'subset-font';

/** The brand font as @fontsource ships it (layouts/Document.astro imports it): 27 KB, 200–800. */
const brandFontFile = /^plus-jakarta-sans-latin-wght-normal\.[\w-]+\.woff2$/;

/** The weights the site's classes use: font-normal (400) to font-extrabold (800). */
const weights = { min: 400, max: 800 };

/** Files whose text the font may draw, and files that may name the font's URL. */
const textFile = /\.(html|js|txt|xml)$/;

/**
 * French as Intl and the catalogues write it (D37), whether or not a built page shows it yet:
 * every accented letter of French, the guillemets, the curly apostrophe, the no-break space that
 * Intl puts before `%` and a currency, and the narrow no-break space (U+202F) of its digit groups,
 * which the copy also puts before `?`, `!`, `:`, `;` and `%`. The face has no glyph for U+202F
 * (docs/decisions.md, D37), so the browser draws that one from a system font.
 */
const frenchCharacters = 'àâäçéèêëîïôöùûüÿœæÀÂÄÇÉÈÊËÎÏÔÖÙÛÜŸŒÆ«»’‘“”…–—\u00a0\u202f';

/** Every text of every language's message catalogue, which pages rendered on demand may show (D35, D37). */
const catalogueText = (value: unknown): string =>
  typeof value === 'string'
    ? value
    : value && typeof value === 'object'
      ? Object.values(value).map(catalogueText).join('')
      : '';

/** The renderer's files, which name the font's URL for the pages rendered on demand (D35). */
const rendererFile = /\.mjs$/;

/**
 * Cuts the brand font down to the characters the built site shows and the weights it uses
 * (issue 21: at most 15 KB of font before first render), after the build, from what the pages
 * and islands really contain: printable ASCII always, plus every other character in a built page
 * or script (₦, ₵, curly quotes, dashes). A character outside the subset is drawn by the
 * fallback face, as any character the font lacks already was. The subset gets a name from its own
 * content, so a cached font is never stale, and every file that named the full font is rewritten,
 * the renderer of the on-demand pages included: those pages render the same components, so their
 * characters are the built pages', and the message catalogues' and French's own characters are
 * added so that a problem or an outcome written on demand is drawn by the brand face too (a
 * visitor's own text is drawn by the fallback where it must).
 */
export const brandFontSubset = (): AstroIntegration => {
  let rendererDir: string | undefined;
  return {
    name: 'growmail:brand-font-subset',
    hooks: {
      'astro:config:done': ({ config }) => {
        rendererDir = fileURLToPath(config.build.server);
      },
      'astro:build:done': async ({ dir, logger }) => {
        const root = fileURLToPath(dir);
        const entries = await readdir(root, { recursive: true, withFileTypes: true });
        const font = entries.find((entry) => entry.isFile() && brandFontFile.test(entry.name));
        if (!font) throw new Error('The brand font is missing from the build (src/layouts/Document.astro imports it)');
        const fontPath = join(font.parentPath, font.name);

        const texts = new Map<string, string>();
        for (const entry of entries)
          if (entry.isFile() && textFile.test(entry.name)) {
            const path = join(entry.parentPath, entry.name);
            texts.set(path, await readFile(path, 'utf8'));
          }
        const characters = new Set<string>();
        for (let code = 0x20; code < 0x7f; code += 1) characters.add(String.fromCharCode(code));
        for (const text of texts.values()) for (const character of text) if (character > '~') characters.add(character);
        for (const character of frenchCharacters + catalogueText(catalogues))
          if (character > '~') characters.add(character);

        const full = await readFile(fontPath);
        const subset = await subsetFont(full, [...characters].join(''), {
          targetFormat: 'woff2',
          variationAxes: { wght: weights },
        });
        const hash = createHash('sha256').update(subset).digest('base64url').slice(0, 8);
        const name = `brand-font.${hash}.woff2`;
        await writeFile(join(dirname(fontPath), name), subset);
        await rm(fontPath);
        for (const [path, text] of texts)
          if (text.includes(font.name)) await writeFile(path, text.replaceAll(font.name, name));
        const renderer = rendererDir ? await readdir(rendererDir, { recursive: true, withFileTypes: true }) : [];
        for (const entry of renderer)
          if (entry.isFile() && rendererFile.test(entry.name)) {
            const path = join(entry.parentPath, entry.name);
            const text = await readFile(path, 'utf8');
            if (text.includes(font.name)) await writeFile(path, text.replaceAll(font.name, name));
          }
        logger.info(
          `${basename(fontPath)} (${full.length} B) → ${name} (${subset.length} B, ${characters.size} characters)`,
        );
      },
    },
  };
};
