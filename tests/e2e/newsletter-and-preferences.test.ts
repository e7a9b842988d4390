import { describe, expect, it } from 'vitest';
import { fixturesRepository } from '@growmail/test-support/fixtures';
import { mintUnsubscribeLink } from '../../apps/server/src/services/users/tracking.ts';
import { newsletterConsentWording } from '@growmail/contracts/form-fields';
import { messages } from '@growmail/contracts/messages';
import { serviceMessages } from '@growmail/contracts/service-messages';
import { axeViolations } from '@growmail/test-support/axe';
import { failRequests, holdRequests, isGreen, isRed, textColour } from '@growmail/test-support/forms';
import { useSite, viewports } from '@growmail/test-support/site';

const site = useSite({ RATE_LIMIT_PER_MINUTE: '100' });

/** The contact's rows in list_memberships, by list. */
const membershipRows = async (email: string) => {
  const ids = new Set((await site.app.contacts.all()).filter((row) => row.email === email).map((row) => row.id));
  return (await site.app.memberships.all()).filter((row) => ids.has(row.contact_id));
};
const memberships = (email: string) =>
  membershipRows(email).then((rows) => rows.map((row) => [row.list_id, row.status]));

/** The confirmation link in the newest confirmation email to this address, as the outbox holds it. */
async function confirmationLink(email: string): Promise<string> {
  const rows = (await site.app.mail.all()).filter((row) => row.topic === 'newsletter:confirm').reverse();
  const mail = rows.map((row) => JSON.parse(row.message) as { to: string; text: string }).find((m) => m.to === email);
  const link = /https?:\/\/\S+\/newsletter\/confirm\?token=[\w.-]+/.exec(mail?.text ?? '')?.[0];
  if (!link) throw new Error(`no confirmation email to ${email}`);
  return link;
}

describe.each(viewports)('the footer newsletter at $name', (viewport) => {
  it('asks with the keyboard, says to check the inbox, clears the input, and stores the address as pending', async () => {
    const { page, context, problems } = await site.openPage(viewport);
    await page.goto(`${site.url}/privacy`);
    const box = page.getByRole('form', { name: 'Get the newsletter' });
    const email = `reader.${viewport.name}@example.com`;
    await box.getByLabel('Email address').focus();
    await page.keyboard.type(email);
    await page.keyboard.press('Tab');
    const hold = await holdRequests(page, '**/capture/**');
    await page.keyboard.press('Enter');
    await expect.poll(() => box.getByRole('button', { name: 'Subscribe' }).isDisabled()).toBe(true);
    await hold.release();

    const message = box.getByText(serviceMessages.confirmationSent);
    await expect.poll(() => message.isVisible()).toBe(true);
    expect(isGreen(await textColour(message))).toBe(true);
    expect(await box.getByLabel('Email address').inputValue()).toBe('');
    expect(await axeViolations(page)).toEqual([]);
    // Double opt-in (D23): nobody is on the list until the emailed link is confirmed.
    expect(await memberships(email)).toEqual([['newsletter', 'pending']]);
    const [row] = await membershipRows(email);
    const consent = row && { consent_page: row.consent_page, consent_wording: row.consent_wording };
    expect(consent).toEqual({ consent_page: '/privacy', consent_wording: newsletterConsentWording });
    expect(await box.getByText(newsletterConsentWording).isVisible()).toBe(true);
    expect(problems.console).toEqual([]);
    await context.close();
  });

  it('subscribes only when the emailed link is confirmed on the page, with the keyboard', async () => {
    const email = `confirm.${viewport.name}@example.com`;
    const capture = await fetch(
      `${site.url}/services/users/api/contacts/gm_site_public_dev/capture/?email=${encodeURIComponent(email)}`,
    );
    expect(capture.status).toBe(200);
    const link = new URL(await confirmationLink(email));
    const { page, context, problems } = await site.openPage(viewport);
    await page.goto(`${site.url}${link.pathname}${link.search}`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Confirm your subscription');
    // Opening the link changes nothing: a mail scanner that follows it subscribes nobody.
    expect(await memberships(email)).toEqual([['newsletter', 'pending']]);
    expect(await axeViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Confirm my subscription' }).focus();
    await page.keyboard.press('Enter');
    const status = page.getByRole('status').filter({ hasText: serviceMessages.subscribed });
    await expect.poll(() => status.isVisible()).toBe(true);
    // The button is gone with success; focus lands on the page's heading, not on nothing.
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('H1');
    expect(isGreen(await textColour(status.getByText(serviceMessages.subscribed)))).toBe(true);
    expect(await memberships(email)).toEqual([['newsletter', 'subscribed']]);
    expect(await axeViolations(page)).toEqual([]);
    expect(problems.console).toEqual([]);

    // An altered token is refused, visibly.
    const tampered = link.search.replace(/.$/, (last) => (last === 'A' ? 'B' : 'A'));
    await page.goto(`${site.url}${link.pathname}${tampered}`);
    await page.getByRole('button', { name: 'Confirm my subscription' }).click();
    const alert = page.getByRole('alert').filter({ hasText: messages.badConfirmationLink });
    await expect.poll(() => alert.isVisible()).toBe(true);
    expect(isRed(await textColour(alert.getByText(messages.badConfirmationLink)))).toBe(true);
    expect(await axeViolations(page)).toEqual([]);

    // A link an email client mangled fails the schema; the visitor still reads plain words.
    await page.goto(`${site.url}${link.pathname}?token=${'x'.repeat(301)}`);
    await page.getByRole('button', { name: 'Confirm my subscription' }).click();
    const confirmForm = page.getByRole('form', { name: 'Confirm your subscription' });
    await expect.poll(() => confirmForm.getByRole('alert').textContent()).toBe(messages.badConfirmationLink);
    await context.close();
  });

  it('shows a visible error for a bad address and for a network failure, keeping the input', async () => {
    const { page, context } = await site.openPage(viewport);
    await page.goto(`${site.url}/privacy`);
    const box = page.getByRole('form', { name: 'Get the newsletter' });
    const input = box.getByLabel('Email address');
    await input.fill('reader@nowhere');
    await box.getByRole('button', { name: 'Subscribe' }).click();
    const invalid = box.getByRole('alert');
    await expect.poll(() => invalid.textContent()).toBe('Invalid email address.');
    expect(isRed(await textColour(invalid))).toBe(true);
    expect(await input.getAttribute('aria-invalid')).toBe('true');
    expect(await input.inputValue()).toBe('reader@nowhere');
    expect(await axeViolations(page)).toEqual([]);

    await failRequests(page, '**/capture/**');
    await input.fill(`offline.${viewport.name}@example.com`);
    await box.getByRole('button', { name: 'Subscribe' }).click();
    await expect.poll(() => box.getByRole('alert').textContent()).toBe('We could not subscribe you. Please try again.');
    expect(await memberships(`offline.${viewport.name}@example.com`)).toEqual([]);
    await context.close();
  });
});

describe.each(viewports)('the preferences page at $name', (viewport) => {
  /** A subscriber on the newsletter and one more list, and the link our emails would carry. */
  async function subscriber(name: string) {
    const email = `${name}.${viewport.name}@example.com`;
    const response = await fetch(
      `${site.url}/services/users/api/contacts/gm_site_public_dev/capture/?email=${encodeURIComponent(email)}`,
    );
    expect(response.status).toBe(200);
    const token = new URL(await confirmationLink(email)).searchParams.get('token');
    const confirmed = await fetch(`${site.url}/services/users/newsletter/confirm`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token }),
    });
    expect(confirmed.status).toBe(200);
    const contact = (await site.app.contacts.all()).find((row) => row.email === email)!;
    await site.app.memberships.ensureList('product-updates', 'Product updates');
    await fixturesRepository(site.app.db.kysely).addMembership('product-updates', contact.id);
    const link = await mintUnsubscribeLink(site.app, site.app.config, email);
    return { email, path: new URL(link!).pathname };
  }

  it('unsubscribes from this list by default, with the keyboard alone', async () => {
    const { email, path } = await subscriber('one-list');
    const { page, context, problems } = await site.openPage(viewport);
    await page.goto(`${site.url}${path}`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Email preferences');
    await expect.poll(() => page.getByText(email).isVisible()).toBe(true);
    expect(await page.getByRole('radio', { name: 'This list only' }).isChecked()).toBe(true);
    expect(await page.getByTestId('preferences-logo').isVisible()).toBe(true);
    expect(await axeViolations(page)).toEqual([]);

    await page.getByRole('radio', { name: 'This list only' }).focus();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    const status = page.getByRole('status').filter({ hasText: 'Preferences set successfully.' });
    await expect.poll(() => status.isVisible()).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    expect(await memberships(email)).toEqual([
      ['newsletter', 'unsubscribed'],
      ['product-updates', 'subscribed'],
    ]);
    expect(problems.console).toEqual([]);
    await context.close();
  });

  it('unsubscribes from all lists when chosen, and can hide the logo', async () => {
    const { email, path } = await subscriber('all-lists');
    const { page, context } = await site.openPage(viewport);
    await page.goto(`${site.url}${path}?hide_logo=true`);
    await expect.poll(() => page.getByText(email).isVisible()).toBe(true);
    // In the page, hidden: the server shows or hides it by the link, with or without script (D30).
    expect(await page.getByTestId('preferences-logo').isVisible()).toBe(false);
    await page.getByRole('radio', { name: 'This list only' }).focus();
    await page.keyboard.press('ArrowDown');
    expect(await page.getByRole('radio', { name: 'All lists' }).isChecked()).toBe(true);
    await page.getByRole('button', { name: 'Save preferences' }).click();
    await expect.poll(() => page.getByText('Preferences set successfully.').isVisible()).toBe(true);
    expect(await memberships(email)).toEqual([
      ['newsletter', 'unsubscribed'],
      ['product-updates', 'unsubscribed'],
    ]);
    await context.close();
  });

  it('says it could not set the preferences for an altered link or a network failure', async () => {
    const { email, path } = await subscriber('forged');
    const forged = path.replace(/\.[\w-]{32}\//, `.${'B'.repeat(32)}/`);
    expect(forged).not.toBe(path);
    const { page, context } = await site.openPage(viewport);
    await page.goto(`${site.url}${forged}`);
    await expect.poll(() => page.getByText(email).isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Save preferences' }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'Could not set your preferences. Please try again.' });
    await expect.poll(() => alert.isVisible()).toBe(true);
    expect(await axeViolations(page)).toEqual([]);

    await page.goto(`${site.url}${path}`);
    await failRequests(page, '**/guests/unsubscribe/**');
    await page.getByRole('button', { name: 'Save preferences' }).click();
    await expect.poll(() => page.getByText('Could not set your preferences. Please try again.').isVisible()).toBe(true);
    expect(await memberships(email)).toEqual([
      ['newsletter', 'subscribed'],
      ['product-updates', 'subscribed'],
    ]);
    await context.close();
  });
});
