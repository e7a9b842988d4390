import { describe, expect, it } from 'vitest';
import { useSite } from '@growmail/test-support/site';

const site = useSite();

describe('reflow at 320 CSS pixels (WCAG 1.4.10)', () => {
  it('lays out every page without scrolling sideways, its header actions in view', async () => {
    const context = await site.browser.newContext({ viewport: { width: 320, height: 640 } });
    const page = await context.newPage();
    const overflowing: string[] = [];
    for (const route of site.app.site.routes()) {
      await page.goto(`${site.url}${route}`);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
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
});
