import catalogueData from '@growmail/site/content/catalogue.json' with { type: 'json' };
import { parseCatalogue } from '@growmail/contracts/catalogue';
import { contactBrackets, currencies } from '@growmail/contracts/pricing';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useSite } from '@growmail/test-support/site';

const site = useSite();

/** Sideways scroll on the page as it is now, in CSS pixels. */
const overflowOf = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/** The longest prices the pricing section shows: in each currency, yearly, for the largest bracket offered. */
const lastBracket = contactBrackets(parseCatalogue(catalogueData)).at(-1)!;
const longestPrices = currencies.map(({ value }) => `/pricing?currency=${value}&period=year&bracket=${lastBracket.id}`);

describe('reflow at 320 CSS pixels (WCAG 1.4.10)', () => {
  it('lays out every page without scrolling sideways, its header actions in view', async () => {
    const context = await site.browser.newContext({ viewport: { width: 320, height: 640 } });
    const page = await context.newPage();
    const overflowing: string[] = [];
    for (const route of site.app.site.routes()) {
      await page.goto(`${site.url}${route}`);
      const overflow = await overflowOf(page);
      if (overflow > 0) overflowing.push(`${route}: ${overflow}px`);
      // Every link and button in the header fits on screen, 'Sign Up' on the docs included.
      const offscreen = await page
        .locator('header a:visible, header button:visible')
        .evaluateAll((controls) =>
          controls
            .filter((control) => control.getBoundingClientRect().right > window.innerWidth + 0.5)
            .map((control) => control.textContent?.trim() || control.getAttribute('aria-label')),
        );
      if (offscreen.length > 0) overflowing.push(`${route}: header ${offscreen.join(', ')} off screen`);
    }
    expect(overflowing).toEqual([]);
    await context.close();
    // Every page in both languages in one walk: the project's 60 s default is too tight.
  }, 600_000);

  it("fits the longest prices, the CFA francs' whole ones included (D38), with every module on", async () => {
    const context = await site.browser.newContext({ viewport: { width: 320, height: 640 } });
    const page = await context.newPage();
    const overflowing: string[] = [];
    for (const url of longestPrices) {
      await page.goto(`${site.url}${url}`);
      if ((await overflowOf(page)) > 0) overflowing.push(`${url}: ${await overflowOf(page)}px as built`);
      const total = page.getByTestId('growth-total').getByTestId('price');
      const campaignsOnly = await total.textContent();
      for (const box of await page.locator('input[data-module]:not(:disabled)').all()) await box.check();
      await expect.poll(() => total.textContent()).not.toBe(campaignsOnly);
      if ((await overflowOf(page)) > 0) overflowing.push(`${url}: ${await overflowOf(page)}px with every module`);
    }
    expect(overflowing).toEqual([]);
    await context.close();
  });

  it("fits the savings picture's longest figures in both languages, with JavaScript and without (issue 40)", async () => {
    const overflowing: string[] = [];
    for (const javaScript of [true, false]) {
      const context = await site.browser.newContext({
        viewport: { width: 320, height: 640 },
        javaScriptEnabled: javaScript,
      });
      const page = await context.newPage();
      for (const path of ['/calculator/calculate', '/fr/calculator/calculate']) {
        await page.goto(`${site.url}${path}`);
        // The largest the calculator takes: 188,000,000 a year on Growmail, 999,812,000,000 saved.
        const form = page.locator('form[data-form="savings"]');
        await form.locator('input[name="customers"]').fill('1000000000');
        await form.locator('input[name="annualCost"]').fill('1000000000000');
        await form.locator('input[name="email"]').fill(`reflow-${javaScript}${path.replaceAll('/', '-')}@example.com`);
        for (const box of await form.locator('input[type="checkbox"]').all()) await box.check();
        await form.locator('button[type="submit"]').click();
        const rows = page.locator('figure li');
        await expect.poll(() => rows.count()).toBe(3);
        if ((await overflowOf(page)) > 0)
          overflowing.push(`${path}, script ${javaScript}: ${await overflowOf(page)}px`);
      }
      await context.close();
    }
    expect(overflowing).toEqual([]);
  });
});
