import { parse } from 'node-html-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '@growmail/test-support/app';
import { testDatabases } from '@growmail/test-support/databases';
import { sql } from 'kysely';
import { migratorOf, openDatabase } from '../../src/db/index.ts';
import { dataAccess } from '../../src/repositories/index.ts';
import { reportOf } from '../../src/team/marketing-routes.ts';
import { openSession } from '../../src/team/sessions.ts';
import { searchKeys } from '../../src/submissions/lead-search.ts';

const chrome =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const today = new Date().toISOString().slice(0, 10);

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
    /** The demo form on /fr/demo posted without JavaScript, with the first open slot (the English page lists them). */
    async bookDemo(email: string) {
      const form = parse((await app.inject('/demo')).body);
      const slot = form.querySelector('[data-demo-slot-days] input[name="slot"]')!.getAttribute('value')!;
      return app.inject({
        method: 'POST',
        url: '/fr/demo',
        payload: new URLSearchParams({
          form_name: 'demo',
          firstname: 'Awa',
          lastname: 'Diop',
          company_name: 'Teranga SA',
          email,
          phone_number: '+221 77 123 45 67',
          subscribers: '0:100K',
          zone: 'Africa/Dakar',
          slot,
          homepage: '',
        }).toString(),
        headers: { ...headers('/fr/demo'), 'content-type': 'application/x-www-form-urlencoded' },
        remoteAddress,
      });
    },
    enquire: (email: string, page?: string) =>
      app.inject({
        method: 'POST',
        url: '/services/users/guests/enquiry',
        payload: { fullname: 'Ada Obi', email, subject: 'Pricing', body: 'A question about prices.' },
        headers: { 'user-agent': chrome, ...(page ? { 'x-growmail-page': page } : {}) },
        remoteAddress,
      }),
  };
};

const get = (url: string) => app.inject({ url, cookies });

/** A table of the page, by its caption's start, as rows of cell texts. */
const tableOn = (html: string, title: string) => {
  const table = parse(html)
    .querySelectorAll('table')
    .find((one) => one.querySelector('caption')!.text.startsWith(title))!;
  for (const hidden of table.querySelectorAll('.sr-only')) hidden.remove();
  return table.querySelectorAll('tbody tr').map((row) => row.querySelectorAll('th, td').map((cell) => cell.text));
};

beforeAll(async () => {
  app = await testApp({ RATE_LIMIT_PER_MINUTE: '1000' });
  const data = dataAccess(app.db);
  const member = await data.team.upsertMember({
    email: 'viewer@growmail.test',
    name: 'A viewer',
    zone: 'Africa/Lagos',
    role: 'viewer',
  });
  const session = await openSession(data, member.id, 'passkey');
  cookies = { gm_team: session };

  const awa = visitor('203.0.113.30');
  await awa.view('/fr?utm_source=newsletter&utm_campaign=tabaski');
  await awa.view('/fr/demo');
  expect((await awa.bookDemo('awa@teranga.example')).statusCode).toBe(303);
  const ada = visitor('203.0.113.31');
  await ada.view('/');
  await ada.view('/contact');
  expect((await ada.enquire('ada@lagos.example', '/contact')).statusCode).toBe(201);
  expect((await visitor('203.0.113.32').enquire('crm@partner.example')).statusCode).toBe(201);
  await app.visitCounter.flush();
});
afterAll(() => app?.close());

describe('the Marketing page (issue 40)', () => {
  it('shows a visit landing on /fr with a newsletter campaign under that campaign, counted once, with its lead and demo', async () => {
    const page = await get('/team/marketing');
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toMatch(/no-store/);
    const sources = tableOn(page.body, 'By source');
    expect(sources).toContainEqual(['newsletter', '(none)', 'tabaski', '1', '1', '100.0%', '1']);
    expect(sources).toContainEqual(['direct', '(none)', '(none)', '1', '1', '100.0%', '0']);
    expect(sources).toContainEqual(['api', '(none)', '(none)', '0', '1', '–', '0']);
  });

  it('follows the demo funnel from visitors to booked slots, leaving out requests from elsewhere', async () => {
    const page = await get('/team/marketing');
    expect(tableOn(page.body, 'Demo funnel')).toEqual([
      ['Visited the site', '2'],
      ['Viewed the demo page', '1'],
      ['Sent a demo request', '1'],
      ['Booked a slot', '1'],
    ]);
  });

  it('counts visitors, views, leads and demos per day, and by entry page, language and form page', async () => {
    const page = await get('/team/marketing');
    const inWords = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'UTC',
      weekday: 'short',
      day: 'numeric',
      month: 'short',
    });
    expect(tableOn(page.body, 'Per day').at(-1)).toEqual([inWords.format(new Date(today)), '2', '4', '3', '1']);
    expect(tableOn(page.body, 'By entry page')).toEqual(
      expect.arrayContaining([
        ['/fr', '1', '1', '100.0%'],
        ['/', '1', '1', '100.0%'],
      ]),
    );
    // English has two leads, one of them from elsewhere (api), which had no visit to set it against.
    expect(tableOn(page.body, 'By language')).toEqual([
      ['English', '1', '2', '1', '100.0%'],
      ['French', '1', '1', '1', '100.0%'],
    ]);
    const forms = tableOn(page.body, 'Per form page');
    expect(forms).toContainEqual(['/', '1', '0', '0.0%']);
    expect(forms).toContainEqual(['/contact', '1', '1', '100.0%']);
    expect(forms).toContainEqual(['/fr/demo', '1', '1', '100.0%']);
  });

  it('draws each chart on the server, its drawing hidden from screen readers, beside its table, with no script', async () => {
    const html = parse((await get('/team/marketing')).body);
    const charts = html.querySelectorAll('main section figure');
    expect(charts.length).toBeGreaterThanOrEqual(8);
    for (const chart of charts) {
      expect(chart.querySelector('figcaption')?.text).toBeTruthy();
      expect(chart.querySelector('[aria-hidden="true"]')).not.toBeNull();
    }
    expect(html.querySelectorAll('main section path[d^="M"]').length).toBe(4);
    expect(html.querySelectorAll('script[src]')).toHaveLength(0);
    expect(html.querySelector('nav a[aria-current="page"]')?.text).toBe('Marketing');
  });

  it('gives each table as a CSV for the same dates, never kept', async () => {
    const csv = await get(`/team/marketing/csv/sources?from=${today}&to=${today}`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['cache-control']).toBe('no-store');
    expect(csv.body.split('\n')[0]).toBe('"Source","Medium","Campaign","Visitors","Leads","Conversion","Demos booked"');
    expect(csv.body).toContain('\n"newsletter","","tabaski","1","1","100.0%","1"\n');
    const funnel = await get(`/team/marketing/csv/funnel?from=${today}&to=${today}`);
    expect(funnel.body).toBe(
      '"Step","Visitors"\n"Visited the site","2"\n"Viewed the demo page","1"\n"Sent a demo request","1"\n"Booked a slot","1"\n',
    );
    const earlier = await get('/team/marketing/csv/daily?from=2025-01-01&to=2025-01-02');
    expect(earlier.body).toBe(
      '"Day","Visitors","Page views","Leads","Demos booked"\n"2025-01-01","0","0","0","0"\n"2025-01-02","0","0","0","0"\n',
    );
  });

  // Last in this block: the visit it adds changes the figures the tests above read.
  it("writes a visitor's campaign that a spreadsheet would run as a formula as text in the CSV", async () => {
    const campaign = ";=cmd|' /C calc'!A0";
    await visitor('203.0.113.33').view(`/?utm_source=ads&utm_campaign=${encodeURIComponent(campaign)}`);
    await app.visitCounter.flush();
    const csv = (await get(`/team/marketing/csv/sources?from=${today}&to=${today}`)).body;
    expect(csv).toContain(`\n"ads","","'${campaign}","1","0","0.0%","0"\n`);
    expect(csv).not.toMatch(/(^|[",])[=+\-@;]/m);
  });

  it('answers dates it cannot read with the page and its problem, never a 500', async () => {
    for (const [query, problem] of [
      ['from=2026-13-01', 'must be a date'],
      ['from=2026-02-10&to=2026-02-01', 'first day must come before the last'],
      ['from=2020-01-01&to=2026-01-01', 'at most 400 days'],
      ['from=2026-01-01&from=2026-01-02', 'The dates:'],
    ] as const) {
      const page = await get(`/team/marketing?${query}`);
      expect([query, page.statusCode]).toEqual([query, 400]);
      expect(parse(page.body).querySelector('[role="alert"]')?.text).toContain(problem);
    }
    expect((await get('/team/marketing/csv/sources?to=yesterday')).statusCode).toBe(400);
    expect((await get('/team/marketing/csv/everything')).statusCode).toBe(404);
  });
});

describe('the Marketing figures on each database', async () => {
  for (const database of await testDatabases()) {
    it(`groups visits and leads in SQL on ${database.name}`, async () => {
      const db = await database.open();
      try {
        const data = dataAccess(db);
        const visit = (id: string, day: string, source: string | null, entry: string) => ({
          id,
          day,
          visitor: null,
          entry_path: entry,
          language: entry.startsWith('/fr') ? ('fr' as const) : ('en' as const),
          utm_source: source,
          utm_medium: source && 'email',
          utm_campaign: source && 'tabaski',
          utm_content: null,
          utm_term: null,
          click_id: null,
          referrer_host: null,
          device: 'mobile',
          views: 2,
          first_at: `${day}T10:00:00.000Z`,
          last_at: `${day}T10:05:00.000Z`,
        });
        await data.visits.record({
          created: [
            visit('a', '2026-03-01', 'newsletter', '/fr'),
            visit('b', '2026-03-01', null, '/'),
            visit('c', '2026-03-02', 'newsletter', '/fr'),
            visit('d', '2026-03-05', null, '/'),
          ],
          extended: [],
          views: [
            { visit_id: 'a', path: '/fr', viewed_at: '2026-03-01T10:00:00.000Z' },
            { visit_id: 'a', path: '/fr/demo', viewed_at: '2026-03-01T10:05:00.000Z' },
            { visit_id: 'c', path: '/fr/demo', viewed_at: '2026-03-02T10:05:00.000Z' },
          ],
        });
        const source = {
          channel: 'site' as const,
          form_page: '/fr/demo',
          visit: {
            entry_path: '/fr',
            utm_source: 'newsletter',
            utm_medium: 'email',
            utm_campaign: 'tabaski',
            utm_content: null,
            utm_term: null,
            click_id: null,
            referrer_host: null,
            started_at: '2026-03-01T10:00:00.000Z',
          },
        };
        await data.leads.insert('demo', 'awa@teranga.example', {}, searchKeys({}), 'fr', source, {
          sentAt: '2026-03-01T10:06:00.000Z',
          by: 'test',
        });
        const report = await reportOf(data, { from: '2026-03-01', to: '2026-03-02' });
        expect(report.daily).toEqual([
          { day: '2026-03-01', visitors: 2, views: 4, leads: 1, demos: 0 },
          { day: '2026-03-02', visitors: 1, views: 2, leads: 0, demos: 0 },
        ]);
        expect(report.sources).toEqual([
          { source: 'newsletter', medium: 'email', campaign: 'tabaski', visitors: 2, leads: 1, demos: 0 },
          { source: 'direct', medium: '', campaign: '', visitors: 1, leads: 0, demos: 0 },
        ]);
        expect(report.funnel).toEqual({ visitors: 3, viewedDemo: 2, requested: 1, booked: 0 });
        expect(report.entries).toEqual([
          { page: '/fr', visitors: 2, leads: 1 },
          { page: '/', visitors: 1, leads: 0 },
        ]);
        expect(report.forms.find((row) => row.page === '/fr/demo')).toEqual({ page: '/fr/demo', views: 2, leads: 1 });
      } finally {
        await db.close();
      }
    });
  }
});

describe('the inbox by source (issue 40)', () => {
  it('filters leads by the source the Marketing page names, and shows each lead’s source', async () => {
    const rowsOf = async (url: string) =>
      parse((await get(url)).body)
        .querySelectorAll('ol[aria-label="Leads, newest first"] > li')
        .map((row) => ({
          name: row.querySelector('a')!.text,
          // The row's last line: its form, its source, how long ago.
          source: row.querySelectorAll('p').at(-1)?.text.split(' · ')[1],
        }));
    expect(await rowsOf('/team/leads?source=newsletter')).toEqual([{ name: 'Awa Diop', source: 'newsletter' }]);
    expect(await rowsOf('/team/leads?source=api')).toEqual([{ name: 'Ada Obi', source: 'api' }]);
    expect((await rowsOf('/team/leads')).map((row) => row.source).sort()).toEqual(['api', 'direct', 'newsletter']);
    expect(await rowsOf('/team/leads?source=elsewhere')).toEqual([]);
  });

  it('answers a source longer than any it keeps with a 400, never a 500', async () => {
    expect((await get(`/team/leads?source=${'x'.repeat(201)}`)).statusCode).toBe(400);
  });
});

describe('leads stored before the Marketing page (migration 0021)', () => {
  it('gets the columns it groups by from the source each one kept', async () => {
    const db = openDatabase('sqlite::memory:');
    try {
      const migrator = await migratorOf(db.kysely);
      expect((await migrator.migrateTo('0020-lead-sources')).error).toBeUndefined();
      const source = {
        channel: 'site',
        form_page: '/fr/demo',
        visit: {
          entry_path: '/fr',
          utm_source: 'newsletter',
          utm_medium: null,
          utm_campaign: 'tabaski',
          referrer_host: null,
        },
      };
      for (const [id, kept] of [
        ['site', JSON.stringify(source)],
        ['api', JSON.stringify({ channel: 'api', form_page: null, visit: null })],
        ['before', null],
      ] as const)
        await sql`insert into leads (id, type, email, metadata, source) values (${id}, 'demo', 'a@b.example', '{}', ${kept})`.execute(
          db.kysely,
        );
      expect((await migrator.migrateToLatest()).error).toBeUndefined();
      const rows = await db.kysely
        .selectFrom('leads')
        .select(['id', 'source_name', 'source_medium', 'source_campaign', 'entry_path', 'form_page'])
        .orderBy('id')
        .execute();
      expect(rows).toEqual([
        {
          id: 'api',
          source_name: 'api',
          source_medium: null,
          source_campaign: null,
          entry_path: null,
          form_page: null,
        },
        {
          id: 'before',
          source_name: null,
          source_medium: null,
          source_campaign: null,
          entry_path: null,
          form_page: null,
        },
        {
          id: 'site',
          source_name: 'newsletter',
          source_medium: null,
          source_campaign: 'tabaski',
          entry_path: '/fr',
          form_page: '/fr/demo',
        },
      ]);
    } finally {
      await db.close();
    }
  });
});
