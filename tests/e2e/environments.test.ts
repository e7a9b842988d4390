import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useSite, viewports } from '@growmail/test-support/site';

const desktop = viewports[1];
const robotsMeta = (page: Page) =>
  page.locator('meta[name="robots"]').evaluateAll((tags) => tags.map((tag) => tag.getAttribute('content')));

// Each environment is its own server, so each test sits in a describe that starts one.
describe('one build in every environment (D21)', () => {
  describe('in staging', () => {
    const site = useSite({ SITE_ENV: 'staging' });

    it('marks pages noindex outside production', async () => {
      const { page, context } = await site.openPage(desktop);
      try {
        for (const path of ['/', '/pricing', '/demo', '/developers/reference/contacts']) {
          await page.goto(`${site.url}${path}`);
          expect(await robotsMeta(page), path).toEqual(['noindex']);
        }
      } finally {
        await context.close();
      }
    });
  });

  describe('in production', () => {
    const site = useSite({
      SITE_ENV: 'production',
      APP_URL: 'https://app.example.com',
      BLOG_URL: 'https://blog.example.com',
      GUEST_URL: 'https://www.example.com',
    });

    it('drops noindex and uses the production links, on the first page and the next', async () => {
      const { page, context } = await site.openPage(desktop);
      await context.route('https://app.example.com/**', (route) => route.fulfill({ status: 200, body: 'app' }));
      try {
        await page.goto(`${site.url}/pricing`);
        expect(await robotsMeta(page)).toEqual([]);
        const banner = page.getByRole('banner');
        expect(await banner.getByRole('link', { name: 'Blog' }).getAttribute('href')).toBe('https://blog.example.com');
        expect(await banner.getByRole('link', { name: 'Get a demo' }).getAttribute('href')).toBe(
          'https://www.example.com/demo',
        );

        // The next page is its own document, with the same values applied.
        await banner.getByRole('link', { name: 'Growmail home' }).click();
        await expect
          .poll(() => page.getByRole('heading', { level: 1 }).textContent())
          .toContain('Generate More Revenue');
        expect(
          await page
            .getByRole('main')
            .getByRole('link', { name: 'Get started free', exact: true })
            .getAttribute('href'),
        ).toBe('https://app.example.com/register?location=hero');
      } finally {
        await context.close();
      }
    });
  });
});
