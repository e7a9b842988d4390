import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtp } from '@growmail/test-support/smtp';
import { axeViolations } from '@growmail/test-support/axe';
import { failRequests, focusedName, holdRequests, isGreen, isRed, textColour } from '@growmail/test-support/forms';
import { useSite, viewports, type PageOptions } from '@growmail/test-support/site';

// The SMTP server's hooks come before useSite's, so it starts before the site and stops after it.
let smtp: Awaited<ReturnType<typeof startSmtp>>;
beforeAll(async () => {
  smtp = await startSmtp();
});
afterAll(async () => {
  await smtp?.close();
});
const site = useSite(() => ({ RATE_LIMIT_PER_MINUTE: '100', SMTP_URL: smtp.url, SALES_INBOX: 'sales@growmail.test' }));

const leads = async (type: string) => (await site.app.leads.list({})).filter((row) => row.type === type);

type FormCase = {
  path: string;
  form: string;
  button: string;
  success: string;
  endpoint: string;
  type: 'demo' | 'startup';
  choices: { label: string; option: string; value: string; key: string }[];
  /**
   * The controls between the last choice and the button, by accessible name: the demo's time
   * picker (D32). A pattern stands for a run of controls, one for each element `of` selects.
   */
  between: (string | { each: RegExp; of: string })[];
};

const cases: FormCase[] = [
  {
    path: '/demo',
    form: 'Request a demo',
    button: 'Request a demo',
    success: 'Request submitted successfully',
    endpoint: '**/services/users/demos',
    type: 'demo',
    choices: [{ label: 'Number of users', option: '250K - 500K', value: '250K:500K', key: 'subscribers' }],
    // Each folded day is a stop (its summary); the slots are one radio group, one stop, on
    // "None of these times" until a time is chosen. "Show times" follows the button, so Enter books.
    between: [
      'Show times in',
      {
        each: /^(Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday) \d+ \w+$/,
        of: '[data-demo-slot-days] summary',
      },
      'None of these times work for me',
    ],
  },
  {
    path: '/startup',
    form: 'Submit Application',
    button: 'Submit Application',
    success: 'Application submitted successfully',
    endpoint: '**/services/sales/leads',
    type: 'startup',
    choices: [
      { label: 'Number of users', option: '50K - 100K', value: '50K:100K', key: 'user_count' },
      {
        label: 'Annual email marketing budget',
        option: '$5,000 - $10,000',
        value: '5K:10K',
        key: 'annual_budget',
      },
    ],
    between: [],
  },
];

const textLabels = ['First name', 'Last name', 'Company name', 'Company email', 'Phone number'];

/** Picks an option the way a keyboard user does: arrows through the list, Enter to choose. */
async function chooseWithKeyboard(page: Page, combobox: Locator, option: string) {
  await combobox.focus();
  // The browser's own select until the island runs, which the focus starts (D30).
  await expect.poll(() => combobox.evaluate((element) => element.tagName)).toBe('INPUT');
  await combobox.focus();
  await page.keyboard.press('ArrowDown');
  const listbox = page.locator(`#${await combobox.getAttribute('aria-controls')}`);
  await expect.poll(() => listbox.isVisible()).toBe(true);
  for (let step = 0; step < 8; step += 1) {
    const active = await combobox.getAttribute('aria-activedescendant');
    if (active && (await page.locator(`#${active}`).textContent())?.startsWith(option)) break;
    await page.keyboard.press('ArrowDown');
  }
  await page.keyboard.press('Enter');
  await expect.poll(() => combobox.inputValue()).toBe(option);
}

describe.each(viewports)('the lead forms at $name', (viewport) => {
  describe.each(cases)('$path', (form) => {
    const open = async (options: PageOptions = {}) => {
      const opened = await site.openPage(viewport, options);
      await opened.page.goto(`${site.url}${form.path}`);
      const element = opened.page.getByRole('form', { name: form.form });
      await expect.poll(() => element.isVisible()).toBe(true);
      return { ...opened, element };
    };
    const fill = async (element: Locator, suffix: string, email = `${form.type}.${suffix}@example.com`) => {
      await element.getByLabel('First name').fill('Grace');
      await element.getByLabel('Last name').fill(`Hopper ${suffix}`);
      await element.getByLabel('Company name').fill(`Compile Co ${suffix}`);
      await element.getByLabel('Company email').fill(email);
      await element.getByLabel('Phone number').fill('+234 803 123 4567');
    };

    it('keeps the button disabled until every field is filled, and marks every field required', async () => {
      const { page, context, element } = await open();
      const button = element.getByRole('button', { name: form.button });
      // Enabled in the HTML, for a visitor without script (D30); disabled once the island runs,
      // which it does at the visitor's first focus in the form.
      expect(await button.isEnabled()).toBe(true);
      await element.getByLabel('First name').focus();
      await expect.poll(() => button.isDisabled()).toBe(true);
      for (const label of textLabels) {
        expect(await element.getByLabel(label).getAttribute('aria-required')).toBe('true');
      }
      for (const choice of form.choices) {
        const combobox = element.getByRole('combobox', { name: choice.label });
        expect(await combobox.getAttribute('aria-required')).toBe('true');
      }
      await fill(element, 'disabled');
      expect(await button.isDisabled()).toBe(true);
      // The open list passes axe too.
      const first = element.getByRole('combobox', { name: form.choices[0]!.label });
      await first.focus();
      await page.keyboard.press('ArrowDown');
      await expect.poll(() => first.getAttribute('aria-expanded')).toBe('true');
      expect(await axeViolations(page)).toEqual([]);
      await page.keyboard.press('Escape');
      for (const choice of form.choices) {
        expect(await button.isDisabled()).toBe(true);
        await chooseWithKeyboard(page, element.getByRole('combobox', { name: choice.label }), choice.option);
      }
      await expect.poll(() => button.isEnabled()).toBe(true);
      await element.getByLabel('Company name').fill('   ');
      await expect.poll(() => button.isDisabled()).toBe(true);
      expect(await axeViolations(page)).toEqual([]);
      await context.close();
    });

    it('is completed with the keyboard alone; success clears the form and the record is stored', async () => {
      const { page, context, element, problems } = await open();
      const suffix = `keys-${viewport.name}`;
      await element.getByLabel('First name').focus();
      for (const value of ['Grace', `Hopper ${suffix}`, `Compile Co ${suffix}`, `${form.type}.${suffix}@example.com`]) {
        await page.keyboard.type(value);
        await page.keyboard.press('Tab');
      }
      await page.keyboard.type('0044 20 7946 0958');
      for (const choice of form.choices) {
        await page.keyboard.press('Tab');
        // The toggle button is skipped: downshift keeps it out of the tab order.
        expect(await focusedName(page)).toBe(choice.label);
        await chooseWithKeyboard(page, element.getByRole('combobox', { name: choice.label }), choice.option);
      }
      for (const step of form.between) {
        const names =
          typeof step === 'string'
            ? [step]
            : Array.from({ length: await element.locator(step.of).count() }, () => step.each);
        expect(names.length).toBeGreaterThan(0);
        for (const name of names) {
          await page.keyboard.press('Tab');
          if (typeof name === 'string') expect(await focusedName(page)).toBe(name);
          else expect(await focusedName(page)).toMatch(name);
        }
      }
      await page.keyboard.press('Tab');
      expect(await focusedName(page)).toBe(form.button);

      const hold = await holdRequests(page, form.endpoint);
      await page.keyboard.press('Enter');
      const busy = element.getByRole('button', { name: 'Submitting…' });
      await expect.poll(() => busy.isDisabled()).toBe(true);
      expect(await busy.getAttribute('aria-busy')).toBe('true');
      expect(await axeViolations(page)).toEqual([]);
      await hold.release();

      const status = element.getByRole('status').filter({ hasText: form.success });
      await expect.poll(() => status.isVisible()).toBe(true);
      expect(isGreen(await textColour(status.locator('p')))).toBe(true);
      for (const label of textLabels) expect(await element.getByLabel(label).inputValue()).toBe('');
      for (const choice of form.choices) {
        expect(await element.getByRole('combobox', { name: choice.label }).inputValue()).toBe('');
      }
      expect(await element.getByRole('button', { name: form.button }).isDisabled()).toBe(true);
      expect(await axeViolations(page)).toEqual([]);

      const row = (await leads(form.type)).find((lead) => lead.email === `${form.type}.${suffix}@example.com`);
      const metadata = JSON.parse(row!.metadata);
      expect(metadata).toMatchObject({
        type: form.type,
        firstname: 'Grace',
        lastname: `Hopper ${suffix}`,
        company_name: `Compile Co ${suffix}`,
        phone_number: '+442079460958',
      });
      for (const choice of form.choices) expect(metadata[choice.key]).toBe(choice.value);
      expect(problems.console).toEqual([]);
      await context.close();
    });

    it('shows the spec’s failure message on a network failure, keeping what was typed', async () => {
      // Without the site's worker: with it, the lead goes to the worker instead (offline.test.ts).
      const { page, context, element } = await open({ serviceWorkers: 'block' });
      await failRequests(page, form.endpoint);
      await fill(element, `offline-${viewport.name}`);
      for (const choice of form.choices) {
        await chooseWithKeyboard(page, element.getByRole('combobox', { name: choice.label }), choice.option);
      }
      await element.getByRole('button', { name: form.button }).click();
      const alert = element.getByRole('alert');
      await expect.poll(() => alert.textContent()).toBe('An error occurred. Please try again.');
      expect(isRed(await textColour(alert.locator('div')))).toBe(true);
      expect(await element.getByLabel('First name').inputValue()).toBe('Grace');
      expect(await axeViolations(page)).toEqual([]);
      await alert.getByRole('button', { name: 'Close the error message' }).click();
      await expect.poll(() => element.getByText('An error occurred. Please try again.').isVisible()).toBe(false);
      expect((await leads(form.type)).some((lead) => lead.email.includes(`offline-${viewport.name}`))).toBe(false);
      await context.close();
    });

    it('puts the server’s reason on the field it names', async () => {
      const { page, context, element } = await open();
      await fill(element, `bad-${viewport.name}`, 'grace@invalid');
      for (const choice of form.choices) {
        await chooseWithKeyboard(page, element.getByRole('combobox', { name: choice.label }), choice.option);
      }
      await element.getByRole('button', { name: form.button }).click();
      await expect.poll(() => element.getByRole('alert').textContent()).toBe('An error occurred. Please try again.');
      const email = element.getByLabel('Company email');
      expect(await email.getAttribute('aria-invalid')).toBe('true');
      expect(await page.locator(`#${await email.getAttribute('aria-describedby')}`).textContent()).toBe(
        'Invalid email address.',
      );
      expect(await axeViolations(page)).toEqual([]);
      await context.close();
    });
  });
});

describe('a demo request', () => {
  it('reaches the sales inbox by email', async () => {
    const { page, context } = await site.openPage(viewports[1]);
    await page.goto(`${site.url}/demo`);
    const form = page.getByRole('form', { name: 'Request a demo' });
    await form.getByLabel('First name').fill('Mary');
    await form.getByLabel('Last name').fill('Jackson');
    await form.getByLabel('Company name').fill('Wind Tunnel Ltd');
    await form.getByLabel('Company email').fill('mary@windtunnel.example');
    await form.getByLabel('Phone number').fill('+1 202 555 0198');
    await chooseWithKeyboard(page, form.getByRole('combobox', { name: 'Number of users' }), 'Greater than 5M');
    await form.getByRole('button', { name: 'Request a demo' }).click();
    await expect.poll(() => form.getByText('Request submitted successfully').isVisible()).toBe(true);

    await expect
      .poll(() => smtp.received.find((mail) => mail.raw.includes('Wind Tunnel Ltd')), { timeout: 10_000 })
      .toBeTruthy();
    const mail = smtp.received.find((item) => item.raw.includes('Wind Tunnel Ltd'))!;
    expect(mail.to).toEqual(['sales@growmail.test']);
    expect(mail.raw).toContain('Subject: New demo lead: Mary Jackson');
    expect(mail.raw).toContain('subscribers: 5M+');
    expect(mail.raw).toContain('phone_number: +12025550198');
    await context.close();
  });
});
