import { brandFaceStorageKey } from '@growmail/contracts/routes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  describeShifts,
  layoutShifts,
  recordLayoutShifts,
  shiftCeiling as ceiling,
  totalShift,
} from '@growmail/test-support/layout-shift';
import { startPiecemealProxy } from '@growmail/test-support/piecemeal-proxy';
import { gotoSettled, settled } from '@growmail/test-support/settle';
import { useSite, viewports, type Viewport } from '@growmail/test-support/site';

const site = useSite();

describe.each(viewports)('the partner carousel at $name size', (viewport) => {
  it.each(['/', '/products/campaign'])(
    'wakes on %s when a dot takes focus, as Tab gives it, without moving anything',
    async (route) => {
      const { page, context } = await site.openPage(viewport);
      await recordLayoutShifts(page);
      await gotoSettled(page, `${site.url}${route}`);
      const island = page.locator('astro-island', { has: page.getByRole('region', { name: 'Partner logos' }) });
      // Focus from script is no input, so a shift as it hydrates would count.
      await island.getByRole('button', { name: 'Show Orbitly' }).focus();
      await expect.poll(() => island.getAttribute('ssr')).toBeNull();
      await settled(page);
      const shifts = await layoutShifts(page);
      expect(totalShift(shifts), describeShifts(shifts).join('; ')).toBeLessThan(ceiling);
      await context.close();
    },
  );
});

/**
 * Where each link and button of the header stands, with the brand font or with only its
 * fallback (the font's request refused), once the page's fonts have settled.
 */
async function headerBoxes(viewport: Viewport, route: string, font: 'brand' | 'fallback') {
  const { page, context } = await site.openPage(viewport);
  if (font === 'fallback') await page.route('**/*.woff2', (request) => request.abort());
  // A returning visitor, whose page declares the face before its first paint (a first visit
  // fetches it only after, for the next page: components/after-first-paint.tsx).
  else await page.addInitScript((key) => localStorage.setItem(key, '1'), brandFaceStorageKey);
  await gotoSettled(page, `${site.url}${route}`);
  await page.evaluate(() => document.fonts.ready);
  const boxes = await page
    .locator('header')
    .first()
    .evaluate((header) =>
      [...header.querySelectorAll('a, button')].flatMap((element) => {
        const { x, width } = element.getBoundingClientRect();
        const name = element.getAttribute('aria-label') ?? element.textContent?.trim() ?? '';
        return width > 0 ? [{ name, x: Math.round(x * 10) / 10, width: Math.round(width * 10) / 10 }] : [];
      }),
    );
  await context.close();
  return boxes;
}

/**
 * The brand font is optional: if it lands after the first layout (inside its short block
 * period), text is laid out again in it. These pin the two things that keep that from moving
 * anything, without depending on when the font happens to arrive.
 */
describe.each(viewports)('the brand font arriving late at $name size', (viewport) => {
  it("moves none of the docs header's buttons, which sit against the right edge", async () => {
    const brand = await headerBoxes(viewport, '/developers', 'brand');
    const fallback = await headerBoxes(viewport, '/developers', 'fallback');
    const buttons = (boxes: typeof brand) => boxes.filter((box) => /^(Search docs|Log In|Sign Up)$/.test(box.name));
    expect(buttons(brand)).toHaveLength(3);
    expect(buttons(fallback)).toEqual(buttons(brand));
  });

  it('finds a fallback face drawn to within 5% of the brand font, so the main header keeps its shape', async () => {
    const brand = await headerBoxes(viewport, '/', 'brand');
    const fallback = await headerBoxes(viewport, '/', 'fallback');
    expect(fallback.map((box) => box.name)).toEqual(brand.map((box) => box.name));
    // Within 5% inclusive, compared as widths: Debian's Chromium 156 draws "Blog" 57 px wide in the
    // fallback and 60 px in the brand font, 5% exactly, which |57 / 60 - 1| computes as 0.050000000000000044.
    const off = fallback.flatMap((box, at) => {
      return Math.abs(box.width - brand[at]!.width) > 0.05 * brand[at]!.width
        ? [`${box.name}: ${box.width} px, ${brand[at]!.width} px in the brand font`]
        : [];
    });
    expect(off).toEqual([]);
  });
});

/**
 * A busy phone's parser can stop anywhere in the header and let the browser paint what it has;
 * the proxy makes that happen at every link and button (@growmail/test-support/piecemeal-proxy).
 */
describe('a header that arrives a piece at a time', () => {
  let proxy: Awaited<ReturnType<typeof startPiecemealProxy>>;
  beforeAll(async () => {
    proxy = await startPiecemealProxy(site.url);
  });
  afterAll(() => proxy.close());

  it.each(viewports.flatMap((viewport) => ['/unsubscription', '/developers'].map((route) => ({ viewport, route }))))(
    'moves nothing on $route at $viewport.name size: the header is painted once, whole',
    async ({ viewport, route }) => {
      const { page, context } = await site.openPage(viewport);
      await recordLayoutShifts(page);
      // Settled ends two frames after the last request, so a late shift is recorded.
      await gotoSettled(page, `${proxy.url}${route}`);
      const shifts = await layoutShifts(page);
      // Painted in the end: the rule that holds it back lets go once the page's main is parsed.
      const shown = await page.locator('body > header').isVisible();
      await context.close();
      expect(describeShifts(shifts)).toEqual([]);
      expect(shown).toBe(true);
    },
  );

  it('is shown in the end on every page that has one: each has the #main that lets it go', async () => {
    const { page, context } = await site.openPage(viewports[0]);
    const hidden: string[] = [];
    for (const route of site.app.site.routes()) {
      await page.goto(`${site.url}${route}`, { waitUntil: 'domcontentloaded' });
      const header = page.locator('body > header');
      if ((await header.count()) > 0 && !(await header.isVisible())) hidden.push(route);
    }
    await context.close();
    expect(hidden).toEqual([]);
  }, 300_000);
});
