import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { failRequests, holdRequests } from '@growmail/test-support/forms';
import { gotoSettled } from '@growmail/test-support/settle';
import { useSite, viewports } from '@growmail/test-support/site';

/**
 * A first tap is never lost, and the three that matter most are answered before the island's
 * script has come (issue 57): a Growth module's tick updates the total, the calculator's button
 * and the contact form's Send show their messages. Each with the islands' script held back and
 * then let through, with Save-Data, and with the script failing to load.
 */
const site = useSite();
const mobile = viewports[0];
const islandScripts = /\/_astro\/.+\.js$/;

type Way = 'held' | 'save-data' | 'failed';
const ways: Way[] = ['held', 'save-data', 'failed'];

async function open(way: Way, path: string) {
  const { page, context, problems } = await site.openPage(mobile);
  if (way === 'save-data') await context.setExtraHTTPHeaders({ 'save-data': 'on' });
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url());
  });
  await gotoSettled(page, `${site.url}${path}`);
  // A page view fetches no script until it is used, with or without Save-Data.
  expect(scripts, path).toEqual([]);
  const hold = way === 'failed' ? undefined : await holdRequests(page, islandScripts);
  if (way === 'failed') await failRequests(page, islandScripts);
  return { page, context, problems, release: () => hold?.release() };
}

/** What a field's error paragraph shows: React's text, or the message drawn before React (forms/first-answer.tsx). */
const shown = (page: Page, selector: string) =>
  page.$$eval(selector, (elements) =>
    elements
      .filter((element) => !element.closest('[hidden]') && element.getClientRects().length > 0)
      .map((element) => `${element.getAttribute('data-early-error') ?? ''}${element.textContent ?? ''}`.trim()),
  );
const islandHydrated = (page: Page, selector: string) =>
  page.$eval(selector, (element) => !element.closest('astro-island')!.hasAttribute('ssr'));

describe.each(ways)('the first tap, script %s', (way) => {
  it('updates the Growth total on a module tick before the script, and React keeps it', async () => {
    const { page, context, problems, release } = await open(way, '/pricing');
    const total = page.getByTestId('growth-total').getByTestId('price');
    const before = await total.textContent();
    const box = page.getByRole('checkbox', { name: /Marketing Automation/ });
    await box.click();
    await expect.poll(() => total.textContent()).not.toBe(before);
    const early = await total.textContent();
    expect(await box.isChecked()).toBe(true);
    if (way !== 'failed') {
      await release();
      await expect.poll(() => islandHydrated(page, 'input[data-module]')).toBe(true);
      // React takes the tick as its own and writes the same total.
      await page.waitForTimeout(300);
      expect(await total.textContent()).toBe(early);
      expect(await box.isChecked()).toBe(true);
      // Unticked now by React, the total goes back.
      await box.click();
      await expect.poll(() => total.textContent()).toBe(before);
      expect(problems.console).toEqual([]);
    }
    await context.close();
  });

  it('shows the calculator’s message on a press before the script, then React’s, once', async () => {
    const { page, context, problems, release } = await open(way, '/calculator/calculate');
    // A key before the script: the number typed counts.
    await page.getByLabel('Number of customers').click();
    await page.keyboard.type('1500');
    await page.getByRole('button', { name: 'Estimate your savings' }).click();
    await expect.poll(() => shown(page, '[data-general-error]')).toEqual(['Please fill all fields.']);
    if (way === 'failed') {
      // React never comes: the browser posts the form, and the server answers it (D30).
      await expect
        .poll(() => page.getByText('Please fill all fields.').count(), { timeout: 10_000 })
        .toBeGreaterThan(0);
      await expect.poll(() => page.getByLabel('Number of customers').inputValue()).toBe('1500');
    } else {
      await release();
      await expect.poll(() => islandHydrated(page, 'form[data-form="savings"]')).toBe(true);
      await expect
        .poll(() => page.$eval('[data-general-error]', (element) => element.textContent))
        .toBe('Please fill all fields.');
      // React's words alone: the early one is gone, so the message is not written twice.
      expect(await shown(page, '[data-general-error]')).toEqual(['Please fill all fields.']);
      expect(await page.locator('[data-early-error], [data-early-mark]').count()).toBe(0);
      expect(await page.getByLabel('Number of customers').inputValue()).toBe('1500');
      expect(problems.console).toEqual([]);
    }
    await context.close();
  });

  it('shows the contact form’s errors on Send before the script, and keeps what was typed', async () => {
    const { page, context, problems, release } = await open(way, '/contact');
    const form = page.getByRole('form', { name: 'Send us a message' });
    await form.getByLabel('Full name').click();
    await page.keyboard.type('Ada Lovelace');
    await form.getByRole('button', { name: 'Send message' }).click();
    const errors = () => shown(page, 'form[data-form="enquiry"] [data-field-error]');
    await expect.poll(errors).toHaveLength(3);
    const early = await errors();
    expect(await form.getByLabel('Full name').getAttribute('aria-invalid')).toBeNull();
    expect(await form.getByLabel('Email address').getAttribute('aria-invalid')).toBe('true');
    if (way === 'failed') {
      await expect.poll(() => page.locator('[data-error-summary]:not([hidden])').count(), { timeout: 10_000 }).toBe(1);
      expect(await page.getByLabel('Full name').inputValue()).toBe('Ada Lovelace');
    } else {
      await release();
      await expect.poll(() => islandHydrated(page, 'form[data-form="enquiry"]')).toBe(true);
      await expect.poll(() => page.locator('[data-early-error], [data-early-mark]').count()).toBe(0);
      expect(await errors()).toEqual(early);
      expect(await form.getByLabel('Full name').inputValue()).toBe('Ada Lovelace');
      expect(problems.console).toEqual([]);
    }
    await context.close();
  });
});
