import { describe, expect, it } from 'vitest';
import { gotoSettled } from '@growmail/test-support/settle';
import { useSite, viewports } from '@growmail/test-support/site';

const site = useSite();

/** The constants of spec "Business constants", as the pages must state them. */
const constants = {
  '/terms': [
    /honour each unsubscribe request within 10 days/,
    /for 30 days after termination/,
    /tell us within 30 days of the date of the charge/,
    /inactive for over 60 days[^.]*may delete its subscriber data/,
    /Nobody under 18 may use Growmail/,
    /lesser of the amounts you paid us in the twelve months before the claim arose or \$500/,
  ],
  '/privacy': [/only for people aged 18 or over/],
  // The French pages state the same minimum age (issue 56).
  '/fr/terms': [/Vous devez avoir au moins 18\s?ans/],
  '/fr/privacy': [/réservé aux personnes âgées d’au moins 18\s?ans/],
};

describe.each(viewports)('the legal pages at $name size', (viewport) => {
  it.each(Object.entries(constants))('%s states the constants of spec "Business constants"', async (path, patterns) => {
    const { page, context, problems } = await site.openPage(viewport);
    await gotoSettled(page, `${site.url}${path}`);
    const text = (await page.locator('main').innerText()).replace(/\s+/g, ' ');
    for (const pattern of patterns) expect(text).toMatch(pattern);
    expect(problems.console).toEqual([]);
    await context.close();
  });

  it('/privacy says how to get a copy of your data or have it erased, and how long each kind is kept', async () => {
    const { page, context, problems } = await site.openPage(viewport);
    await gotoSettled(page, `${site.url}/privacy`);
    const heading = page.getByRole('heading', { level: 2, name: /A copy of your data, or its erasure/ });
    expect(await heading.count()).toBe(1);
    const text = (await page.locator('main').innerText()).replace(/\s+/g, ' ');
    expect(text).toMatch(/email hello@growmail\.io from the address the request is about/);
    expect(text).toMatch(/one-way fingerprint of your address/);
    expect(text).toMatch(/which we set aside unread: 30 days/);
    expect(problems.console).toEqual([]);
    await context.close();
  });

  it.each(['/terms', '/privacy'])('%s has a table of contents whose links reach each section', async (path) => {
    const { page, context } = await site.openPage(viewport);
    await gotoSettled(page, `${site.url}${path}`);
    const contents = page.getByRole('navigation', { name: 'Contents' }).getByRole('link');
    const count = await contents.count();
    expect(count).toBeGreaterThanOrEqual(8);
    const hrefs = await contents.evaluateAll((links) => links.map((link) => link.getAttribute('href')!));
    for (const href of hrefs) expect(await page.locator(href).count()).toBe(1);

    // A section in the middle: the last ones cannot scroll to the top of a short page.
    const target = hrefs[2]!;
    await contents.nth(2).click();
    await page.waitForURL(`${site.url}${path}${target}`);
    await expect
      .poll(() => page.locator(target).evaluate((section) => Math.round(section.getBoundingClientRect().top)))
      .toBeLessThan(200);
    await context.close();
  });
});
