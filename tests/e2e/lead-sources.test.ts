import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { visitCountPath } from '@growmail/contracts/visits';
import { islandsHydrated } from '@growmail/test-support/settle';
import { useSite } from '@growmail/test-support/site';

const site = useSite();

/** A person's browser (Headless Chromium names itself, and known bots are not counted), one per run. */
const userAgent = (version: number) =>
  `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${version}.0.0.0 Safari/537.36`;
const tabaskiVisits = async () => (await site.app.visits.list()).filter((visit) => visit.utm_campaign === 'tabaski');

/**
 * Lands on a page as a person does, who sees it before going on: until its view has been counted.
 * With JavaScript the view is sent once the page has painted and loaded (VisitCount), and the paint
 * can be reported after `load`; a test that left at `load` on a busy machine left before the beacon,
 * and its visit began at the next page, without the campaign.
 */
async function land(page: Page, url: string) {
  const counted = page.waitForResponse((response) => new URL(response.url()).pathname === visitCountPath);
  await page.goto(url, { waitUntil: 'load' });
  await counted;
}

describe.each([
  { javaScript: false, how: 'without JavaScript' },
  { javaScript: true, how: 'with JavaScript' },
])('a lead sent $how (D42)', ({ javaScript }) => {
  it('keeps the campaign its visit landed with, and the page its form was on', async () => {
    const email = `awa-${javaScript ? 'js' : 'nojs'}@dakar.example`;
    const before = (await tabaskiVisits()).length;
    const context = await site.browser.newContext({
      javaScriptEnabled: javaScript,
      userAgent: userAgent(javaScript ? 131 : 130),
      serviceWorkers: 'block',
    });
    const page = await context.newPage();
    await land(page, `${site.url}/fr?utm_source=newsletter&utm_campaign=tabaski`);
    await page.goto(`${site.url}/fr/contact`, { waitUntil: 'load' });
    const form = page.locator('form[data-form="enquiry"]');
    await form.locator('[name="fullname"]').fill('Awa Diop');
    if (javaScript) await islandsHydrated(page);
    await form.locator('[name="email"]').fill(email);
    await form.locator('[name="subject"]').fill('Tarifs');
    await form.locator('[name="body"]').fill('Une question sur les tarifs en francs CFA.');
    const sent = page.waitForRequest((request) => request.method() === 'POST' && !request.url().endsWith('/visit'));
    await form.locator('button[type="submit"]').click();
    const post = await sent;
    expect(new URL(post.url()).pathname).toBe(javaScript ? '/services/users/guests/enquiry' : '/contact');
    await expect.poll(async () => (await site.app.leads.list({})).some((lead) => lead.email === email)).toBe(true);
    await context.close();

    const lead = (await site.app.leads.list({})).find((row) => row.email === email)!;
    expect(JSON.parse(lead.source!)).toMatchObject({
      channel: 'site',
      form_page: '/fr/contact',
      visit: { entry_path: '/fr', utm_source: 'newsletter', utm_campaign: 'tabaski' },
      // The island sends the device's first landing in its header; without script it is unknown.
      first_touch: javaScript ? { path: '/fr', utm_source: 'newsletter', utm_campaign: 'tabaski' } : null,
    });
    if (javaScript) expect(post.headers()['x-growmail-first-touch']).toMatch(/^\{"p":"\/fr"/);
    expect(lead.metadata).not.toContain('tabaski');
    // The visit is counted once, with the landing and the contact page in it (then, without
    // JavaScript, the outcome page the post leads to).
    await site.app.visitCounter.flush();
    const visits = await tabaskiVisits();
    expect(visits).toHaveLength(before + 1);
    const views = await site.app.visits.viewsOf(visits.at(-1)!.id);
    expect(views.map((view) => view.path).slice(0, 2)).toEqual(['/fr', '/fr/contact']);
  });
});

/** The demo form's open times, by value, in page order. */
const openSlots = (page: Page) =>
  page
    .locator('[data-demo-slot-days] input[name="slot"]:not([disabled])')
    .evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));

/** Chooses a time as a person does: opening its day if it is folded, then the radio under its label. */
async function chooseSlot(page: Page, value: string) {
  const radio = page.locator(`input[name="slot"][value="${value}"]`);
  const day = page.locator('[data-demo-slot-days] details').filter({ has: radio });
  if (!(await day.evaluate((element) => (element as HTMLDetailsElement).open))) await day.locator('summary').click();
  await radio.check();
}

/** The French demo form's number of users: a select without script, the island's combobox with it. */
async function chooseUsers(page: Page, form: Locator, javaScript: boolean) {
  if (!javaScript) return form.locator('select[name="subscribers"]').selectOption({ index: 1 });
  const combobox = form.getByRole('combobox', { name: /^Nombre d/ });
  await combobox.focus();
  await expect.poll(() => combobox.evaluate((element) => element.tagName)).toBe('INPUT');
  await combobox.focus();
  await page.keyboard.press('ArrowDown');
  for (let step = 0; step < 8 && !(await combobox.getAttribute('aria-activedescendant')); step += 1) {
    await page.keyboard.press('ArrowDown');
  }
  await page.keyboard.press('Enter');
  await expect.poll(() => combobox.inputValue()).not.toBe('');
}

describe.each([
  { javaScript: false, how: 'without JavaScript', offset: 20 },
  { javaScript: true, how: 'with JavaScript', offset: 21 },
])('a demo booked from /fr/demo $how (issue 40)', ({ javaScript, offset }) => {
  it('keeps its visit’s entry page and campaign, and the first landing only when script ran', async () => {
    const email = `kofi-demo-${javaScript ? 'js' : 'nojs'}@accra.example`;
    await site.app.visitCounter.flush();
    const before = (await tabaskiVisits()).length;
    const context = await site.browser.newContext({
      javaScriptEnabled: javaScript,
      userAgent: userAgent(javaScript ? 133 : 132),
      serviceWorkers: 'block',
      timezoneId: 'Africa/Lagos',
    });
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    await land(page, `${site.url}/fr?utm_source=newsletter&utm_campaign=tabaski`);
    await page.goto(`${site.url}/fr/demo`, { waitUntil: 'load' });
    const form = page.locator('form[data-form="demo"]');
    await form.locator('[name="firstname"]').fill('Kofi');
    if (javaScript) await islandsHydrated(page);
    await form.locator('[name="lastname"]').fill('Mensah');
    await form.locator('[name="company_name"]').fill('Adinkra Ltd');
    await form.locator('[name="email"]').fill(email);
    await form.locator('[name="phone_number"]').fill('+233 24 123 4567');
    await chooseUsers(page, form, javaScript);
    const slot = (await openSlots(page))[offset]!;
    await chooseSlot(page, slot);
    await form.getByRole('button', { name: 'Réserver ma démo' }).click();
    await page.waitForURL(/\/sent\?/);
    await context.close();

    const lead = (await site.app.leads.list({})).find((row) => row.email === email)!;
    const source = JSON.parse(lead.source!);
    expect(source).toMatchObject({
      channel: 'site',
      form_page: '/fr/demo',
      visit: { entry_path: '/fr', utm_source: 'newsletter', utm_campaign: 'tabaski' },
    });
    if (javaScript) {
      expect(source.first_touch).toMatchObject({
        path: '/fr',
        utm_source: 'newsletter',
        utm_campaign: 'tabaski',
        utm_medium: null,
      });
      expect(Date.now() - Date.parse(source.first_touch.landed_at)).toBeLessThan(10 * 60_000);
    } else {
      expect(source.first_touch).toBeNull();
    }
    expect(lead.metadata).not.toMatch(/tabaski|first_touch/);
    expect((await site.app.demos.upcoming(new Date())).find((row) => row.email === email)).toMatchObject({
      starts_at: slot,
    });
    // The visit is counted once: the landing, the demo page, then the outcome.
    await site.app.visitCounter.flush();
    const visits = await tabaskiVisits();
    expect(visits).toHaveLength(before + 1);
    const views = await site.app.visits.viewsOf(visits.at(-1)!.id);
    expect(views.map((view) => view.path).slice(0, 2)).toEqual(['/fr', '/fr/demo']);
  });
});

describe('the first landing a device keeps (issue 40)', () => {
  const kept = (page: Page) =>
    page.evaluate(() => {
      const stored = localStorage.getItem('first-touch');
      return stored ? (JSON.parse(stored) as { p: string; q: string; t: number }) : null;
    });

  it('is never a page a capability link opens, is the next landing after one, and stays for later landings', async () => {
    const context = await site.browser.newContext({ userAgent: userAgent(134), serviceWorkers: 'block' });
    const page = await context.newPage();
    for (const path of [
      '/unsubscription/awa%40dakar.example/0/not-a-signature?utm_source=mail',
      // An unknown path under one shows the home page (D6), and still keeps nothing.
      '/unsubscription/awa%40dakar.example/newsletter/0/not-a-signature?utm_source=mail',
      '/fr/unsubscription/awa%40dakar.example/0/not-a-signature',
      '/newsletter/confirm?token=not-a-real-token&utm_source=mail',
      '/demo/booking?token=not-a-real-token',
    ]) {
      await page.goto(`${site.url}${path}`, { waitUntil: 'load' });
      expect(await kept(page), path).toBeNull();
    }
    await page.goto(`${site.url}/pricing?utm_source=partner&utm_medium=referral&gclid=abc123&email=x%40y.example`, {
      waitUntil: 'load',
    });
    const first = await kept(page);
    expect(first).toMatchObject({ p: '/pricing', q: 'utm_source=partner&utm_medium=referral' });
    await page.goto(`${site.url}/fr?utm_source=newsletter&utm_campaign=tabaski`, { waitUntil: 'load' });
    expect(await kept(page)).toEqual(first);
    // The register links keep the latest landing's marketing parameters, as before (D31).
    expect(await page.evaluate(() => localStorage.getItem('utm'))).toBe('utm_source=newsletter&utm_campaign=tabaski');
    // After 90 days the next landing is the first again.
    await page.evaluate(() =>
      localStorage.setItem('first-touch', JSON.stringify({ p: '/pricing', q: '', t: Date.now() - 91 * 86_400_000 })),
    );
    await page.goto(`${site.url}/fr/contact`, { waitUntil: 'load' });
    expect(await kept(page)).toMatchObject({ p: '/fr/contact', q: '' });
    await context.close();
  });
});
