import { brotliCompressSync, constants } from 'node:zlib';

const KB = 1024;

/**
 * Brotli bytes of each document's markup (issue 41): in simulated throttling a page paints only
 * once its whole document has arrived, and a slow link carries about 14 KB a round trip. Home
 * carries one testimonial and fetches the others (D4); the figures are in docs/performance.md.
 * The first touch's script (issue 40) adds about 200 bytes to every counted page, after its first
 * screen, and the script that asks for the stylesheet, the manifest and the brand face after the
 * first paint (components/after-first-paint.tsx) about 300 to every page, most of it there too.
 * The scripts that answer a first tap before the islands' (issue 57) add 0.8 KB to home and 0.5 KB
 * to the pricing pages (docs/decisions.md, "The first tap on a budget phone").
 * A product page may carry a picture an editor uploads (D45), below its first screen: 0.2 KB of
 * markup in English and 0.3 KB in French, mostly its widths' hashed file names, so product pages
 * have 0.3 KB more (Lighthouse 100 measured with one, docs/decisions.md).
 * tests/e2e/byte-budget.test.ts holds every page to it, and the publisher every published build (D45).
 */
export const documentBudget = (route: string) =>
  route === '/'
    ? 16 * KB
    : route === '/fr'
      ? 18.2 * KB
      : /^(\/fr)?\/pricing$/.test(route)
        ? 13.2 * KB
        : /^(\/fr)?\/products\//.test(route)
          ? 12.8 * KB
          : 12.5 * KB;

/**
 * A document's size as the budget counts it: its markup in brotli at the build's quality, without
 * its inline <style> elements, so that the CSS a page inlines for its first screen is held by its
 * own test and this holds the markup alone.
 */
export function documentBytes(html: string): number {
  const markup = html.replace(/<style[^>]*>[\s\S]*?<\/style>/g, '');
  return brotliCompressSync(markup, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
}
