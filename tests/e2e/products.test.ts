import { describe, expect, it } from 'vitest';
import { gotoSettled } from '@growmail/test-support/settle';
import { testAppUrl, useSite, viewports } from '@growmail/test-support/site';

const site = useSite();

const products = [
  { path: '/products/campaign', title: 'Broadcast Messaging' },
  { path: '/products/automations', title: 'Marketing Automation' },
  { path: '/products/transactionals', title: 'Transactional Emails' },
  { path: '/products/analytics', title: 'App Analytics' },
];

/** Every spelling of D5 and the canonical page it shows. */
const routes: [string, string][] = [
  ...products.map(({ path }) => [path, path] as [string, string]),
  ['/products/campaign/', '/products/campaign'],
  ['/products/automation', '/products/automations'],
  ['/products/transactional', '/products/transactionals'],
  ['/automations', '/products/automations'],
  ['/analytics', '/products/analytics'],
  ['/transactionals', '/products/transactionals'],
  ['/products/unknown-thing', '/products/campaign'],
  ['/products', '/products/campaign'],
];

describe('product routes and aliases', () => {
  it.each(routes)('%s shows the page of %s with a canonical link to it', async (path, canonical) => {
    const response = await fetch(`${site.url}${path}`);
    expect(response.status).toBe(200);
    const html = await response.text();
    const title = products.find((product) => product.path === canonical)!.title;
    expect(html).toMatch(new RegExp(`<h1[^>]*>${title}</h1>`));
    expect(html).toMatch(new RegExp(`<link rel="canonical" href="[^"]+${canonical}"`));
  });
});

describe.each(viewports)('a product page at $name size', (viewport) => {
  it.each(products)('$path has a hero, the carousel, four blocks, the FAQ and a get-started call', async (product) => {
    const { page, context, problems } = await site.openPage(viewport);
    await gotoSettled(page, `${site.url}${product.path}`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(product.title);
    expect(await page.getByRole('region', { name: 'Partner logos' }).count()).toBe(1);

    const blocks = page.locator('main article');
    expect(await blocks.count()).toBe(4);
    for (const block of await blocks.all()) {
      expect(await block.locator('li').count()).toBeGreaterThanOrEqual(2);
      const cta = block.getByRole('link', { name: 'Get started free' });
      await expect.poll(() => cta.getAttribute('href')).toMatch(new RegExp(`^${testAppUrl}/register\\?location=`));
    }
    expect(await page.locator('main details').count()).toBe(3);
    const closing = page.locator('main > section').last();
    expect(await closing.getByRole('link', { name: 'Get started free' }).count()).toBe(1);
    expect(await page.getByRole('contentinfo').count()).toBe(1);

    const faq = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent())!);
    expect(faq['@type']).toBe('FAQPage');
    expect(faq.mainEntity.map((entry: { name: string }) => entry.name)).toEqual([
      'What is an email campaign?',
      'Will my emails reach the inbox?',
      'What can I do when my open rates are low?',
    ]);
    expect(problems.console).toEqual([]);
    expect(problems.failed).toEqual([]);
    await context.close();
  });

  it('opens and closes each FAQ answer from the keyboard', async () => {
    const { page, context } = await site.openPage(viewport);
    await gotoSettled(page, `${site.url}/products/campaign`);
    const question = page.getByText('What can I do when my open rates are low?');
    const answer = page.getByText('Resend the campaign to everyone who did not open it');
    expect(await answer.isVisible()).toBe(false);

    // Tab to the question from the element before it, as a keyboard user would.
    await page.getByText('Will my emails reach the inbox?').focus();
    await page.keyboard.press('Tab');
    await expect.poll(() => question.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    await expect.poll(() => answer.isVisible()).toBe(true);
    expect(await page.locator('details[open]').count()).toBe(1);
    await page.keyboard.press('Enter');
    await expect.poll(() => answer.isVisible()).toBe(false);
    await page.keyboard.press('Space');
    await expect.poll(() => answer.isVisible()).toBe(true);
    await page.keyboard.press('Space');
    await expect.poll(() => answer.isVisible()).toBe(false);
    await context.close();
  });
});
