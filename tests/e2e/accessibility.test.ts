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

// The checker itself (tests/support/axe.ts), with JavaScript on and off: an image without a text
// alternative, put into a real page as it is served, is reported, so the empty lists mean something.
describe.concurrent.each([true, false])('the WCAG checker with JavaScript %s', (javaScript) => {
  it('reports a violation in the page', async () => {
    const { page, context } = await site.openPage(viewports[0], { javaScript });
    await context.route(`${site.url}/contact`, async (route) => {
      const response = await route.fetch();
      const body = (await response.text()).replace('</h1>', '</h1><img src="/icon.svg">');
      await route.fulfill({ response, body });
    });
    // A page without script settles once loaded; settling waits on script (tests/support/settle.ts).
    await (javaScript ? gotoSettled(page, `${site.url}/contact`) : page.goto(`${site.url}/contact`));
    expect(await axeViolations(page)).toEqual([expect.stringMatching(/^image-alt \(critical\): /)]);
    await context.close();
  });
});
