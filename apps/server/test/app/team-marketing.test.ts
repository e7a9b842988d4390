import { brotliCompressSync, constants } from 'node:zlib';
import { parse, type HTMLElement } from 'node-html-parser';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '@growmail/test-support/app';
import { dataAccess } from '../../src/repositories/index.ts';
import { searchKeys } from '../../src/submissions/lead-search.ts';
import { openSession } from '../../src/team/sessions.ts';

const chrome =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const longCampaign = 'black-friday-retargeting-lookalike-audiences-west-africa';

let app: Awaited<ReturnType<typeof testApp>>;
let cookies: Record<string, string>;

/** A visitor: one address and user agent, viewing pages and sending forms as the site does. */
const visitor = (remoteAddress: string) => {
  const headers = (page: string) => ({
    host: 'localhost:80',
    referer: `http://localhost:80${page}`,
    'user-agent': chrome,
  });
  return {
    view: (page: string) => app.inject({ url: '/visit', headers: headers(page), remoteAddress }),
    /** The demo form posted without JavaScript from `page`, with the first open slot. */
    async bookDemo(page: '/demo' | '/fr/demo', firstname: string) {
      const form = parse((await app.inject('/demo')).body);
      const slot = form.querySelector('[data-demo-slot-days] input[name="slot"]')!.getAttribute('value')!;
      const answer = await app.inject({
        method: 'POST',
        url: page,
        payload: new URLSearchParams({
          form_name: 'demo',
          firstname,
          lastname: 'Mensah',
          company_name: 'Accra Ltd',
          email: `${firstname.toLowerCase()}@accra.example`,
          phone_number: '+233 24 123 4567',
          subscribers: '0:100K',
          zone: 'Africa/Accra',
          slot,
          homepage: '',
        }).toString(),
        headers: { ...headers(page), 'content-type': 'application/x-www-form-urlencoded' },
        remoteAddress,
      });
      expect(answer.statusCode).toBe(303);
    },
    /** An enquiry: from a page of the site when `page` is named, from elsewhere (`api`) when not. */
    async enquire(email: string, page?: string) {
      const answer = await app.inject({
        method: 'POST',
        url: '/services/users/guests/enquiry',
        payload: { fullname: 'Ada Obi', email, subject: 'Pricing', body: 'A question about prices.' },
        headers: { 'user-agent': chrome, ...(page ? { 'x-growmail-page': page } : {}) },
        remoteAddress,
      });
      expect(answer.statusCode).toBe(201);
    },
  };
};

const get = (url: string, as = cookies) => app.inject({ url, cookies: as });
const html = async (url: string, as = cookies) => parse((await get(url, as)).body);

/** A table by its caption's start, as rows of cell texts, the screen reader's words left out. */
function tableOn(page: HTMLElement, title: string) {
  const table = page.querySelectorAll('table').find((one) => one.querySelector('caption')!.text.startsWith(title))!;
  return table;
}
const cells = (table: HTMLElement) =>
  table.querySelectorAll('tbody tr').map((row) =>
    row.querySelectorAll('th, td').map((cell) => {
      const copy = parse(cell.outerHTML);
      for (const hidden of copy.querySelectorAll('.sr-only')) hidden.remove();
      return copy.text;
    }),
  );
const chart = (page: HTMLElement, caption: string) =>
  page.querySelectorAll('figure').find((figure) => figure.querySelector('figcaption')?.text === caption)!;

beforeAll(async () => {
  app = await testApp({ RATE_LIMIT_PER_MINUTE: '1000' });
  const data = dataAccess(app.db);
  const member = await data.team.upsertMember({
    email: 'marketer@growmail.test',
    name: 'Efua',
    zone: 'Africa/Lagos',
    role: 'viewer',
  });
  cookies = { gm_team: await openSession(data, member.id, 'passkey') };

  // Two demos from the newsletter's campaign, one from a paid campaign with a long name.
  for (const [address, name] of [
    ['203.0.113.40', 'Kofi'],
    ['203.0.113.41', 'Ama'],
  ] as const) {
    const one = visitor(address);
    await one.view('/?utm_source=newsletter&utm_campaign=tabaski');
    await one.view('/demo');
    await one.bookDemo('/demo', name);
  }
  const paid = visitor('203.0.113.42');
  await paid.view(`/fr?utm_source=Facebook&utm_medium=paid-social&utm_campaign=${longCampaign}`);
  await paid.view('/fr/demo');
  await paid.bookDemo('/fr/demo', 'Yaw');
  // Leads no visit was counted for: from elsewhere, and from a page whose view never arrived.
  for (let n = 0; n < 4; n++) await visitor(`203.0.113.5${n}`).enquire(`crm${n}@partner.example`);
  await visitor('203.0.113.60').enquire('blocked@lagos.example', '/contact');
  await visitor('203.0.113.61').enquire('blocked@dakar.example', '/fr/contact');
  await app.visitCounter.flush();
});
afterAll(() => app?.close());

describe('the Marketing page’s figures that cannot be (issue 54)', () => {
  it('never shows a conversion over 100%: leads without a visit are not divided by visits', async () => {
    const page = await html('/team/marketing');
    const languages = cells(tableOn(page, 'By language'));
    // English: 2 visits and their 2 demo requests, 4 leads from elsewhere and 2 from visits not counted.
    expect(languages).toEqual([
      ['English', '2', '8', '2', '100.0%'],
      ['French', '1', '1', '1', '100.0%'],
    ]);
    const rates = page
      .querySelectorAll('td')
      .map((cell) => cell.text)
      .filter((text) => text.endsWith('%'));
    expect(rates.length).toBeGreaterThan(5);
    for (const rate of rates) expect(Number.parseFloat(rate)).toBeLessThanOrEqual(100);
  });

  it('says what api, unknown and (none) mean where they appear', async () => {
    const page = await html('/team/marketing');
    const notes = Object.fromEntries(
      page.querySelectorAll('section dl dt').map((term) => [term.text, term.nextElementSibling?.text]),
    );
    expect(Object.keys(notes).sort()).toEqual(['(none)', 'api', 'unknown']);
    expect(notes.api).toContain('not from a page of the site');
    expect(notes['(none)']).toContain('named no medium or no campaign');
  });
});

describe('the Marketing page on a phone (issue 54)', () => {
  it('says what each chart counts', async () => {
    const captions = (await html('/team/marketing')).querySelectorAll('figcaption').map((caption) => caption.text);
    expect(captions).toEqual([
      'Visitors and page views, per day',
      'Leads received and demos booked, per day',
      'Visitors at each step towards a booked demo',
      'Demos booked by campaign',
      'Leads received by campaign',
      'Visitors by the page they entered on',
      'Visitors by the language they entered in',
      'Leads received on each page with a form',
    ]);
  });

  it('answers which campaign brought the most demos', async () => {
    const page = await html('/team/marketing');
    const bars = chart(page, 'Demos booked by campaign')
      .querySelectorAll('li')
      .map((bar) => bar.querySelectorAll(':scope > span').map((part) => part.text));
    expect(bars).toEqual([
      ['newsletter / tabaski', '2'],
      [`Facebook / paid-social / ${longCampaign}`, '1'],
    ]);
    expect(page.text).toContain('Most demos in these days: newsletter / tabaski, 2 booked.');
  });

  it('writes a campaign’s name whole, in HTML text that wraps, never cut short', async () => {
    const page = await html('/team/marketing');
    const label = chart(page, 'Leads received by campaign')
      .querySelectorAll('li > span:first-child')
      .find((span) => span.text.includes('Facebook'))!;
    expect(label.text).toBe(`Facebook / paid-social / ${longCampaign}`);
    expect(label.classList.contains('break-words')).toBe(true);
    expect(page.querySelectorAll('main svg text')).toHaveLength(0);
    expect(page.text).not.toContain('…');
  });

  it('labels the days of its axes in words', async () => {
    const page = await html('/team/marketing?from=2026-03-01&to=2026-03-31');
    const axis = chart(page, 'Visitors and page views, per day')
      .querySelectorAll('.justify-between > span')
      .map((day) => day.text);
    expect(axis).toEqual(['Sun 1 Mar', 'Mon 16 Mar', 'Tue 31 Mar']);
  });

  it('says when its UTC days run in the member’s own zone', async () => {
    const data = dataAccess(app.db);
    const said = async (zone: string) => {
      const member = await data.team.upsertMember({ email: `${zone}@growmail.test`, name: zone, zone, role: 'viewer' });
      const page = await html('/team/marketing?from=2026-11-01&to=2026-11-29', {
        gm_team: await openSession(data, member.id, 'passkey'),
      });
      return page.querySelector('form[aria-label="Dates"] p.w-full.text-sm')!.text;
    };
    expect(await said('Africa/Lagos')).toContain('Days run from 01:00 to 01:00, Lagos time (midnight to midnight UTC)');
    expect(await said('America/New_York')).toContain('Days run from 19:00 to 19:00, New York time');
    expect(await said('Africa/Abidjan')).toContain('Days run from midnight to midnight, Abidjan time.');
    expect(await said('Africa/Lagos')).not.toContain('UTC.');
  });

  it('offers this month, last month and the last 7 days in one tap', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const page = await html('/team/marketing');
    const presets = page
      .querySelectorAll('form[aria-label="Dates"] a')
      .map((link) => [link.text, link.getAttribute('href')]);
    expect(presets.map(([label]) => label)).toEqual(['This month', 'Last month', 'Last 7 days']);
    expect(presets[0]![1]).toBe(`/team/marketing?from=${today.slice(0, 8)}01&to=${today}`);
    const lastWeek = await get(presets[2]![1]!);
    expect(lastWeek.statusCode).toBe(200);
    expect(parse(lastWeek.body).querySelector('form a[aria-current="true"]')?.text).toBe('Last 7 days');
  });
});

describe('the Marketing page’s tables (issue 54)', () => {
  it('keeps each table’s first column in view as it scrolls sideways', async () => {
    const page = await html('/team/marketing');
    for (const table of page.querySelectorAll('table'))
      for (const row of table.querySelectorAll('tr'))
        expect(row.querySelector('th')!.classList.contains('sticky')).toBe(true);
  });

  it('sorts a table by a link in each column’s head, with no script, and says how it is sorted', async () => {
    const page = await html('/team/marketing');
    const head = tableOn(page, 'By source')
      .querySelectorAll('thead th')
      .find((th) => th.text === 'Leads')!;
    const href = head.querySelector('a')!.getAttribute('href')!;
    expect(href).toMatch(
      /^\/team\/marketing\?from=\d{4}-\d\d-\d\d&to=\d{4}-\d\d-\d\d&sort=sources\.leads\.desc#table-sources$/,
    );
    const sorted = await html(href.replace(/#.*/, ''));
    const table = tableOn(sorted, 'By source');
    const leads = cells(table).map((row) => Number(row[4]));
    expect(leads).toEqual([...leads].sort((a, b) => b - a));
    const sortedHead = table.querySelector('th[aria-sort]')!;
    expect([sortedHead.text, sortedHead.getAttribute('aria-sort')]).toEqual(['Leads ↓', 'descending']);
    expect(sortedHead.querySelector('a')!.getAttribute('href')).toContain('sort=sources.leads.asc');
    const ascending = cells(tableOn(await html(href.replace('desc', 'asc').replace(/#.*/, '')), 'By source'));
    expect(ascending.map((row) => Number(row[4]))).toEqual([...leads].reverse());
    expect((await get('/team/marketing?sort=sources.nothing')).statusCode).toBe(400);
    expect((await get('/team/marketing/csv/sources?sort=sources.leads.asc')).body.split('\n')[1]).toMatch(
      /^"Facebook"/,
    );
  });

  it('links each source’s row to the inbox filtered to those leads, by GET and with nothing personal in it', async () => {
    const page = await html('/team/marketing');
    const links = Object.fromEntries(
      tableOn(page, 'By source')
        .querySelectorAll('tbody th a')
        .map((link) => [parse(link.outerHTML).querySelector('a')!.childNodes[0]!.text, link.getAttribute('href')!]),
    );
    const names = async (url: string) =>
      (await html(url))
        .querySelectorAll('ol[aria-label="Leads, newest first"] > li a')
        .map((link) => link.text)
        .sort();
    const tabaski = tableOn(page, 'By source')
      .querySelectorAll('tbody tr')
      .find((row) => row.text.includes('tabaski'))!
      .querySelector('th a')!
      .getAttribute('href')!;
    expect(tabaski).toMatch(
      /^\/team\/leads\?view=all&source=newsletter&medium=%28none%29&campaign=tabaski&from=.*&to=/,
    );
    expect(tabaski).not.toContain('@');
    expect(await names(tabaski)).toEqual(['Ama Mensah', 'Kofi Mensah']);
    expect(await names(links.unknown!)).toEqual(['Ada Obi', 'Ada Obi']);
    expect(await names(links.api!)).toHaveLength(4);
    expect(await names(links.Facebook!)).toEqual(['Yaw Mensah']);
  });

  it('finds a source, medium and campaign in the inbox in any case', async () => {
    const names = async (query: string) =>
      (await html(`/team/leads?view=all&${query}`))
        .querySelectorAll('ol[aria-label="Leads, newest first"] > li a')
        .map((link) => link.text);
    expect(await names('source=facebook')).toEqual(['Yaw Mensah']);
    expect(await names('source=FACEBOOK&medium=Paid-Social')).toEqual(['Yaw Mensah']);
    expect(await names(`campaign=${longCampaign.toUpperCase()}`)).toEqual(['Yaw Mensah']);
    expect(await names('source=facebook&medium=%28none%29')).toEqual([]);
    expect(await names('source=Newsletter&campaign=Tabaski')).toHaveLength(2);
  });

  it('links a day and a language to the inbox’s leads of that day and language', async () => {
    const page = await html('/team/marketing');
    const today = new Date().toISOString().slice(0, 10);
    const day = tableOn(page, 'Per day').querySelectorAll('tbody th a').at(-1)!.getAttribute('href');
    expect(day).toBe(`/team/leads?view=all&from=${today}&to=${today}`);
    const french = tableOn(page, 'By language').querySelectorAll('tbody th a')[1]!.getAttribute('href')!;
    expect(french).toMatch(/^\/team\/leads\?view=all&language=fr&from=/);
    const rows = (await html(french)).querySelectorAll('ol[aria-label="Leads, newest first"] > li');
    expect(rows.map((row) => row.querySelector('a')!.text)).toEqual(['Yaw Mensah']);
  });

  it('reads the inbox by source through its lower-cased index (SQLite’s plan)', async () => {
    const plan = await sql<{ detail: string }>`explain query plan
      select id from leads where lower(source_name) = ${'facebook'} order by created_at desc limit 50`.execute(
      app.db.kysely,
    );
    expect(plan.rows.map((row) => row.detail).join(' ')).toContain('leads_source_lower');
  });
});

describe('the Marketing page’s weight (issue 54)', () => {
  it('stays within the console’s 10 KB compressed with 200 campaigns, showing 31 rows and linking the CSV for the rest', async () => {
    const data = dataAccess(app.db);
    const day = '2026-05-10';
    await data.visits.record({
      created: Array.from({ length: 200 }, (_, n) => ({
        id: `campaign-visit-${n}`,
        day,
        visitor: null,
        entry_path: `/landing/offer-${n}`,
        language: 'en' as const,
        utm_source: `partner-${n}.example`,
        utm_medium: 'paid-social',
        utm_campaign: `${longCampaign}-${n}`,
        utm_content: null,
        utm_term: null,
        click_id: null,
        referrer_host: null,
        device: 'mobile',
        views: 3,
        first_at: `${day}T10:00:00.000Z`,
        last_at: `${day}T10:05:00.000Z`,
      })),
      extended: [],
      views: [],
    });
    for (let n = 0; n < 60; n++) {
      const fields = { fullname: `Person ${n}`, email: `p${n}@example.com` };
      await data.leads.insert(
        'enquiry',
        `p${n}@example.com`,
        fields,
        searchKeys(fields),
        'en',
        {
          channel: 'site',
          form_page: '/contact',
          visit: {
            entry_path: `/landing/offer-${n}`,
            utm_source: `partner-${n}.example`,
            utm_medium: 'paid-social',
            utm_campaign: `${longCampaign}-${n}`,
            utm_content: null,
            utm_term: null,
            click_id: null,
            referrer_host: null,
            started_at: `${day}T10:00:00.000Z`,
          },
        },
        { sentAt: `${day}T10:04:00.000Z`, by: 'test' },
      );
    }
    const answer = await app.inject({
      url: '/team/marketing?from=2026-04-11&to=2026-05-10',
      cookies,
      headers: { 'accept-encoding': 'br' },
    });
    const bytes =
      answer.headers['content-encoding'] === 'br'
        ? answer.rawPayload.length
        : brotliCompressSync(answer.rawPayload, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }).length;
    console.log(`Marketing page with 200 campaigns: ${(bytes / 1024).toFixed(2)} KB compressed`);
    expect(bytes).toBeLessThanOrEqual(10 * 1024);
    const page = await html('/team/marketing?from=2026-04-11&to=2026-05-10');
    expect(cells(tableOn(page, 'By source'))).toHaveLength(31);
    expect(page.text).toContain('The first 31 of 200 rows.');
  });
});
