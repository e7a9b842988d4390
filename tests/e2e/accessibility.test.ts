import { describe, expect, it } from 'vitest';
import { axeViolations } from '@growmail/test-support/axe';
import { gotoSettled } from '@growmail/test-support/settle';
import { useSite, viewports } from '@growmail/test-support/site';

const site = useSite();

// The two sizes are checked side by side, each in contexts of its own: what axe finds does not
// depend on how busy the machine is.
describe.concurrent.each(viewports)('WCAG 2.2 AA at $name size', (viewport) => {
  it('finds no axe violations and no console errors on any page', async () => {
    const { page, context, problems } = await site.openPage(viewport);
    const report: Record<string, string[]> = {};
    for (const route of site.app.site.routes()) {
      await gotoSettled(page, `${site.url}${route}`);
      const violations = await axeViolations(page);
      if (violations.length > 0) report[route] = violations;
    }
    expect(report).toEqual({});
    expect(problems.console).toEqual([]);
    expect(problems.failed).toEqual([]);
    await context.close();
    // Every exported page in one walk (~2 s each, and up to 8 s on a machine shared with other
    // builds): the project's 60 s default is too tight.
  }, 600_000);

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
