import { describe, expect, it } from 'vitest';
import { testAppUrl, useSite, viewports } from '@growmail/test-support/site';

const site = useSite();

describe.each(viewports)('at $name size', (viewport) => {
  it('stores the landing query under utm and sends it with Get started free', async () => {
    const { page, context } = await site.openPage(viewport);
    await page.goto(`${site.url}/pricing?utm_source=newsletter&utm_campaign=black%20friday`);
    await expect
      .poll(() => page.evaluate(() => localStorage.getItem('utm')))
      .toBe('utm_source=newsletter&utm_campaign=black%20friday');

    // A later page without a query keeps the stored value.
    await page.goto(`${site.url}/`);
    await expect
      .poll(() => page.evaluate(() => localStorage.getItem('utm')))
      .toBe('utm_source=newsletter&utm_campaign=black%20friday');
    if (viewport.name === 'mobile') await page.getByRole('button', { name: 'Open menu' }).click();
    const location = viewport.name === 'mobile' ? 'mobile-menu' : 'header';
    const button = page
      .getByRole('banner')
      .getByRole('link', { name: 'Get started free' })
      .and(page.locator(':visible'));
    const expected = `${testAppUrl}/register?utm_source=newsletter&utm_campaign=black+friday&location=${location}`;
    await expect.poll(() => button.getAttribute('href')).toBe(expected);
    await button.click();
    await page.waitForURL(expected);
    await context.close();
  });

  it('never stores or sends on a token, an address or a form field from a URL (D31)', async () => {
    const { page, context } = await site.openPage(viewport);
    await page.goto(`${site.url}/pricing?utm_source=ads&gclid=G1`);
    await page.goto(`${site.url}/newsletter/confirm?token=SECRET123`);
    await page.goto(`${site.url}/contact?fullname=Ada+Obi&email=ada%40acme.test&utm_medium=cpc&body=Hello`);
    await expect.poll(() => page.evaluate(() => localStorage.getItem('utm'))).toBe('utm_medium=cpc');
    // A value stored before the filter existed is filtered when it is used.
    await page.evaluate(() => localStorage.setItem('utm', 'token=SECRET123&email=ada%40acme.test&ref=R1'));
    await page.goto(`${site.url}/terms`);
    const hrefs = await page
      .locator('[data-get-started]')
      .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
    expect(hrefs.length).toBeGreaterThan(0);
    for (const href of hrefs) expect(new URL(href).search).toMatch(/^\?ref=R1&location=[a-z-]+$/);
    await context.close();
  });

  it('redirects a referral link to the app register page', async () => {
    const { page, context } = await site.openPage(viewport);
    // Playwright does not route a redirect's target, so watch the browser follow it.
    const followed = page.waitForRequest((request) => request.url().startsWith(testAppUrl));
    await page.goto(`${site.url}/register/FRIEND42`).catch(() => {});
    expect((await followed).url()).toBe(`${testAppUrl}/register?ref=FRIEND42`);
    await context.close();
  });

  it.each([
    ['/some/unknown/page', 'Generate More Revenue From Your Existing Customers.'],
    ['/products/automation', 'Marketing Automation'],
    ['/products/something-else', 'Broadcast Messaging'],
    ['/analytics', 'App Analytics'],
    ['/calculator/anything', 'Savings calculator'],
    ['/developers/not/a/page', 'Get started with the Growmail API'],
    ['/unsubscription/trk-1/jane%40example.com/42', 'Email preferences'],
  ])('shows %s as the page "%s", and it works', async (path, heading) => {
    const { page, context, problems } = await site.openPage(viewport);
    await page.goto(`${site.url}${path}`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(heading);
    expect(new URL(page.url()).pathname).toBe(path);
    expect(problems.console).toEqual([]);
    await context.close();
  });
});
