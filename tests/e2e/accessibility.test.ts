import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from './support/axe.ts';
import { launchBrowser, openPage, startSite, viewports } from './support/harness.ts';

let site: Awaited<ReturnType<typeof startSite>>;
let browser: Browser;
beforeAll(async () => {
  [site, browser] = await Promise.all([startSite(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await site?.close();
});

describe.each(viewports)('WCAG 2.2 AA at $name size', (viewport) => {
  it('finds no axe violations and no console errors on any page', async () => {
    const { page, context, problems } = await openPage(browser, viewport);
    const report: Record<string, string[]> = {};
    for (const route of site.app.site.routes()) {
      await page.goto(`${site.url}${route}`, { waitUntil: 'networkidle' });
      const violations = await axeViolations(page);
      if (violations.length > 0) report[route] = violations;
    }
    expect(report).toEqual({});
    expect(problems.console).toEqual([]);
    expect(problems.failed).toEqual([]);
    await context.close();
    // Every exported page in one walk (~2 s each under load): the project's 60 s default is too tight.
  }, 180_000);

  it('finds no violations with the navigation open', async () => {
    const { page, context } = await openPage(browser, viewport);
    await page.goto(site.url, { waitUntil: 'networkidle' });
    if (viewport.name === 'mobile') {
      await page.getByRole('button', { name: 'Open menu' }).click();
      await page.getByRole('navigation', { name: 'Mobile' }).getByRole('button', { name: 'Products' }).click();
    } else {
      await page.getByRole('button', { name: 'Products' }).click();
    }
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });
});
