import { describe, expect, it } from 'vitest';
import { axeViolations } from '@growmail/test-support/axe';
import { gotoSettled } from '@growmail/test-support/settle';
import { useSite, viewports } from '@growmail/test-support/site';

const site = useSite();

// Every page as it loads is checked in every-page.test.ts, in one visit per page with the other
// gates; this file checks the states a visitor opens.
describe.concurrent.each(viewports)('WCAG 2.2 AA at $name size', (viewport) => {
  it('finds no violations with the navigation open', async () => {
    const { page, context } = await site.openPage(viewport);
    await gotoSettled(page, site.url);
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
