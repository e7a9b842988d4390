import { describe, expect, it } from 'vitest';
import { mintUnsubscribeLink } from '../../apps/server/src/services/users/tracking.ts';
import { axeViolations } from '@growmail/test-support/axe';
import { useSite, viewports } from '@growmail/test-support/site';

/** The outcome's address names the form and the reference, and carries nothing that was typed. */
const expectNoFieldIn = (address: string) => {
  const url = new URL(address);
  expect([...url.searchParams.keys()]).toEqual(['form', 'reference']);
  expect(url.searchParams.get('reference')).toMatch(/^[\w-]+$/);
};

const site = useSite({ RATE_LIMIT_PER_MINUTE: '100' });

const enquiriesFrom = async (email: string) =>
  (await site.app.leads.list({ type: 'enquiry' })).filter((row) => row.email === email);

/**
 * The contact form with JavaScript off (issue 20, D30): a native post, stored and answered with
 * the outcome page, or the same page back with the GOV.UK error summary and every value kept.
 */
describe.each(viewports)('the contact form without JavaScript at $name', (viewport) => {
  const open = async () => {
    const opened = await site.openPage(viewport, { javaScript: false });
    opened.page.setDefaultTimeout(15_000);
    await opened.page.goto(`${site.url}/contact`);
    return { ...opened, form: opened.page.getByRole('form', { name: 'Send us a message' }) };
  };

  it('stores the enquiry, shows the outcome page with its reference, and a reload makes no second lead', async () => {
    const { page, context, form, problems } = await open();
    const email = `nojs-${viewport.name}@acme.test`;
    await form.getByLabel('Full name').fill('Ada Obi');
    await form.getByLabel('Email address').fill(email);
    await form.getByLabel('Subject').fill('Agency pricing');
    await form.getByLabel('Message').fill('Hello there, a question about pricing.');
    await form.getByRole('button', { name: 'Send message' }).click();
    await page.waitForURL(/\/sent\?/);
    expectNoFieldIn(page.url());
    expect(await page.locator('main [role="status"]').textContent()).toBe(
      'Thank you for reaching out! We will get back to you shortly.',
    );
    const reference = new URL(page.url()).searchParams.get('reference')!;
    expect(await page.getByText('Your reference:').textContent()).toContain(reference);
    expect(await axeViolations(page)).toEqual([]);

    await page.reload();
    await page.goBack();
    await page.goForward();
    expect(await enquiriesFrom(email)).toHaveLength(1);
    expect(problems.console).toEqual([]);
    await context.close();
  });

  it('sends the page back with a summary linking to each field, the messages, and everything typed', async () => {
    const { page, context, form } = await open();
    await form.getByLabel('Email address').fill('ada@');
    await form.getByLabel('Subject').fill('Agency pricing');
    await form.getByLabel('Message').fill('Kept, every word.');
    await form.getByRole('button', { name: 'Send message' }).click();
    await page.waitForLoadState();
    expect(await page.title()).toMatch(/^Error: /);
    const summary = page.locator('[data-error-summary]');
    expect(await summary.getByRole('heading').textContent()).toBe('There is a problem');
    // Focused on load, so a screen reader starts with what went wrong.
    expect(await page.evaluate(() => document.activeElement?.hasAttribute('data-error-summary'))).toBe(true);
    await summary.getByRole('link', { name: 'Invalid email address.' }).click();
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('contact-email');
    expect(await form.getByLabel('Email address').inputValue()).toBe('ada@');
    expect(await form.getByLabel('Subject').inputValue()).toBe('Agency pricing');
    expect(await form.getByLabel('Message').inputValue()).toBe('Kept, every word.');
    expect(await form.getByLabel('Full name').getAttribute('aria-invalid')).toBe('true');
    expect(await axeViolations(page)).toEqual([]);

    // Corrected and sent again from the page the server sent back.
    await form.getByLabel('Full name').fill('Ada Obi');
    await form.getByLabel('Email address').fill(`fixed-${viewport.name}@acme.test`);
    await form.getByRole('button', { name: 'Send message' }).click();
    await page.waitForURL(/\/sent\?/);
    expect(await enquiriesFrom(`fixed-${viewport.name}@acme.test`)).toHaveLength(1);
    await context.close();
  });
});

const leadsFrom = async (email: string) => (await site.app.leads.list({})).filter((row) => row.email === email);

/** The demo and startup forms with JavaScript off: native selects, an enabled button, the same outcome and errors. */
describe.each(viewports)('the lead forms without JavaScript at $name', (viewport) => {
  const forms = [
    { path: '/demo', name: 'Request a demo', choices: { 'Number of users': '100K - 250K' } },
    {
      path: '/startup',
      name: 'Submit Application',
      choices: { 'Number of users': '10K - 50K', 'Annual email marketing budget': '$5,000 - $10,000' },
    },
  ];

  it.each(forms)(
    '$path: stores the lead once and shows its outcome, or the problems with every choice kept',
    async ({ path, name, choices }) => {
      const { page, context, problems } = await site.openPage(viewport, { javaScript: false });
      page.setDefaultTimeout(15_000);
      await page.goto(`${site.url}${path}`);
      const form = page.getByRole('form', { name });
      const email = `nojs-${path.slice(1)}-${viewport.name}@acme.test`;
      await form.getByLabel('First name').fill('Ada');
      await form.getByLabel('Company name').fill('Acme');
      await form.getByLabel('Company email').fill('ada@');
      await form.getByLabel('Phone number').fill('+234 803 123 4567');
      for (const [label, option] of Object.entries(choices))
        await form.getByLabel(label).selectOption({ label: option });
      await form.getByRole('button', { name }).click();
      await page.waitForLoadState();

      expect(await page.title()).toMatch(/^Error: /);
      const summary = page.locator('[data-error-summary]');
      expect(await summary.getByRole('link').allTextContents()).toEqual([
        'Last name is required.',
        'Invalid email address.',
      ]);
      expect(await form.getByLabel('Company email').inputValue()).toBe('ada@');
      for (const [label, option] of Object.entries(choices)) {
        expect(await form.getByLabel(label).locator('option:checked').textContent()).toBe(option);
      }
      expect(await axeViolations(page)).toEqual([]);

      await form.getByLabel('Last name').fill('Obi');
      await form.getByLabel('Company email').fill(email);
      await form.getByRole('button', { name }).click();
      await page.waitForURL(/\/sent\?/);
      expectNoFieldIn(page.url());
      expect(await page.locator('main [role="status"]').textContent()).toMatch(/submitted successfully/);
      expect(await axeViolations(page)).toEqual([]);
      await page.reload();
      await page.goBack();
      expect(await leadsFrom(email)).toHaveLength(1);
      expect(problems.console).toEqual([]);
      await context.close();
    },
  );
});

/** The calculator with JavaScript off: the result on the outcome page, and its lead stored once. */
describe.each(viewports)('the calculator without JavaScript at $name', (viewport) => {
  it('shows the problems with what was typed kept, then the result, storing the lead once', async () => {
    const { page, context, problems } = await site.openPage(viewport, { javaScript: false });
    page.setDefaultTimeout(15_000);
    await page.goto(`${site.url}/calculator`);
    const form = page.getByRole('form', { name: 'Savings calculator' });
    const email = `nojs-calculator-${viewport.name}@acme.test`;
    await form.getByLabel('Current annual cost (USD)').fill('50000');
    await form.getByLabel('Mobile Push Messaging').check();
    await form.getByRole('button', { name: 'Estimate your savings' }).click();
    await page.waitForLoadState();
    expect(await page.locator('[data-error-summary]').getByRole('link').allTextContents()).toEqual([
      'Please fill all fields.',
      'Please fill all fields.',
    ]);
    expect(await form.getByLabel('Current annual cost (USD)').inputValue()).toBe('50000');
    expect(await form.getByLabel('Mobile Push Messaging').isChecked()).toBe(true);
    expect(await axeViolations(page)).toEqual([]);

    await form.getByLabel('Number of customers').fill('30000');
    await form.getByLabel('Email Address').fill(email);
    await form.getByLabel('Campaign Mailing').check();
    await form.getByRole('button', { name: 'Estimate your savings' }).click();
    await page.waitForURL(/\/sent\?/);
    expectNoFieldIn(page.url());
    expect(await page.locator('main [role="status"]').textContent()).toBe(
      'You can save up to $47,960.00 every year by moving your messaging to Growmail.',
    );
    await page.reload();
    expect(await leadsFrom(email)).toHaveLength(1);
    expect(problems.console).toEqual([]);
    await context.close();
  });
});

/** The confirmation link in the newest confirmation email to this address, as the outbox holds it. */
async function confirmationPath(email: string): Promise<string> {
  const rows = (await site.app.mail.all()).filter((row) => row.topic === 'newsletter:confirm').reverse();
  const mail = rows.map((row) => JSON.parse(row.message) as { to: string; text: string }).find((m) => m.to === email);
  const link = /https?:\/\/\S+\/newsletter\/confirm\?token=[\w.-]+/.exec(mail?.text ?? '')?.[0];
  if (!link) throw new Error(`no confirmation email to ${email}`);
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
}

const statusOf = async (email: string) => {
  const ids = new Set((await site.app.contacts.all()).filter((row) => row.email === email).map((row) => row.id));
  return (await site.app.memberships.all()).filter((row) => ids.has(row.contact_id)).map((row) => row.status);
};

/** The newsletter's three forms with JavaScript off: subscribe in the footer, confirm from the email, set preferences. */
describe.each(viewports)('the newsletter without JavaScript at $name', (viewport) => {
  it('subscribes from the footer, confirms from the email’s link, then leaves from the preferences link', async () => {
    const { page, context, problems } = await site.openPage(viewport, { javaScript: false });
    page.setDefaultTimeout(15_000);
    const email = `nojs-reader-${viewport.name}@example.com`;

    // A bad address: the newsletter's own page, the problem in the box's summary, the address kept.
    await page.goto(`${site.url}/privacy`);
    const box = page.getByRole('form', { name: 'Get the newsletter' });
    await box.getByLabel('Email address').fill('reader@');
    await box.getByRole('button', { name: 'Subscribe' }).click();
    await page.waitForLoadState();
    expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toMatch(/\/newsletter$/);
    expect(await page.evaluate(() => document.activeElement?.textContent)).toContain('There is a problem');
    expect(await box.locator('[data-error-summary]').getByRole('link').allTextContents()).toEqual([
      'Invalid email address.',
    ]);
    expect(await box.getByLabel('Email address').inputValue()).toBe('reader@');
    expect(await axeViolations(page)).toEqual([]);

    await box.getByLabel('Email address').fill(email);
    await box.getByRole('button', { name: 'Subscribe' }).click();
    await page.waitForURL(/\/sent\?/);
    expectNoFieldIn(page.url());
    expect(await page.locator('main [role="status"]').textContent()).toBe(
      'Thanks! Check your inbox and open the link we sent to confirm your subscription.',
    );
    expect(await statusOf(email)).toEqual(['pending']);

    // The email's link: a page whose button confirms, without script.
    await page.goto(`${site.url}${await confirmationPath(email)}`);
    expect(await statusOf(email)).toEqual(['pending']);
    await page.getByRole('button', { name: 'Confirm my subscription' }).click();
    await page.waitForURL(/\/sent\?form=confirm$/);
    expect(await page.locator('main [role="status"]').textContent()).toBe(
      'You are subscribed. Look out for our next newsletter.',
    );
    expect(await statusOf(email)).toEqual(['subscribed']);

    // The unsubscribe link: every list, chosen and saved without script.
    const link = new URL((await mintUnsubscribeLink(site.app, site.app.config, email))!);
    await page.goto(`${site.url}${link.pathname}`);
    expect(await page.getByText(email).isVisible()).toBe(true);
    expect(await page.getByTestId('preferences-logo').isVisible()).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('radio', { name: 'All lists' }).check();
    await page.getByRole('button', { name: 'Save preferences' }).click();
    await page.waitForURL(/\/sent\?form=preferences$/);
    expect(await page.locator('main [role="status"]').textContent()).toBe('Preferences set successfully.');
    expect(await statusOf(email)).toEqual(['unsubscribed']);
    expect(problems.console).toEqual([]);
    await context.close();
  });

  it('keeps a tampered confirmation link on its page, saying it is not valid', async () => {
    const { page, context } = await site.openPage(viewport, { javaScript: false });
    await page.goto(`${site.url}/newsletter/confirm?token=not.a.real-token`);
    await page.getByRole('button', { name: 'Confirm my subscription' }).click();
    await page.waitForLoadState();
    const form = page.getByRole('form', { name: 'Confirm your subscription' });
    expect(await form.locator('[data-error-summary]').textContent()).toContain(
      'This confirmation link is not valid or has expired.',
    );
    expect(await page.getByRole('button', { name: 'Confirm my subscription' }).isVisible()).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });
});
