import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AxeResults, RunOptions } from 'axe-core';
import type * as Axe from 'axe-core';
import type { BrowserContext, Page } from 'playwright-core';

/** The contexts opened with JavaScript off (site.ts `openPage`), which axe is run in differently. */
export const scriptsOff = new WeakSet<BrowserContext>();

/** WCAG 2.2 AA and everything below it. */
export const wcagTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];

/**
 * axe-core's minified build, put into the page once. @axe-core/playwright's AxeBuilder, used
 * here before, sends the unminified build (1.4 MB) and evaluates it twice on every check, once
 * to see whether axe can run per frame and once to inject it: 520 ms of a page's time on
 * /pricing against 250 ms for the minified build once, and both copies went over Playwright's
 * connection each time. The site has no frames, so the frame-by-frame run it offers is not
 * needed.
 */
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** Only violations are reported, so axe skips writing up what passed. */
const options: RunOptions = { resultTypes: ['violations'], runOnly: { type: 'tag', values: wcagTags } };

declare global {
  interface Window {
    axe?: typeof Axe;
  }
}

async function runAxe(page: Page): Promise<AxeResults> {
  if (!(await page.evaluate(() => window.axe !== undefined))) await page.evaluate(axeSource);
  return page.evaluate((options) => window.axe!.run(document, options), options);
}

/**
 * The axe violations on the page as it is now, one readable line each. A page opened with
 * JavaScript off has a copy of itself checked (below): axe's run in a context without script
 * never settles, and waits for ever.
 */
export async function axeViolations(page: Page): Promise<string[]> {
  const results = scriptsOff.has(page.context()) ? await runAxeInPage(page) : await runAxe(page);
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
    return await runAxe(copy);
  } finally {
    await context.close();
  }
}
