import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { slotDayFormat, slotTimeFormat } from '@growmail/contracts/slot-labels';
import { linkSecret, manageBookingLink } from '../../apps/server/src/demos/links.ts';
import { axeViolations } from '@growmail/test-support/axe';
import { fillDemoContact } from '@growmail/test-support/forms';
import { useSite, viewports } from '@growmail/test-support/site';

const site = useSite({ RATE_LIMIT_PER_MINUTE: '100' });

/** The slot radios on offer, by value, in page order. */
const openSlots = (page: Page) =>
  page
    .locator('[data-demo-slot-days] input[name="slot"]:not([disabled])')
    .evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));

/** Chooses a time as a person does: opening its day if it is folded, then by its label, which the invisible radio lies under. */
async function chooseSlot(page: Page, value: string) {
  const radio = page.locator(`input[name="slot"][value="${value}"]`);
  const day = page.locator('[data-demo-slot-days] details').filter({ has: radio });
  if (!(await day.evaluate((element) => (element as HTMLDetailsElement).open))) await day.locator('summary').click();
  await radio.check();
}

/** Each slot's value with the time it reads and the day it sits under, in page order. */
const shownSlots = (page: Page) =>
  page.locator('[data-demo-slot-days] input[name="slot"]').evaluateAll((inputs) =>
    inputs.map((input) => ({
      value: (input as HTMLInputElement).value,
      time: (input as HTMLInputElement).labels?.[0]?.textContent,
      day: input.closest('details')?.querySelector('summary')?.textContent,
    })),
  );

/** The same slots as they read in a zone: what the page must show once it shows that zone. */
const slotsIn = (slots: { value: string }[], zone: string) =>
  slots.map(({ value }) => ({
    value,
    time: slotTimeFormat(zone).format(new Date(value)),
    day: slotDayFormat(zone).format(new Date(value)),
  }));

async function chooseUsers(page: Page, form: Locator, javaScript: boolean) {
  const users = form.getByLabel('Number of users');
  if (!javaScript) return users.selectOption({ label: '100K - 250K' });
  // With script the island's combobox takes over once it runs, which focusing a field starts (D30).
  const combobox = form.getByRole('combobox', { name: 'Number of users' });
  await combobox.focus();
  await expect.poll(() => combobox.evaluate((element) => element.tagName)).toBe('INPUT');
  await combobox.focus();
  await page.keyboard.press('ArrowDown');
  const listbox = page.locator(`#${await combobox.getAttribute('aria-controls')}`);
  await expect.poll(() => listbox.isVisible()).toBe(true);
  for (let step = 0; step < 8 && !(await combobox.getAttribute('aria-activedescendant')); step += 1) {
    await page.keyboard.press('ArrowDown');
  }
  await page.keyboard.press('Enter');
  await expect.poll(() => combobox.inputValue()).not.toBe('');
}

/**
 * Booking a demo slot, then moving and cancelling it from the booking's link (issue 24, D32),
 * with JavaScript off and on, at both sizes, with no axe violation at any step. The browser is
 * in Nairobi: with JavaScript the times show there, then in Accra once chosen, without a
 * page load; without it they show in Lagos until "Show times" sends the form back in Accra.
 */
describe.each(viewports)('a demo booked, moved and cancelled at $name', (viewport) => {
  it.each([false, true])(
    'with JavaScript %s',
    async (javaScript) => {
      const { page, context, problems } = await site.openPage(viewport, { javaScript, timezoneId: 'Africa/Nairobi' });
      page.setDefaultTimeout(15_000);
      const email = `book-${viewport.name}-${javaScript ? 'js' : 'nojs'}@adinkra.test`;

      await page.goto(`${site.url}/demo`);
      const form = page.getByRole('form', { name: 'Request a demo' });
      await fillDemoContact(form, email);
      await chooseUsers(page, form, javaScript);
      const zone = form.getByLabel('Show times in');
      // The island runs on the first field used: the times are then in the browser's zone, in its days.
      if (javaScript) await expect.poll(() => zone.inputValue()).toBe('Africa/Nairobi');
      const served = await shownSlots(page);
      if (javaScript) {
        expect(served).toEqual(slotsIn(served, 'Africa/Nairobi'));
        expect(await axeViolations(page)).toEqual([]);
        await page.evaluate(() => Reflect.set(window, 'demoPageKept', true));
      } else {
        expect(await zone.inputValue()).toBe('Africa/Lagos');
        expect(served).toEqual(slotsIn(served, 'Africa/Lagos'));
      }
      if (javaScript) {
        // Tokyo's evening is past its midnight: those times move to the next day's group.
        await zone.selectOption('Asia/Tokyo');
        expect(await shownSlots(page)).toEqual(slotsIn(served, 'Asia/Tokyo'));
      }
      await zone.selectOption('Africa/Accra');
      if (javaScript) {
        // Relabelled at once, regrouped by Accra's days, with no page load and nothing typed lost.
        expect(await shownSlots(page)).toEqual(slotsIn(served, 'Africa/Accra'));
        expect(await page.evaluate(() => Reflect.get(window, 'demoPageKept'))).toBe(true);
        expect(await form.getByLabel('Company email').inputValue()).toBe(email);
      } else {
        // Without script the times are shown in the chosen zone by sending the form back.
        await form.getByRole('button', { name: 'Show times', exact: true }).click();
        await page.waitForLoadState();
        expect(await form.getByLabel('Company email').inputValue()).toBe(email);
      }
      expect(await axeViolations(page)).toEqual([]);

      // Each run takes a different time, so the four runs never race each other.
      const offset = viewports.indexOf(viewport) * 2 + (javaScript ? 1 : 0);
      const slot = (await openSlots(page))[offset]!;
      await chooseSlot(page, slot);
      await form.getByRole('button', { name: 'Request a demo' }).click();
      await page.waitForURL(/\/sent\?/);
      expect(await page.locator('main [role="status"]').textContent()).toMatch(
        /^Your demo is booked for \w+ \d+ \w+, \d\d:\d\d \(Africa\/Accra time\)\./,
      );
      expect(await axeViolations(page)).toEqual([]);

      const booking = (await site.app.demos.upcoming(new Date())).find((row) => row.email === email)!;
      expect(booking).toMatchObject({ starts_at: slot, zone: 'Africa/Accra' });
      const link = manageBookingLink(site.app.config, await linkSecret(site.app, site.app.config), booking.id);
      await page.goto(link.replace(site.app.config.urls.public, site.url));
      expect(await page.locator('#booking-status').textContent()).toMatch(/^Your demo is booked for /);
      expect(await axeViolations(page)).toEqual([]);

      const next = (await openSlots(page)).find((value) => value !== slot && value > slot)!;
      await chooseSlot(page, next);
      await page.getByRole('button', { name: 'Move my demo' }).click();
      await page.waitForLoadState();
      expect((await site.app.demos.booking(booking.id))?.starts_at).toBe(next);
      expect(await axeViolations(page)).toEqual([]);

      await page.getByRole('button', { name: 'Cancel my demo' }).click();
      await page.waitForLoadState();
      expect(await page.locator('#booking-status').textContent()).toMatch(/^This demo was cancelled/);
      expect((await site.app.demos.booking(booking.id))?.status).toBe('cancelled');
      expect(await axeViolations(page)).toEqual([]);
      expect(problems.console).toEqual([]);
      await context.close();
      // Book, show times in another zone, move and cancel, with axe at every step: without script
      // each step is a page load and axe checks a copy of it, about 90 s on a two-core machine
      // running another test file beside it.
    },
    180_000,
  );
});

/**
 * Enter in a field presses the form's first submit button (HTML's implicit submission). That
 * must be the one that books or moves the demo, not "Show times", which follows it (issue 29).
 */
describe('Enter without JavaScript', () => {
  it('books the chosen time from the demo form, and moves it from the booking’s page', async () => {
    const { page, context, problems } = await site.openPage(viewports[1], { javaScript: false });
    page.setDefaultTimeout(15_000);
    const email = 'enter-nojs@adinkra.test';

    await page.goto(`${site.url}/demo`);
    const form = page.getByRole('form', { name: 'Request a demo' });
    await form.getByLabel('First name').fill('Ama');
    await form.getByLabel('Last name').fill('Owusu');
    await form.getByLabel('Company name').fill('Kente Co');
    await form.getByLabel('Phone number').fill('+233 24 765 4321');
    await chooseUsers(page, form, false);
    const slot = (await openSlots(page))[8]!;
    await chooseSlot(page, slot);
    await form.getByLabel('Company email').fill(email);
    await form.getByLabel('Company email').press('Enter');
    await page.waitForURL(/\/sent\?/);
    expect(await page.locator('main [role="status"]').textContent()).toMatch(/^Your demo is booked for /);
    const booking = (await site.app.demos.upcoming(new Date())).find((row) => row.email === email)!;
    expect(booking).toMatchObject({ starts_at: slot, status: 'booked' });

    const link = manageBookingLink(site.app.config, await linkSecret(site.app, site.app.config), booking.id);
    await page.goto(link.replace(site.app.config.urls.public, site.url));
    const next = (await openSlots(page)).find((value) => value > slot)!;
    await chooseSlot(page, next);
    await page.locator(`input[name="slot"][value="${next}"]`).press('Enter');
    await page.waitForLoadState();
    await expect.poll(async () => (await site.app.demos.booking(booking.id))?.starts_at).toBe(next);
    expect(await axeViolations(page)).toEqual([]);
    expect(problems.console).toEqual([]);
    await context.close();
  });
});
