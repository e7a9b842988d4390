import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations } from '@growmail/test-support/axe';
import { describeShifts, layoutShifts, recordLayoutShifts, totalShift } from '@growmail/test-support/layout-shift';
import { gotoSettled, nextFrames, settled } from '@growmail/test-support/settle';
import { testAppUrl, useSite, viewports } from '@growmail/test-support/site';

const site = useSite();

const carousel = (page: Page) => page.locator('section[aria-roledescription="carousel"]');
const selectedDot = (page: Page) =>
  carousel(page)
    .locator('button[aria-current="true"]')
    .evaluate((dot) => [...dot.parentElement!.querySelectorAll('button[aria-label^="Show"]')].indexOf(dot));

/** How many slides sit wholly inside the carousel's viewport. */
const fullyVisibleSlides = (page: Page) =>
  carousel(page).evaluate((root) => {
    const viewport = root.querySelector('.overflow-hidden')!.getBoundingClientRect();
    return [...root.querySelectorAll('[data-carousel-slide]')].filter((slide) => {
      const box = slide.getBoundingClientRect();
      return box.left >= viewport.left - 1 && box.right <= viewport.right + 1;
    }).length;
  });

const trackOffset = (page: Page) =>
  carousel(page).evaluate((root) => getComputedStyle(root.querySelector('.overflow-hidden > div')!).transform);

/** How many images the carousel holds, and how many different logos they show. */
const logosDrawn = (page: Page) =>
  carousel(page).evaluate((root) => {
    const logos = [...root.querySelectorAll('[role="img"], img')].map(
      (image) => image.getAttribute('aria-label') ?? image.getAttribute('alt'),
    );
    return { images: logos.length, logos: new Set(logos).size };
  });

const carouselIsland = (page: Page) => page.locator('astro-island', { has: carousel(page) });

/** Wakes the carousel as a visitor would, with a press on its first dot, then leaves it to play. */
async function startCarousel(page: Page) {
  await carousel(page).getByRole('button', { name: 'Show Kestrel Pay' }).click();
  await expect.poll(() => carouselIsland(page).getAttribute('ssr')).toBeNull();
  await page.mouse.move(5, 5);
  await page.locator('h1').click();
}

describe.each(viewports)('the home page at $name size', (viewport) => {
  it('shows the sections of D4 in order, each at its anchor, with real copy', async () => {
    const { page, context, problems } = await site.openPage(viewport);
    await gotoSettled(page, site.url);
    const sections = await page
      .locator('main > section')
      .evaluateAll((nodes) => nodes.map((node) => [node.id, node.querySelector('h1, h2')?.textContent?.trim() ?? '']));
    expect(sections).toEqual([
      ['hero', 'Generate More Revenue From Your Existing Customers.'],
      ['', 'Trusted by growing businesses'],
      ['features', 'Everything you need to bring customers back'],
      ['how-it-works', 'Up and running in three steps'],
      ['proof', 'Growmail in numbers'],
      ['testimonials', 'What our customers say'],
      ['pricing', expect.any(String)],
      ['get-started', 'Your next sale is already on your customer list.'],
      ['in-the-news', 'In The News.'],
      ['contact-us', 'Got Questions?'],
    ]);

    // Both calls to action of the hero.
    const hero = page.locator('#hero');
    await expect
      .poll(() => hero.getByRole('link', { name: 'Get started free' }).getAttribute('href'))
      .toBe(`${testAppUrl}/register?location=hero`);
    expect(await hero.getByRole('link', { name: 'Get a demo' }).getAttribute('href')).toMatch(/\/demo$/);
    // The closing call to action signs up too, from its own location.
    await expect
      .poll(() =>
        page.locator('#get-started').getByRole('link', { name: 'Create your free account' }).getAttribute('href'),
      )
      .toBe(`${testAppUrl}/register?location=get-started`);

    // Four feature blocks, alternating sides, each with its tagline and a link to its product.
    const blocks = page.locator('#features article');
    expect(await blocks.count()).toBe(4);
    expect(await blocks.evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-direction')))).toEqual([
      'text-left',
      'text-right',
      'text-left',
      'text-right',
    ]);
    expect(await blocks.locator('p.uppercase').allTextContents()).toEqual([
      'Inbox',
      'Channels',
      'Personalisation',
      'Reports',
    ]);
    expect(await blocks.getByRole('link').evaluateAll((links) => links.map((a) => a.getAttribute('href')))).toEqual([
      '/products/campaign',
      '/products/automations',
      '/products/transactionals',
      '/products/analytics',
    ]);

    // Onboarding and proof quote the spec's facts.
    const steps = await page.locator('#how-it-works li').allTextContents();
    expect(steps).toHaveLength(3);
    expect(steps[0]).toContain('under 2 minutes');
    expect(steps[2]).toContain('1,000');
    const proof = await page.locator('#proof').textContent();
    for (const fact of ['99.9%', '16%', '90 days', 'Unlimited']) expect(proof).toContain(fact);

    // In The News: three items with an image and an external link, in 3 columns or stacked.
    const news = page.locator('#in-the-news li');
    expect(await news.count()).toBe(3);
    for (const item of await news.all()) {
      expect(await item.locator('img').count()).toBe(1);
      expect(await item.getByRole('link').getAttribute('href')).toMatch(/^https:\/\//);
    }
    const tops = await news.evaluateAll((items) => items.map((item) => Math.round(item.getBoundingClientRect().top)));
    if (viewport.name === 'desktop') expect(new Set(tops).size).toBe(1);
    else expect(new Set(tops).size).toBe(3);

    expect(problems.console).toEqual([]);
    expect(problems.failed).toEqual([]);
    await context.close();
  });

  it('describes the organisation and the site in JSON-LD', async () => {
    const { page, context } = await site.openPage(viewport);
    await page.goto(site.url);
    const data = (await page.locator('script[type="application/ld+json"]').allTextContents()).map((text) =>
      JSON.parse(text),
    );
    expect(data.map((entry) => entry['@type'])).toEqual(['Organization', 'WebSite']);
    // The site's public origin, chosen at server start, as in the canonical link.
    const origin = new URL((await page.locator('link[rel="canonical"]').getAttribute('href'))!).origin;
    expect(data[0]).toMatchObject({ name: 'Growmail', url: origin, logo: `${origin}/icons/icon-512.png` });
    expect(data[1]).toMatchObject({ '@type': 'WebSite', name: 'Growmail', url: origin });
    expect(origin).not.toContain('gm-runtime.invalid');
    await context.close();
  });
});

describe('the partner carousel', () => {
  it.each([
    [360, 2],
    [390, 2],
    [600, 5],
    [768, 4],
    [1440, 4],
  ])('shows all 12 logos, %ipx wide showing %i at a time', async (width, visible) => {
    const context = await site.browser.newContext({ viewport: { width, height: 900 }, reducedMotion: 'reduce' });
    const page = await context.newPage();
    await gotoSettled(page, site.url);
    expect(await carousel(page).locator('[data-carousel-slide]').count()).toBe(12);
    await expect.poll(() => fullyVisibleSlides(page)).toBe(visible);
    await context.close();
  });

  it('is announced as a carousel of named slides with 12 dots and no arrows', async () => {
    const { page, context } = await site.openPage(viewports[1]);
    await gotoSettled(page, site.url);
    const region = page.getByRole('region', { name: 'Partner logos' });
    expect(await region.getAttribute('aria-roledescription')).toBe('carousel');
    const slides = region.getByRole('group');
    expect(await slides.count()).toBe(12);
    expect(await slides.first().getAttribute('aria-label')).toBe('1 of 12: Kestrel Pay');
    expect(await slides.first().getAttribute('aria-roledescription')).toBe('slide');
    expect(await region.getByRole('button', { name: /^Show / }).count()).toBe(12);
    expect(await region.getByRole('button', { name: /next|previous/i }).count()).toBe(0);
    await expect.poll(() => region.getByRole('img', { name: 'Kestrel Pay' }).isVisible()).toBe(true);
    expect(await logosDrawn(page)).toEqual({ images: 12, logos: 12 });
    await context.close();
  });

  it('moves on its own every 2000 ms once used, each move gliding for most of that time, and loops', async () => {
    const { page, context } = await site.openPage(viewports[1]);
    await gotoSettled(page, site.url);
    await startCarousel(page);
    // Timestamps of each change of the selected dot, observed in the page.
    const changes = await carousel(page).evaluate(
      (root) =>
        new Promise<number[]>((resolve) => {
          const times: number[] = [];
          const observer = new MutationObserver(() => {
            times.push(performance.now());
            if (times.length === 3) {
              observer.disconnect();
              resolve(times);
            }
          });
          observer.observe(root, { attributeFilter: ['aria-current'], subtree: true });
        }),
    );
    const intervals = [changes[1]! - changes[0]!, changes[2]! - changes[1]!];
    for (const interval of intervals) {
      expect(interval).toBeGreaterThan(1800);
      expect(interval).toBeLessThan(2600);
    }
    // Half a second into a move the track is still gliding.
    const index = await selectedDot(page);
    await expect.poll(() => selectedDot(page), { timeout: 3000 }).not.toBe(index);
    await page.waitForTimeout(400);
    const early = await trackOffset(page);
    await page.waitForTimeout(500);
    expect(await trackOffset(page)).not.toBe(early);

    // From the last logo it carries on to the first.
    await carousel(page).getByRole('button', { name: 'Show Copperline Energy' }).click();
    await page.mouse.move(5, 5);
    await page.locator('body').focus();
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await expect.poll(() => selectedDot(page), { timeout: 5000 }).toBe(0);
    // Looping drew no logo twice (issue 21): twelve images, one per logo, now as at the start.
    expect(await logosDrawn(page)).toEqual({ images: 12, logos: 12 });
    await context.close();
  });

  it.each(viewports)(
    'loads no script at $name size until first used, and a dot pressed before then shows its logo',
    async (viewport) => {
      const { page, context } = await site.openPage(viewport);
      const scripts: string[] = [];
      page.on('request', (request) => {
        if (request.resourceType() === 'script') scripts.push(request.url());
      });
      await gotoSettled(page, site.url);
      await carousel(page).scrollIntoViewIfNeeded();
      await settled(page);
      expect(await carouselIsland(page).getAttribute('ssr')).toBe('');
      expect(scripts).toEqual([]);
      // Still until then: nothing moves before React is there to offer Pause.
      expect(await carousel(page).getAttribute('data-playing')).toBe('false');

      await carousel(page).getByRole('button', { name: 'Show Orbitly' }).click();
      await expect.poll(() => carouselIsland(page).getAttribute('ssr')).toBeNull();
      await expect.poll(() => selectedDot(page)).toBe(4);
      await context.close();
    },
  );

  it('stays still for a keyboard visitor whose Tab woke it', async () => {
    const { page, context } = await site.openPage(viewports[0]);
    await gotoSettled(page, site.url);
    // Focus on a dot, as Tab gives it, loads the island before React is there to see the focus.
    await carousel(page).getByRole('button', { name: 'Show Orbitly' }).focus();
    await expect.poll(() => carouselIsland(page).getAttribute('ssr')).toBeNull();
    const held = await selectedDot(page);
    await page.waitForTimeout(2600);
    expect(await carousel(page).getAttribute('data-playing')).toBe('false');
    expect(await selectedDot(page)).toBe(held);
    await context.close();
  });

  it('shows every logo without JavaScript, scrolled by hand, and no buttons that would need it', async () => {
    const { page, context } = await site.openPage(viewports[0], { javaScript: false });
    await page.goto(site.url);
    const region = page.getByRole('region', { name: 'Partner logos' });
    expect(await region.getByRole('button').count()).toBe(0);
    const slides = region.getByRole('group');
    expect(await slides.count()).toBe(12);
    const last = slides.last();
    expect(await last.evaluate((slide) => slide.getBoundingClientRect().left < window.innerWidth)).toBe(false);
    await last.scrollIntoViewIfNeeded();
    await expect
      .poll(() =>
        last.evaluate((slide) => {
          const box = slide.getBoundingClientRect();
          return box.left >= 0 && box.right <= window.innerWidth;
        }),
      )
      .toBe(true);
    expect(await last.getByRole('img', { name: 'Copperline Energy' }).count()).toBe(1);
    await context.close();
  });

  it('pauses on hover, on focus and on Pause, and says what it shows while paused', async () => {
    const { page, context } = await site.openPage(viewports[1]);
    await gotoSettled(page, site.url);
    await startCarousel(page);
    const status = carousel(page).locator('[data-carousel-status]');
    await expect.poll(() => carousel(page).getAttribute('data-playing')).toBe('true');
    expect(await status.textContent()).toBe('');
    expect(await status.getAttribute('aria-live')).toBe('polite');

    await carousel(page).hover();
    await expect.poll(() => status.textContent()).toMatch(/^Showing .+, \d+ of 12$/);
    const hovered = await selectedDot(page);
    await page.waitForTimeout(2600);
    expect(await selectedDot(page)).toBe(hovered);
    await page.mouse.move(5, 5);
    await expect.poll(() => selectedDot(page), { timeout: 3000 }).not.toBe(hovered);

    // Keyboard focus on a dot stops it; leaving lets it go again.
    await carousel(page).getByRole('button', { name: 'Show Orbitly' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => selectedDot(page)).toBe(4);
    await expect.poll(() => status.textContent()).toBe('Showing Orbitly, 5 of 12');
    await page.waitForTimeout(2600);
    expect(await selectedDot(page)).toBe(4);

    // Pause holds it after focus leaves too; Play resumes.
    const pause = carousel(page).getByRole('button', { name: 'Pause partner logos' });
    await pause.focus();
    await page.keyboard.press('Enter');
    const play = carousel(page).getByRole('button', { name: 'Play partner logos' });
    expect(await play.getAttribute('aria-pressed')).toBe('true');
    await page.locator('h1').click();
    await page.waitForTimeout(2600);
    expect(await selectedDot(page)).toBe(4);
    await play.click();
    await page.mouse.move(5, 5);
    await page.locator('h1').click();
    await expect.poll(() => selectedDot(page), { timeout: 3000 }).not.toBe(4);
    await context.close();
  });

  it('never moves on its own for visitors who prefer reduced motion', async () => {
    const context = await site.browser.newContext({ viewport: { width: 1440, height: 900 }, reducedMotion: 'reduce' });
    const page = await context.newPage();
    await gotoSettled(page, site.url);
    const before = await trackOffset(page);
    await page.waitForTimeout(3000);
    expect(await selectedDot(page)).toBe(0);
    expect(await trackOffset(page)).toBe(before);
    // The dots still work, and jump without animating.
    await carousel(page).getByRole('button', { name: 'Show Tidewater Bank' }).click();
    await expect.poll(() => selectedDot(page)).toBe(6);
    await context.close();
  });
});

describe('the testimonial', () => {
  it('is one of four, chosen at random on each load, without shifting the layout', async () => {
    const context = await site.browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    await recordLayoutShifts(page);
    const seen = new Set<string>();
    for (let load = 0; load < 10; load += 1) {
      await gotoSettled(page, site.url);
      const section = page.locator('#testimonials');
      await section.scrollIntoViewIfNeeded();
      const shown = section.locator('figure').and(page.locator(':visible'));
      await expect.poll(() => shown.count()).toBe(1);
      seen.add((await shown.locator('figcaption').textContent()) ?? '');
      // The page carried one; the island fetched the others to choose among.
      expect(await section.locator('figure').count()).toBe(4);
      // Two frames for a late shift, as the chosen card settles.
      await nextFrames(page);
      const shifts = await layoutShifts(page);
      expect(totalShift(shifts), `layout shifted: ${describeShifts(shifts).join('; ')}`).toBeLessThan(0.01);
    }
    // Ten loads showing one testimonial each: all the same has a chance of 4 × (1/4)^10.
    expect(seen.size).toBeGreaterThan(1);
    await context.close();
  });

  it('is carried in the page as one card, the others in a static file with an ETag (D35)', async () => {
    const home = await site.app.inject('/');
    expect(home.body.match(/<figure[\s>]/g)).toHaveLength(1);
    const cards = await site.app.inject('/testimonials.json');
    expect(cards.statusCode).toBe(200);
    expect(cards.headers['content-type']).toMatch(/^application\/json/);
    const all = cards.json<string[]>();
    expect(all).toHaveLength(4);
    // Each quote is marked with its language, as the page's own is (D43).
    for (const card of all) expect(card).toMatch(/^<figure[^>]*>.*<blockquote lang="en"/);
    expect(cards.headers.etag).toBeTruthy();
    const again = await site.app.inject({
      url: '/testimonials.json',
      headers: { 'if-none-match': cards.headers.etag! },
    });
    expect(again.statusCode).toBe(304);
  });

  it('gives the French home page its own cards: the role in French, and a note that the quote is in English (issue 56)', async () => {
    const home = (await site.app.inject('/fr')).body;
    expect(home).toContain('/fr/testimonials.json');
    expect(home).toContain('Témoignage en anglais');
    const cards = (await site.app.inject('/fr/testimonials.json')).json<string[]>();
    expect(cards).toHaveLength(4);
    for (const card of cards) {
      expect(card).toMatch(/<blockquote lang="en"/);
      expect(card).toContain('Témoignage en anglais');
    }
    expect(cards.join('')).toContain('Directeur technique, Kestrel Pay');
  });

  it('keeps room in the card the page carries for any other, at every width from 320 to 1440 px', async () => {
    const { page, context } = await site.openPage(viewports[1]);
    await gotoSettled(page, site.url);
    const section = page.locator('#testimonials');
    await section.scrollIntoViewIfNeeded();
    await expect.poll(() => section.locator('figure').count()).toBe(4);
    const tooTall: string[] = [];
    for (let width = 320; width <= 1440; width += 10) {
      await page.setViewportSize({ width, height: 900 });
      // Each card's own height, as it would stand alone in the cell; the carried one is in an astro-slot.
      const heights = await section.evaluate((root) =>
        [...root.querySelectorAll<HTMLElement>('[data-testimonial-choice] > div')].map((cell) => {
          cell.style.alignSelf = 'start';
          const height = cell.getBoundingClientRect().height;
          cell.style.alignSelf = '';
          return {
            carried: cell.querySelector('astro-slot') !== null,
            height,
            name: cell.querySelector('figcaption span span')?.textContent,
          };
        }),
      );
      const carried = heights.find((cell) => cell.carried)!.height;
      for (const cell of heights)
        if (cell.height > carried + 0.5) tooTall.push(`${width} px: ${cell.name} ${cell.height} > ${carried}`);
    }
    await context.close();
    expect(tooTall).toEqual([]);
  });

  it('shows the card the page carries when JavaScript is off', async () => {
    const context = await site.browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(site.url);
    const shown = page.locator('#testimonials figure').and(page.locator(':visible'));
    expect(await shown.count()).toBe(1);
    // The longest quote, which holds room for the others.
    expect(await shown.locator('figcaption').textContent()).toContain('Daniel Mwangi');
    await context.close();
  });

  it('shows the card the page carries when the others cannot be fetched, as offline', async () => {
    const { page, context } = await site.openPage(viewports[0]);
    await page.route('**/testimonials.json', (route) => route.abort());
    await gotoSettled(page, site.url);
    const section = page.locator('#testimonials');
    await section.scrollIntoViewIfNeeded();
    const shown = section.locator('figure').and(page.locator(':visible'));
    await expect.poll(() => shown.count()).toBe(1);
    expect(await shown.locator('figcaption').textContent()).toContain('Daniel Mwangi');
    await context.close();
  });

  it('finds no axe violations with the carousel paused and a testimonial shown', async () => {
    const { page, context } = await site.openPage(viewports[0]);
    await gotoSettled(page, site.url);
    // The carousel hydrates, and shows its Pause button, once used.
    await startCarousel(page);
    await carousel(page).getByRole('button', { name: 'Pause partner logos' }).click();
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });
});
