import { describe, expect, it } from 'vitest';
import { axeViolations } from '@growmail/test-support/axe';
import { failRequests, focusedName, holdRequests, isGreen, isRed, textColour } from '@growmail/test-support/forms';
import { useSite, viewports, type PageOptions } from '@growmail/test-support/site';

const site = useSite({ RATE_LIMIT_PER_MINUTE: '100' });

const enquiries = () => site.app.leads.list({ type: 'enquiry' });

describe.each(viewports)('the contact form at $name', (viewport) => {
  const open = async (options: PageOptions = {}) => {
    const opened = await site.openPage(viewport, options);
    await opened.page.goto(`${site.url}/#contact-us`);
    const form = opened.page.getByRole('form', { name: 'Send us a message' });
    await expect.poll(() => form.isVisible()).toBe(true);
    return { ...opened, form };
  };

  it('shows each spec "Validation rules" message on its field, validating as the visitor types', async () => {
    const { page, context, form } = await open();
    await form.getByRole('button', { name: 'Send message' }).click();
    const expected = {
      'Full name': 'Full name is required.',
      'Email address': 'Email address is required.',
      Subject: 'Subject of message is required.',
      Message: 'Body of message is required.',
    };
    for (const [label, message] of Object.entries(expected)) {
      const field = form.getByLabel(label);
      await expect.poll(() => field.getAttribute('aria-invalid')).toBe('true');
      const describedBy = await field.getAttribute('aria-describedby');
      // The page may show it first from its attribute (forms/first-answer.tsx); React's words follow.
      await expect.poll(() => page.locator(`#${describedBy}`).textContent()).toBe(message);
    }
    // The first invalid field takes focus, so its message is announced.
    expect(await focusedName(page)).toBe('Full name');
    expect(await axeViolations(page)).toEqual([]);

    const email = form.getByLabel('Email address');
    await email.fill('ada@');
    await expect.poll(() => form.getByText('Invalid email address.').isVisible()).toBe(true);
    await email.fill('ada@example.com');
    await expect.poll(() => email.getAttribute('aria-invalid')).toBeNull();
    await form.getByLabel('Full name').fill('   ');
    await expect.poll(() => form.getByText('Full name is required.').isVisible()).toBe(true);
    await form.getByLabel('Full name').fill('Ada');
    await expect.poll(() => form.getByText('Full name is required.').count()).toBe(0);
    expect((await enquiries()).filter((row) => JSON.parse(row.metadata).fullname === 'Ada')).toEqual([]);
    await context.close();
  });

  it('is completed with the keyboard alone, shows the spinner while sending, then the server’s message in green', async () => {
    const { page, context, form, problems } = await open();
    const fullname = `Keyboard Person ${viewport.name}`;
    await form.getByLabel('Full name').focus();
    await page.keyboard.type(`  ${fullname}  `);
    await page.keyboard.press('Tab');
    await page.keyboard.type('keyboard@example.com');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Agency pricing');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Do you offer agency pricing?');
    await page.keyboard.press('Tab');
    expect(await focusedName(page)).toBe('Send message');

    const hold = await holdRequests(page, '**/services/users/guests/enquiry');
    await page.keyboard.press('Enter');
    const button = form.getByRole('button', { name: /Sending/ });
    await expect.poll(() => button.isDisabled()).toBe(true);
    expect(await button.getAttribute('aria-busy')).toBe('true');
    expect(await form.getByTestId('spinner').isVisible()).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    await hold.release();

    const status = form.getByRole('status');
    await expect.poll(() => status.textContent()).toBe('Thank you for reaching out! We will get back to you shortly.');
    expect(isGreen(await textColour(status.locator('p')))).toBe(true);
    for (const label of ['Full name', 'Email address', 'Subject', 'Message']) {
      expect(await form.getByLabel(label).inputValue()).toBe('');
    }
    expect(await axeViolations(page)).toEqual([]);

    const stored = (await enquiries()).find((row) => JSON.parse(row.metadata).fullname === fullname);
    expect(JSON.parse(stored!.metadata)).toEqual({
      fullname,
      email: 'keyboard@example.com',
      subject: 'Agency pricing',
      body: 'Do you offer agency pricing?',
    });
    expect(problems.console).toEqual([]);
    await context.close();
  });

  it('shows the network failure message in a red alert that can be closed, and keeps what was typed', async () => {
    // Without the site's worker: with it, the lead goes to the worker instead (offline.test.ts).
    const { page, context, form } = await open({ serviceWorkers: 'block' });
    await failRequests(page, '**/services/users/guests/enquiry');
    await form.getByLabel('Full name').fill('Offline Person');
    await form.getByLabel('Email address').fill('offline@example.com');
    await form.getByLabel('Subject').fill('Offline');
    await form.getByLabel('Message').fill('Are you there?');
    await form.getByRole('button', { name: 'Send message' }).click();

    const alert = form.getByRole('alert');
    await expect.poll(() => alert.textContent()).toBe('Oops! An error occurred. Please try again.');
    expect(isRed(await textColour(alert.locator('div')))).toBe(true);
    expect(await form.getByLabel('Full name').inputValue()).toBe('Offline Person');
    expect(await form.getByRole('button', { name: 'Send message' }).isEnabled()).toBe(true);
    expect(await axeViolations(page)).toEqual([]);

    await alert.getByRole('button', { name: 'Close the error message' }).click();
    await expect.poll(() => form.getByText('Oops! An error occurred. Please try again.').isVisible()).toBe(false);
    await context.close();
  });

  // A real refusal for the next test: a second server, one per viewport, whose service answers
  // 429 once this address has used its allowance of one.
  const limited = useSite({ RATE_LIMIT_PER_MINUTE: '1' }, { browser: false });

  it('shows the server’s own error text when the service refuses', async () => {
    const { page, context, form } = await open();
    try {
      await page.goto(`${limited.url}/#contact-us`);
      for (const attempt of [1, 2]) {
        await form.getByLabel('Full name').fill(`Limited ${attempt}`);
        await form.getByLabel('Email address').fill('limited@example.com');
        await form.getByLabel('Subject').fill(`Attempt ${attempt}`);
        await form.getByLabel('Message').fill('Hello');
        await form.getByRole('button', { name: 'Send message' }).click();
        await expect.poll(() => form.getByRole('button', { name: 'Send message' }).isEnabled()).toBe(true);
      }
      await expect
        .poll(() => form.getByRole('alert').textContent())
        .toBe('Too many requests. Please wait a minute and try again.');
    } finally {
      await context.close();
    }
  });
});
