import AxeBuilder from '@axe-core/playwright';
import type { AxeResults } from 'axe-core';
import type { BrowserContext, Page } from 'playwright-core';

/** The contexts opened with JavaScript off (site.ts `openPage`), which axe is run in differently. */
export const scriptsOff = new WeakSet<BrowserContext>();

/** WCAG 2.2 AA and everything below it. */
export const wcagTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];

/**
 * axe with the WCAG tags, run in the page itself: the site has no frames, so AxeBuilder's
 * default of running each frame apart and finishing in a new blank page (which injects axe a
 * second time) only adds work, about half of each check. Only violations are reported, so axe
 * skips writing up what passed (set first: `options()` replaces what `withTags()` set).
 */
const checker = (page: Page) =>
  new AxeBuilder({ page })
    .options({ resultTypes: ['violations'] })
    .withTags(wcagTags)
    .setLegacyMode();

/**
 * The axe violations on the page as it is now, one readable line each. A page opened with
 * JavaScript off has a copy of itself checked (below): axe's run in a context without script
 * never settles, and waits for ever.
 */
export async function axeViolations(page: Page): Promise<string[]> {
  const results = scriptsOff.has(page.context()) ? await runAxeInPage(page) : await checker(page).analyze();
  return results.violations.map(
    (violation) =>
      `${violation.id} (${violation.impact}): ${violation.help} — ${violation.nodes
        .slice(0, 3)
        .map((node) => node.target.join(' '))
        .join(', ')}`,
  );
}

/**
 * axe for a page of a context with JavaScript off, where axe itself cannot run: the page as it
 * stands, its scripts taken out, is served again at its address to a page that runs scripts,
 * and axe checks that one. The styles and images load from the server as before.
 */
async function runAxeInPage(page: Page): Promise<AxeResults> {
  const html = (await page.content()).replace(/<script\b[\s\S]*?<\/script>/g, '');
  const context = await page.context().browser()!.newContext({ viewport: page.viewportSize() });
  try {
    // A request never carries the #fragment, so the route is the address without it.
    await context.route(page.url().split('#', 1)[0]!, (route) =>
      route.fulfill({ contentType: 'text/html', body: html }),
    );
    const copy = await context.newPage();
    await copy.goto(page.url());
    return await checker(copy).analyze();
  } finally {
    await context.close();
  }
}
