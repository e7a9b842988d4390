import { messages } from '@growmail/contracts/messages';
import { serviceMessages } from '@growmail/contracts/service-messages';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { freePort } from '@growmail/test-support/process';
import { axeViolations } from '@growmail/test-support/axe';
import { isRed, textColour } from '@growmail/test-support/forms';
import { useSite, viewports } from '@growmail/test-support/site';

// A real outage: nothing listens where the database should be (D26).
const site = useSite(async () => ({ DATABASE_URL: `postgres://127.0.0.1:${await freePort()}/growmail` }));

/** Every field's value, so a test can check that nothing the visitor typed was lost. */
const valuesOf = (fields: Locator[]) => Promise.all(fields.map((field) => field.inputValue()));

async function chooseOption(page: Page, combobox: Locator, option: string) {
  await combobox.focus();
  // The browser's own select until the island runs, which the focus starts (D30).
  await expect.poll(() => combobox.evaluate((element) => element.tagName)).toBe('INPUT');
  await combobox.click();
  await page.getByRole('option', { name: option }).click();
  await expect.poll(() => combobox.inputValue()).toBe(option);
}

describe.each(viewports)('with the database down, at $name', (viewport) => {
  it('serves the pages, and the demo form keeps every value after a visible error', async () => {
    const { page, context } = await site.openPage(viewport);
    for (const path of ['/', '/pricing', '/demo']) {
      const response = await page.goto(`${site.url}${path}`);
      expect(response?.status(), path).toBe(200);
    }
    const form = page.getByRole('form', { name: 'Request a demo' });
    const fields = ['First name', 'Last name', 'Company name', 'Company email', 'Phone number'].map((label) =>
      form.getByLabel(label),
    );
    const typed = ['Grace', 'Hopper', 'Compile Co', 'grace@compile.example', '+234 803 123 4567'];
    for (const [index, field] of fields.entries()) await field.fill(typed[index]!);
    await chooseOption(page, form.getByRole('combobox', { name: 'Number of users' }), '250K - 500K');
    await form.getByRole('button', { name: 'Request a demo' }).click();

    const alert = form.getByRole('alert').filter({ hasText: messages.formFailed });
    await expect.poll(() => alert.isVisible()).toBe(true);
    expect(isRed(await textColour(alert.getByText(messages.formFailed)))).toBe(true);
    expect(await valuesOf(fields)).toEqual(typed);
    expect(await form.getByRole('combobox', { name: 'Number of users' }).inputValue()).toBe('250K - 500K');
    expect(await form.getByRole('button', { name: 'Request a demo' }).isEnabled()).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });

  it('without JavaScript, the contact form comes back as a 503 page that says so and keeps what was typed', async () => {
    const { page, context } = await site.openPage(viewport, { javaScript: false });
    await page.goto(`${site.url}/contact`);
    const form = page.getByRole('form', { name: 'Send us a message' });
    const fields = ['Full name', 'Email address', 'Subject', 'Message'].map((label) => form.getByLabel(label));
    const typed = ['Ada Lovelace', 'ada@example.com', 'Outage', 'Are you there?'];
    for (const [index, field] of fields.entries()) await field.fill(typed[index]!);
    const [response] = await Promise.all([
      page.waitForResponse((answer) => answer.request().method() === 'POST'),
      form.getByRole('button', { name: 'Send message' }).click(),
    ]);
    expect(response.status()).toBe(503);
    await page.waitForLoadState();
    expect(await form.locator('[data-error-summary]').textContent()).toContain(serviceMessages.serviceUnavailable);
    expect(await valuesOf(fields)).toEqual(typed);
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });

  it('the contact form and the footer newsletter say so and keep what was typed', async () => {
    const { page, context } = await site.openPage(viewport);
    await page.goto(`${site.url}/contact`);
    const form = page.getByRole('form', { name: 'Send us a message' });
    // Anchored: the error's close button is labelled 'Close the error message'.
    const fields = ['Full name', 'Email address', 'Subject', 'Message'].map((label) =>
      form.getByLabel(new RegExp(`^${label}`)),
    );
    const typed = ['Ada Lovelace', 'ada@example.com', 'Outage', 'Are you there?'];
    for (const [index, field] of fields.entries()) await field.fill(typed[index]!);
    await form.getByRole('button', { name: 'Send message' }).click();
    const alert = form.getByRole('alert').filter({ hasText: serviceMessages.serviceUnavailable });
    // The island's code loads on the first use, then posts: on a machine busy with the other
    // e2e file this has taken past the project's five seconds.
    await expect.poll(() => alert.isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await valuesOf(fields)).toEqual(typed);
    expect(await axeViolations(page)).toEqual([]);

    const box = page.getByRole('form', { name: 'Get the newsletter' });
    const email = box.getByLabel('Email address');
    await email.fill('reader@example.com');
    await box.getByRole('button', { name: 'Subscribe' }).click();
    await expect.poll(() => box.getByRole('alert').textContent()).toBe(serviceMessages.serviceUnavailable);
    expect(await email.inputValue()).toBe('reader@example.com');
    // The address was fine; only the moment was wrong.
    expect(await email.getAttribute('aria-invalid')).toBeNull();
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });
});
