import { describe, expect, it } from 'vitest';
import { gotoSettled } from '@growmail/test-support/settle';
import { faceInstalled, fallbackTestFaces, type FallbackTestFace } from '@growmail/test-support/prerequisites';
import { useSite, type Viewport } from '@growmail/test-support/site';

// The browser, not the headless shell: the shell places glyphs otherwise than a phone's Chrome.
const site = useSite({}, { browser: 'full' });

/** The widths the issue names: a phone, and a small laptop. */
const widths: Viewport[] = [
  { name: 'mobile', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 800 },
];

/**
 * The faces a visitor's device draws the text with until the brand face arrives (D43): Android's
 * Roboto and Noto Sans (Debian's fonts-roboto and fonts-noto-core), and Linux's Liberation Sans in
 * Arial's place (fonts-liberation). Each is asked for alone, so the one this machine would pick
 * first does not hide the others.
 */
const faces = Object.keys(fallbackTestFaces) as FallbackTestFace[];

/** Text blocks of the page's first two screens: where each starts and how tall it is. */
type Block = { text: string; top: number; height: number };

async function lineBoxes(width: Viewport, route: string, face: 'brand' | FallbackTestFace) {
  const { page, context } = await site.openPage(width);
  // The web font held back: the page draws with its fallback, as a first visit on a slow link does.
  await page.route('**/*.woff2', (request) => (face === 'brand' ? request.continue() : request.abort()));
  await gotoSettled(page, `${site.url}${route}`);
  const loaded = await page.evaluate(async (face) => {
    if (face === 'brand') {
      // Optional display keeps a font that came after the first paint off this page; measure it
      // under a name of its own, loaded before it is used.
      const url = /url\(([^)]+\.woff2)\)/.exec(document.querySelector('noscript[data-brand-face]')!.textContent!)![1]!;
      const brand = new FontFace('brandMeasured', `url(${url})`, { weight: '400 800' });
      document.fonts.add(await brand.load());
      document.documentElement.style.setProperty('--font-brand', 'brandMeasured');
      return brand.status === 'loaded';
    }
    const family = `"brandFont ${face}"`;
    document.documentElement.style.setProperty('--font-brand', family);
    const [local] = await document.fonts.load(`16px ${family}`);
    return local?.status === 'loaded';
  }, face);
  const blocks = await page.evaluate((limit) => {
    const selector = 'h1, h2, h3, h4, p, li, dt, dd, label, button, blockquote, figcaption, td, th';
    return [...document.querySelectorAll<HTMLElement>(`body ${selector}`)].flatMap((element): Block[] => {
      const box = element.getBoundingClientRect();
      const text = element.innerText?.trim() ?? '';
      if (!text || box.height === 0 || box.top > limit || element.closest('[hidden], [aria-hidden="true"]')) return [];
      return [{ text: text.slice(0, 40), top: Math.round(box.top), height: Math.round(box.height) }];
    });
  }, width.height * 2);
  await context.close();
  return { loaded, blocks };
}

// A face this machine lacks would fail below as the browser's NetworkError from document.fonts.load;
// name it and its package instead (tests/support/prerequisites.ts, which `npm test` runs first).
it.each(faces)('has the face %s installed to draw with', (face) => {
  expect(faceInstalled(face), `${face} is not installed: apt-get install ${fallbackTestFaces[face]}`).toBe(true);
});

describe.each(widths)('text before the brand font arrives at $width px', (width) => {
  it.each(['/', '/fr'])('is drawn on %s by each fallback face in the brand face’s line boxes', async (route) => {
    const brand = await lineBoxes(width, route, 'brand');
    expect(brand.loaded).toBe(true);
    expect(brand.blocks.length).toBeGreaterThan(10);
    for (const face of faces) {
      expect(faceInstalled(face), `${face} is not installed: apt-get install ${fallbackTestFaces[face]}`).toBe(true);
      const fallback = await lineBoxes(width, route, face);
      // local() found the face: otherwise the stack's next family drew it, and this proves nothing.
      expect(fallback.loaded, `${face} is installed and matched by local()`).toBe(true);
      expect(fallback.blocks.map((block) => block.text)).toEqual(brand.blocks.map((block) => block.text));
      // On the first screen, what paints first, each block keeps its lines (its height within
      // 2 px) and starts within 8 px of where the brand face puts it.
      const off = fallback.blocks.flatMap((block, at) => {
        const { top, height } = brand.blocks[at]!;
        return top < width.height && (Math.abs(block.height - height) > 2 || Math.abs(block.top - top) > 8)
          ? [`${face} "${block.text}": top ${block.top}, height ${block.height}; brand ${top}, ${height}`]
          : [];
      });
      // Below it, a line that nearly fills its box may wrap one way in one face and the other
      // way in the other: one block in two screens, at most.
      const rewrapped = fallback.blocks.filter((block, at) => Math.abs(block.height - brand.blocks[at]!.height) > 2);
      expect(rewrapped.length, `${face}: ${rewrapped.map((block) => block.text).join('; ')}`).toBeLessThanOrEqual(1);
      expect(off).toEqual([]);
    }
  });
});
