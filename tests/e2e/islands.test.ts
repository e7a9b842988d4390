import { describe, expect, it } from 'vitest';
import { holdRequests } from '@growmail/test-support/forms';
import { useSite, viewports } from '@growmail/test-support/site';

const site = useSite();

const enquiries = () => site.app.leads.list({ type: 'enquiry' });

/**
 * A form's HTML is usable before its island's code arrives (src/directives/form.ts), and without
 * it (D30). These tests hold that code back, act on the page, then let it through: nothing the
 * visitor did is lost.
 */
describe('a form used before its island has loaded', () => {
  it('keeps what was typed when the code arrives, and sends the form the usual way', async () => {
    const { page, context, problems } = await site.openPage(viewports[1]);
    const code = await holdRequests(page, /\/_astro\/contact-form\.[^/]+\.js$/);
    await page.goto(`${site.url}/contact`);
    const form = page.getByRole('form', { name: 'Send us a message' });
    await form.getByLabel('Full name').fill('Early Bird');
    await form.getByLabel('Email address').fill('early@example.com');
    await form.getByLabel('Subject').fill('Before the script');
    await form.getByLabel('Message').fill('Typed before React arrived.');
    // Still the server's HTML: the first focus asked for the code, which is held.
    expect(await page.locator('astro-island[ssr]', { has: form }).count()).toBe(1);

    await code.release();
    await expect.poll(() => page.locator('astro-island[ssr]', { has: form }).count()).toBe(0);
    await form.getByRole('button', { name: 'Send message' }).click();
    await expect
      .poll(() => form.getByRole('status').textContent())
      .toBe('Thank you for reaching out! We will get back to you shortly.');
    expect(page.url()).toBe(`${site.url}/contact`);
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

  it('posts a form submitted before the code arrives natively, and stores it once', async () => {
    const { page, context } = await site.openPage(viewports[1]);
    await holdRequests(page, /\/_astro\/contact-form\.[^/]+\.js$/);
    await page.goto(`${site.url}/contact`);
    const form = page.getByRole('form', { name: 'Send us a message' });
    await form.getByLabel('Full name').fill('Native Bird');
    await form.getByLabel('Email address').fill('native@example.com');
    await form.getByLabel('Subject').fill('Script never came');
    await form.getByLabel('Message').fill('Sent by the browser itself.');
    await form.getByRole('button', { name: 'Send message' }).click();
    await page.waitForURL(/\/sent\?form=enquiry&reference=/);
    expect(await page.locator('main [role="status"]').textContent()).toBe(
      'Thank you for reaching out! We will get back to you shortly.',
    );
    const stored = (await enquiries()).filter((row) => JSON.parse(row.metadata).fullname === 'Native Bird');
    expect(stored).toHaveLength(1);
    await context.close();
  });

  it('keeps a choice made in the browser’s own select before the code arrives, with focus on the field', async () => {
    const { page, context } = await site.openPage(viewports[1]);
    const code = await holdRequests(page, /\/_astro\/lead-form\.[^/]+\.js$/);
    await page.goto(`${site.url}/demo`);
    const form = page.getByRole('form', { name: 'Request a demo' });
    await form.getByLabel('Number of users').focus();
    await form.getByLabel('Number of users').selectOption({ label: '250K - 500K' });
    expect(await form.locator('select[name="subscribers"]').count()).toBe(1);

    await code.release();
    const combobox = form.getByRole('combobox', { name: /Number of users/ });
    await expect.poll(() => combobox.evaluate((element) => element.tagName)).toBe('INPUT');
    await expect.poll(() => combobox.inputValue()).toBe('250K - 500K');
    expect(await combobox.evaluate((element) => element === document.activeElement)).toBe(true);
    await context.close();
  });

  it('keeps the boxes ticked before the code arrives', async () => {
    const { page, context } = await site.openPage(viewports[1]);
    const code = await holdRequests(page, /\/_astro\/savings-calculator\.[^/]+\.js$/);
    await page.goto(`${site.url}/calculator`);
    const form = page.getByRole('form', { name: 'Savings calculator' });
    await form.getByLabel('Number of customers').fill('30000');
    await form.getByLabel('Current annual cost (USD)').fill('50000');
    await form.getByLabel('Email Address').fill('boxes@example.com');
    await form.getByLabel('Campaign Mailing').check();
    await form.getByLabel('Mobile Push Messaging').check();

    await code.release();
    await expect.poll(() => page.locator('astro-island[ssr]', { has: form }).count()).toBe(0);
    await form.getByRole('button', { name: 'Estimate your savings' }).click();
    // 30,000 × (5 + 3.5) × 12 / 1,500 = 2,040 a year on Growmail: both boxes counted.
    await expect.poll(() => page.getByTestId('savings').textContent()).toBe('$47,960.00');
    await context.close();
  });
});
