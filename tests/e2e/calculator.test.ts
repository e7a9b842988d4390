import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations } from '@growmail/test-support/axe';
import { gotoSettled } from '@growmail/test-support/settle';
import { useSite, viewports } from '@growmail/test-support/site';

const site = useSite();

type Inputs = { customers: string; cost: string; email: string; services: string[] };

async function fill(page: Page, inputs: Inputs) {
  await page.getByLabel('Number of customers').fill(inputs.customers);
  await page.getByLabel('Current annual cost (USD)').fill(inputs.cost);
  await page.getByLabel('Email Address', { exact: true }).fill(inputs.email);
  for (const name of ['Campaign Mailing', 'Marketing Automations', 'Transactional Emails', 'Mobile Push Messaging']) {
    await page.getByRole('checkbox', { name }).setChecked(inputs.services.includes(name));
  }
  await page.getByRole('button', { name: 'Estimate your savings' }).click();
}

/** The stored savings leads for an address, read from the server's database rather than the page. */
async function storedLeads(email: string) {
  const rows = (await site.app.leads.list({ type: 'savings' })).filter((row) => row.email === email);
  return rows.map((row) => JSON.parse(row.metadata));
}

const allServices = ['Campaign Mailing', 'Marketing Automations', 'Transactional Emails', 'Mobile Push Messaging'];

describe.each(viewports)('the savings calculator at $name size', (viewport) => {
  const email = (name: string) => `${name}-${viewport.name}@example.com`;
  const formAlert = (page: Page) => page.getByRole('form', { name: 'Savings calculator' }).getByRole('alert');

  it.each(['/calculator/calculate', '/calculator'])(
    "on %s, says 'Please fill all fields.' for empty or zero fields, then estimates",
    async (path) => {
      const { page, context, problems } = await site.openPage(viewport);
      page.on('dialog', (dialog) => {
        problems.console.push(`unexpected dialog: ${dialog.message()}`);
        void dialog.dismiss();
      });
      await gotoSettled(page, `${site.url}${path}`);

      await page.getByRole('button', { name: 'Estimate your savings' }).click();
      const alert = formAlert(page).filter({ hasText: 'Please fill all fields.' });
      const zero = email(`zero${path.replaceAll('/', '-')}`);
      await expect.poll(() => alert.isVisible()).toBe(true);
      const customers = page.getByLabel('Number of customers');
      expect(await customers.getAttribute('aria-invalid')).toBe('true');
      expect(await customers.evaluate((input) => input === document.activeElement)).toBe(true);
      const describedBy = await customers.getAttribute('aria-describedby');
      expect(await page.locator(`[id="${describedBy}"]`).textContent()).toBe('Please fill all fields.');
      expect(await axeViolations(page)).toEqual([]);

      await fill(page, { customers: '0', cost: '5000', email: zero, services: allServices });
      await expect.poll(() => alert.isVisible()).toBe(true);
      expect(await page.getByTestId('calculator-result').count()).toBe(0);
      expect(await storedLeads(zero)).toEqual([]);

      await fill(page, { customers: '2,000', cost: '5000', email: zero, services: allServices });
      // 23.5 × 12 × 2,000 ÷ 1500 = 376
      await expect.poll(() => page.getByTestId('savings').textContent()).toBe('$4,624.00');
      expect(problems).toEqual({ console: [], failed: [] });
      await context.close();
    },
  );

  it('gives the right figure for several inputs, both messages, and a way back to edit', async () => {
    const { page, context, problems } = await site.openPage(viewport);
    await gotoSettled(page, `${site.url}/calculator/calculate`);
    const result = page.getByTestId('calculator-result');

    // 23.5 × 12 × 10,000 ÷ 1500 = 1,880 → 12,000 − 1,880
    await fill(page, { customers: '10000', cost: '12000', email: email('one'), services: allServices });
    await expect.poll(() => page.getByTestId('savings').textContent()).toBe('$10,120.00');
    expect(await result.getByRole('heading', { name: 'You could save' }).isVisible()).toBe(true);
    expect(await result.getByRole('listitem').count()).toBe(4);
    expect(
      await page.getByRole('heading', { name: 'You could save' }).evaluate((h) => h === document.activeElement),
    ).toBe(true);
    const demo = await result.getByRole('link', { name: 'Book a 30-minute Demo' }).getAttribute('href');
    expect(new URL(demo!).pathname).toBe('/demo');
    expect(await axeViolations(page)).toEqual([]);

    await result.getByRole('button', { name: 'Edit your answers' }).click();
    expect(await page.getByLabel('Number of customers').inputValue()).toBe('10000');
    expect(await page.getByRole('checkbox', { name: 'Mobile Push Messaging' }).isChecked()).toBe(true);
    expect(
      await page.getByRole('button', { name: 'Estimate your savings' }).evaluate((b) => b === document.activeElement),
    ).toBe(true);

    // (5 + 10) × 12 × 1,234 ÷ 1500 = 148.08 → 250.50 − 148.08
    await fill(page, {
      customers: '1234',
      cost: '$250.50',
      email: email('two'),
      services: ['Campaign Mailing', 'Transactional Emails'],
    });
    await expect.poll(() => page.getByTestId('savings').textContent()).toBe('$102.42');

    // 5 × 12 × 1,000 ÷ 1500 = 40 → 140 − 40 = 100: not above 100, so already cost efficient.
    await result.getByRole('button', { name: 'Edit your answers' }).click();
    await fill(page, { customers: '1000', cost: '140', email: email('three'), services: ['Campaign Mailing'] });
    const efficient = result.getByText('Your current setup is already cost efficient.');
    await expect.poll(() => efficient.isVisible()).toBe(true);
    expect(await page.getByTestId('savings').count()).toBe(0);
    expect(await result.getByRole('link', { name: 'Book a 30-minute Demo' }).isVisible()).toBe(true);
    expect(await axeViolations(page)).toEqual([]);

    // Growmail would cost more (188,000 a year): savings floor at 0.
    await result.getByRole('button', { name: 'Edit your answers' }).click();
    await fill(page, { customers: '1000000', cost: '50000', email: email('four'), services: allServices });
    await expect.poll(() => efficient.isVisible()).toBe(true);

    await expect.poll(() => storedLeads(email('one'))).toHaveLength(1);
    expect(await storedLeads(email('one'))).toEqual([
      {
        email: email('one'),
        type: 'savings',
        contact_count: 10_000,
        current_cost: 12_000,
        savings: 10_120,
        services: { campaign: true, automation: true, transactional: true, push: true },
      },
    ]);
    await expect.poll(() => storedLeads(email('two'))).toHaveLength(1);
    expect((await storedLeads(email('two')))[0]).toMatchObject({
      contact_count: 1234,
      current_cost: 250.5,
      savings: 102.42,
      services: { campaign: true, automation: false, transactional: true, push: false },
    });
    await expect.poll(() => storedLeads(email('three'))).toHaveLength(1);
    await expect.poll(() => storedLeads(email('four'))).toHaveLength(1);
    expect((await storedLeads(email('four')))[0]).toMatchObject({ savings: 0 });
    expect(problems).toEqual({ console: [], failed: [] });
    await context.close();
  });

  it('names a bad number or address in the alert and marks the field', async () => {
    const { page, context } = await site.openPage(viewport);
    await gotoSettled(page, `${site.url}/calculator`);
    await fill(page, { customers: '-20', cost: '1000', email: email('bad'), services: [] });
    const alert = formAlert(page);
    await expect
      .poll(() => alert.textContent())
      .toBe('Number of customers must be a whole number from 1 to 1,000,000,000.');
    expect(await page.getByLabel('Number of customers').getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByLabel('Current annual cost (USD)').getAttribute('aria-invalid')).toBeNull();

    await fill(page, { customers: '20', cost: '1000', email: 'not-an-address', services: [] });
    await expect.poll(() => alert.textContent()).toBe('Invalid email address.');
    expect(await page.getByLabel('Email Address', { exact: true }).getAttribute('aria-invalid')).toBe('true');
    expect(await axeViolations(page)).toEqual([]);

    // Correcting the field clears its mark.
    await page.getByLabel('Email Address', { exact: true }).fill('fixed@example.com');
    expect(await page.getByLabel('Email Address', { exact: true }).getAttribute('aria-invalid')).toBeNull();
    await context.close();
  });

  it('shows the result even when the lead cannot be sent', async () => {
    const { page, context } = await site.openPage(viewport);
    let attempts = 0;
    await context.route('**/services/sales/leads', (route) => {
      attempts += 1;
      return route.abort('connectionrefused');
    });
    await gotoSettled(page, `${site.url}/calculator/calculate`);
    await fill(page, { customers: '3000', cost: '9000', email: email('offline'), services: ['Campaign Mailing'] });
    // 5 × 12 × 3,000 ÷ 1500 = 120
    await expect.poll(() => page.getByTestId('savings').textContent()).toBe('$8,880.00');
    await expect.poll(() => attempts, { timeout: 10_000 }).toBe(3);
    expect(await storedLeads(email('offline'))).toEqual([]);
    await context.close();
  });
});
