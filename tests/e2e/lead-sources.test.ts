import { describe, expect, it } from 'vitest';
import { islandsHydrated } from '@growmail/test-support/settle';
import { useSite } from '@growmail/test-support/site';

const site = useSite();

/** A person's browser (Headless Chromium names itself, and known bots are not counted), one per run. */
const userAgent = (version: number) =>
  `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${version}.0.0.0 Safari/537.36`;
const tabaskiVisits = async () => (await site.app.visits.list()).filter((visit) => visit.utm_campaign === 'tabaski');

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
    await page.goto(`${site.url}/fr?utm_source=newsletter&utm_campaign=tabaski`, { waitUntil: 'load' });
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
    });
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
