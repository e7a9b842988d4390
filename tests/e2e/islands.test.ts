import { describe, expect, it } from 'vitest';
import { holdRequests } from '@growmail/test-support/forms';
import { useSite, viewports } from '@growmail/test-support/site';

const site = useSite();

const enquiries = () => site.app.leads.list({ type: 'enquiry' });

/**
 * A form's HTML is usable before its island's code arrives (src/directives/form.ts). These tests
 * hold that code back, act on the page, then let it through: nothing the visitor did is lost.
 */
describe('a form used before its island has loaded', () => {
  it('keeps what was typed and sends the form submitted early, once, as a lead', async () => {
    const { page, context, problems } = await site.openPage(viewports[1]);
    const code = await holdRequests(page, /\/_astro\/contact-form\.[^/]+\.js$/);
    await page.goto(`${site.url}/contact`);
    const form = page.getByRole('form', { name: 'Send us a message' });
    await form.getByLabel('Full name').fill('Early Bird');
    await form.getByLabel('Email address').fill('early@example.com');
    await form.getByLabel('Subject').fill('Before the script');
    await form.getByLabel('Message').fill('Typed before React arrived.');
    await form.getByRole('button', { name: 'Send message' }).click();
    // Still the server's HTML: the submit is held, not sent as a page load.
    expect(await page.locator('astro-island[ssr]', { has: form }).count()).toBe(1);
    expect(page.url()).toBe(`${site.url}/contact`);

    await code.release();
    await expect
      .poll(() => form.getByRole('status').textContent())
      .toBe('Thank you for reaching out! We will get back to you shortly.');
    const stored = (await enquiries()).filter((row) => JSON.parse(row.metadata).fullname === 'Early Bird');
    expect(stored.map((row) => JSON.parse(row.metadata))).toEqual([
      {
        fullname: 'Early Bird',
        email: 'early@example.com',
        subject: 'Before the script',
        body: 'Typed before React arrived.',
      },
    ]);
    expect(problems.console).toEqual([]);
    await context.close();
  });

  it('presses again a key pressed early, so a select opens', async () => {
    const { page, context } = await site.openPage(viewports[1]);
    const code = await holdRequests(page, /\/_astro\/lead-form\.[^/]+\.js$/);
    await page.goto(`${site.url}/demo`);
    const select = page.getByRole('combobox', { name: /Number of users/ });
    await select.focus();
    await page.keyboard.press('ArrowDown');
    expect(await select.getAttribute('aria-expanded')).not.toBe('true');

    await code.release();
    await expect.poll(() => select.getAttribute('aria-expanded')).toBe('true');
    await context.close();
  });
});
