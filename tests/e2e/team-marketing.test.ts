import { beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from '@growmail/test-support/axe';
import { useSite } from '@growmail/test-support/site';
import { dataAccess } from '../../apps/server/src/repositories/index.ts';
import { openSession } from '../../apps/server/src/team/sessions.ts';

const site = useSite({ RATE_LIMIT_PER_MINUTE: '1000' }, { localhost: true });
/** Issue 54's phone: 360×800. */
const phone = { name: 'mobile', width: 360, height: 800 } as const;
const chrome =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const longCampaign = 'black-friday-retargeting-lookalike-audiences-west-africa';

let session: string;

/** A visit from a campaign's link that books a demo, sent as the site sends them. */
async function bookFrom(remoteAddress: string, landing: string, firstname: string) {
  const headers = (page: string) => ({
    host: 'localhost:80',
    referer: `http://localhost:80${page}`,
    'user-agent': chrome,
  });
  await site.app.inject({ url: '/visit', headers: headers(landing), remoteAddress });
  await site.app.inject({ url: '/visit', headers: headers('/demo'), remoteAddress });
  const form = (await site.app.inject('/demo')).body;
  const [slot] = [...form.matchAll(/name="slot"[^>]*value="([^"]+)"|value="([^"]+)"[^>]*name="slot"/g)]
    .map((match) => match[1] ?? match[2]!)
    .filter((value) => value !== 'none');
  const answer = await site.app.inject({
    method: 'POST',
    url: '/demo',
    payload: new URLSearchParams({
      form_name: 'demo',
      firstname,
      lastname: 'Mensah',
      company_name: 'Accra Ltd',
      email: `${firstname.toLowerCase()}@accra.example`,
      phone_number: '+233 24 123 4567',
      subscribers: '0:100K',
      zone: 'Africa/Accra',
      slot: slot!,
      homepage: '',
    }).toString(),
    headers: { ...headers('/demo'), 'content-type': 'application/x-www-form-urlencoded' },
    remoteAddress,
  });
  expect(answer.statusCode).toBe(303);
}

beforeAll(async () => {
  const data = dataAccess(site.app.db);
  const member = await data.team.upsertMember({
    email: 'efua@growmail.test',
    name: 'Efua',
    zone: 'Africa/Lagos',
    role: 'viewer',
  });
  session = await openSession(data, member.id, 'passkey');
  await bookFrom('203.0.113.70', '/?utm_source=newsletter&utm_campaign=tabaski', 'Kofi');
  await bookFrom('203.0.113.71', '/?utm_source=newsletter&utm_campaign=tabaski', 'Ama');
  await bookFrom('203.0.113.72', `/?utm_source=facebook&utm_medium=paid-social&utm_campaign=${longCampaign}`, 'Yaw');
  await site.app.inject({
    method: 'POST',
    url: '/services/users/guests/enquiry',
    payload: { fullname: 'Ada Obi', email: 'crm@partner.example', subject: 'Pricing', body: 'From our CRM.' },
  });
  await site.app.visitCounter.flush();
});

describe.each([true, false])('the Marketing page at 360×800, JavaScript %s (issue 54)', (javaScript) => {
  it('draws every chart’s words at 12 px or more, wraps campaign names, passes axe and scrolls only its tables', async () => {
    const { context, page } = await site.openPage(phone, { javaScript });
    try {
      await context.addCookies([{ name: 'gm_team', value: session, url: site.url }]);
      await page.goto(`${site.url}/team/marketing`);
      // Every piece of text inside a chart, at the size it is drawn: its font size times any scale
      // between its box and its drawing (a scaled SVG's text shrinks with it).
      const drawn = await page.locator('main figure').evaluateAll((figures) =>
        figures.flatMap((figure) =>
          [...figure.querySelectorAll('*')]
            .filter((element) =>
              [...element.childNodes].some((node) => node.nodeType === Node.TEXT_NODE && node.textContent!.trim()),
            )
            .map((element) => {
              // The scale every transform above it draws at; an SVG's own, from its screen matrix.
              let scale = element instanceof SVGGraphicsElement ? Math.abs(element.getScreenCTM()?.a ?? 1) : 1;
              for (let at: Element | null = element; at; at = at.parentElement) {
                const transform = getComputedStyle(at).transform;
                if (transform !== 'none') scale *= Math.hypot(new DOMMatrix(transform).a, new DOMMatrix(transform).b);
              }
              return {
                text: element.textContent!.trim().slice(0, 40),
                px: Number.parseFloat(getComputedStyle(element).fontSize) * scale,
                svg: element instanceof SVGElement,
              };
            }),
        ),
      );
      expect(drawn.length).toBeGreaterThan(30);
      expect(drawn.filter((text) => text.svg)).toEqual([]);
      expect(drawn.filter((text) => text.px < 12)).toEqual([]);
      expect(drawn.map((text) => text.text)).toContain('Demos booked by campaign');

      // The long campaign's label wraps inside its chart, on more than one line, and is not cut.
      const label = page.locator('main figure li > span:first-child', { hasText: longCampaign }).first();
      const fits = await label.evaluate((element) => ({
        whole: element.textContent,
        lines: Math.round(
          element.getBoundingClientRect().height / Number.parseFloat(getComputedStyle(element).lineHeight),
        ),
        overflows: element.scrollWidth > element.clientWidth,
      }));
      expect(fits).toMatchObject({ whole: `facebook / paid-social / ${longCampaign}`, overflows: false });
      expect(fits.lines).toBeGreaterThanOrEqual(2);

      // The page itself never scrolls sideways; a table scrolls in its own box, its first column kept in view.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);
      const region = page.getByRole('region', { name: 'By source, medium and campaign: figures' });
      await region.evaluate((box) => (box.scrollLeft = 400));
      const first = await region.locator('tbody th').first().boundingBox();
      const box = await region.boundingBox();
      expect(Math.abs(first!.x - box!.x)).toBeLessThanOrEqual(2);
      expect(await axeViolations(page)).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('reaches by keyboard the ranges, the dates, the sorting links, the rows’ leads and the CSVs', async () => {
    const { context, page } = await site.openPage(phone, { javaScript });
    try {
      await context.addCookies([{ name: 'gm_team', value: session, url: site.url }]);
      await page.goto(`${site.url}/team/marketing`);
      const reached: string[] = [];
      for (let press = 0; press < 250; press++) {
        await page.keyboard.press('Tab');
        const focused = await page.evaluate(() => {
          const element = document.activeElement as HTMLElement | null;
          return element
            ? `${element.tagName} ${element.getAttribute('href') ?? element.getAttribute('aria-label') ?? element.id}`
            : '';
        });
        reached.push(focused);
        if (focused.includes('/team/marketing/csv/forms')) break;
      }
      const has = (pattern: RegExp) => reached.some((focused) => pattern.test(focused));
      expect(has(/^A \/team\/marketing\?from=.*&to=/)).toBe(true);
      expect(has(/^INPUT range-from$/)).toBe(true);
      expect(has(/^A .*sort=sources\.leads\.desc#table-sources$/)).toBe(true);
      expect(has(/^A \/team\/leads\?view=all&source=newsletter&medium=%28none%29&campaign=tabaski/)).toBe(true);
      expect(has(/^DIV By source, medium and campaign: figures$/)).toBe(true);
      expect(reached.at(-1)).toMatch(/\/team\/marketing\/csv\/forms/);

      // Sorting by its link, then following a row to the inbox: both by keyboard, with or without script.
      await page.locator('a[href*="sort=sources.demos.desc"]').first().focus();
      await page.keyboard.press('Enter');
      await page.waitForURL(/sort=sources\.demos\.desc#table-sources$/);
      expect(await page.locator('#table-sources th[aria-sort]').innerText()).toBe('Demos booked ↓');
      expect(await axeViolations(page)).toEqual([]);
      await page.locator('#table-sources tbody th a').first().focus();
      await page.keyboard.press('Enter');
      await page.waitForURL(/\/team\/leads\?view=all&source=newsletter/);
      expect((await page.locator('ol[aria-label="Leads, newest first"] > li a').allInnerTexts()).sort()).toEqual([
        'Ama Mensah',
        'Kofi Mensah',
      ]);
    } finally {
      await context.close();
    }
  });
});
