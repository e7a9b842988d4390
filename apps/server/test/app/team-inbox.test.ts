import { parse } from 'node-html-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '@growmail/test-support/app';
import { fixturesRepository } from '@growmail/test-support/fixtures';
import { dataAccess, type DataAccess } from '../../src/repositories/index.ts';
import { signedIn } from './console-session.ts';
import { storedLead } from '@growmail/test-support/leads';

/** The inbox as a sales rep and a viewer use it, and a lead read in words (issue 54). */
describe('the inbox’s views and a lead in words', () => {
  let app: Awaited<ReturnType<typeof testApp>>;
  let data: DataAccess;
  let demoId: string;
  let enquiryId: string;
  let savingsId: string;
  const origin = 'http://localhost:4010';

  beforeAll(async () => {
    app = await testApp({ PUBLIC_URL: origin });
    data = dataAccess(app.db);
    savingsId = await storedLead(data, 'savings', 'sam@save.test', {
      type: 'savings',
      email: 'sam@save.test',
      contact_count: 25000,
      current_cost: 12000,
      savings: 3000,
      services: { campaign: true, automation: false, transactional: true, push: false },
    });
    enquiryId = await storedLead(data, 'enquiry', 'kofi@acme.test', {
      fullname: 'Kofi Mensah',
      email: 'kofi@acme.test',
      subject: 'Pricing for schools',
      body: 'Call me on +234 803 555 0101 about 40 schools.',
    });
    demoId = await storedLead(
      data,
      'demo',
      'funmi@shoplagos.test',
      {
        type: 'demo',
        firstname: 'Funmilayo',
        lastname: 'Adeyemi',
        company_name: 'Shop Lagos',
        email: 'funmi@shoplagos.test',
        phone_number: '+2348035550101',
        subscribers: '0:100K',
        demo_start: '2026-11-30T14:00:00.000Z',
        demo_zone: 'Africa/Nairobi',
      },
      'en',
      {
        channel: 'site',
        form_page: '/demo',
        visit: {
          entry_path: '/pricing',
          utm_source: 'facebook',
          utm_medium: 'paid-social',
          utm_campaign: 'spring-schools',
          utm_content: null,
          utm_term: null,
          click_id: null,
          referrer_host: null,
          started_at: new Date().toISOString(),
        },
      },
    );
    // Newest first: the demo, the enquiry, then the savings lead, a second apart. Written within
    // one millisecond, their order would fall to their random ids. They stay after midnight in
    // Lagos (UTC+1 all year), where the member's "New today" starts, whenever the test runs.
    const fixtures = fixturesRepository(app.db.kysely);
    const day = 86_400_000;
    const lagosMidnight = Math.floor((Date.now() + 3_600_000) / day) * day - 3_600_000;
    const secondsAgo = (seconds: number) =>
      new Date(Math.max(Date.now() - seconds * 1000, lagosMidnight + (4 - seconds) * 1000)).toISOString();
    await fixtures.backdateLead(savingsId, secondsAgo(3));
    await fixtures.backdateLead(enquiryId, secondsAgo(2));
    await fixtures.backdateLead(demoId, secondsAgo(1));
  });
  afterAll(() => app.close());

  const get = async (url: string, cookies: Record<string, string>) => {
    const answer = await app.inject({ url, cookies });
    expect([url, answer.statusCode]).toEqual([url, 200]);
    return parse(answer.body);
  };
  const viewOf = (page: ReturnType<typeof parse>) =>
    page.querySelector('nav[aria-label="Views"] a[aria-current="page"]')?.text.replace(/\s+/g, ' ').trim();

  it('lands a member on the leads nobody has, then on their own once they have one open', async () => {
    const { cookies, member } = await signedIn(app, 'sales');
    expect(viewOf(await get('/team/leads', cookies))).toBe('Unassigned (3)');
    await data.leads.assign(demoId, member.id);
    const mine = await get('/team/leads', cookies);
    expect(viewOf(mine)).toBe('Mine (1)');
    expect(mine.querySelectorAll('ol li')).toHaveLength(1);
    const counts = mine.querySelectorAll('nav[aria-label="Views"] a').map((link) => link.text.replace(/\s+/g, ' '));
    expect(counts).toEqual(['New today (3)', 'Unassigned (2)', 'Mine (1)', 'Handled (0)', 'All (3)']);
    await data.leads.assign(demoId, null);
  });

  it('makes every view a URL, and a filter narrows it', async () => {
    const { cookies } = await signedIn(app, 'sales');
    await data.leads.setStatus(savingsId, 'handled');
    const handled = await get('/team/leads?view=handled', cookies);
    expect(handled.querySelectorAll('ol a').map((link) => link.getAttribute('href'))).toEqual([
      `/team/leads/${savingsId}?view=handled`,
    ]);
    const narrowed = await get('/team/leads?view=all&form=demo', cookies);
    expect(narrowed.querySelectorAll('ol a').map((link) => link.getAttribute('href'))).toEqual([
      `/team/leads/${demoId}?form=demo&view=all`,
    ]);
    await data.leads.setStatus(savingsId, 'new');
    expect((await app.inject({ url: '/team/leads?view=everything', cookies })).statusCode).toBe(400);
  });

  it('folds the filters away until one is set', async () => {
    const { cookies } = await signedIn(app, 'sales');
    const plain = await get('/team/leads?view=all', cookies);
    expect(plain.querySelector('details form[aria-label="Filters"]')).not.toBeNull();
    expect(plain.querySelector('details')!.hasAttribute('open')).toBe(false);
    const set = await get('/team/leads?view=all&status=new', cookies);
    expect(set.querySelector('details')!.hasAttribute('open')).toBe(true);
  });

  it('says in each row what the person wants, masked for a role that sees contacts masked', async () => {
    const rowOf = (page: ReturnType<typeof parse>, id: string) =>
      page.querySelector(`ol a[href^="/team/leads/${id}"]`)!.closest('li')!.text.replace(/\s+/g, ' ');
    const sales = await get('/team/leads?view=all', (await signedIn(app, 'sales')).cookies);
    expect(rowOf(sales, enquiryId)).toContain('Pricing for schools: Call me on +234 803 555 0101 about 40 schools.');
    expect(rowOf(sales, demoId)).toContain('Demo asked for 30 Nov 2026, 15:00');
    expect(rowOf(sales, demoId)).toContain('Shop Lagos');
    expect(rowOf(sales, demoId)).toContain('facebook');
    expect(rowOf(sales, demoId)).toMatch(/this minute|minutes? ago/);
    expect(rowOf(sales, savingsId)).toContain('Campaign Mailing, Transactional Emails');
    const viewer = await get('/team/leads?view=all', (await signedIn(app, 'viewer')).cookies);
    expect(rowOf(viewer, enquiryId)).toContain('Call me on •••01 about 40 schools.');
    expect(viewer.toString()).not.toContain('555 0101');
  });

  it('reads a lead in the form’s words, with one tap to reach them and where they came from', async () => {
    const page = await get(`/team/leads/${demoId}`, (await signedIn(app, 'sales')).cookies);
    const fields = Object.fromEntries(
      page.querySelectorAll('dt').map((term) => [term.text, term.nextElementSibling!.text.replace(/\s+/g, ' ').trim()]),
    );
    expect(fields).toMatchObject({
      'First name': 'Funmilayo',
      'Company name': 'Shop Lagos',
      'Number of users': 'Less than 100K',
      'Demo asked for': '30 Nov 2026, 15:00 your time (30 Nov 2026, 17:00 their time, Africa/Nairobi)',
      Campaign: 'spring-schools',
      Source: 'facebook',
      Medium: 'paid-social',
      'Landing page': '/pricing',
    });
    expect(page.toString()).not.toMatch(/company_name|0:100K|demo_start/);
    const links = page.querySelectorAll('ul[aria-label="Reach them"] a').map((link) => link.getAttribute('href'));
    expect(links).toEqual(['tel:+2348035550101', 'https://wa.me/2348035550101', 'mailto:funmi@shoplagos.test']);
    const savings = await get(`/team/leads/${savingsId}`, (await signedIn(app, 'sales')).cookies);
    const services = savings.querySelectorAll('dd li').map((item) => item.text);
    expect(services).toEqual(['Campaign Mailing', 'Transactional Emails']);
  });

  it('gives a role that sees contacts masked no link to them', async () => {
    const page = await get(`/team/leads/${demoId}`, (await signedIn(app, 'viewer')).cookies);
    expect(page.querySelectorAll('ul[aria-label="Reach them"] a')).toHaveLength(0);
    expect(page.toString()).not.toMatch(/tel:|wa\.me|mailto:|5550101/);
  });

  it('keeps the view on the way back, to the next lead and after a change, with the notice in focus', async () => {
    const { cookies, csrf } = await signedIn(app, 'sales');
    const first = await get(`/team/leads/${demoId}?view=all`, cookies);
    const nav = first
      .querySelectorAll('nav[aria-label="Leads"] a')
      .map((link) => [link.text, link.getAttribute('href')]);
    expect(nav).toEqual([
      ['Back to the list', '/team/leads?view=all'],
      ['Next lead in this view', `/team/leads/${enquiryId}?view=all`],
    ]);
    const last = await get(`/team/leads/${savingsId}?view=all`, cookies);
    expect(last.querySelector('nav[aria-label="Leads"]')!.text).not.toContain('Next lead');
    const action = first.querySelector('form[action*="/notes"]')!.getAttribute('action')!;
    expect(action).toBe(`/team/leads/${demoId}/notes?view=all`);
    const noted = await app.inject({
      method: 'POST',
      url: action,
      cookies,
      headers: { origin },
      payload: { _csrf: csrf, text: 'Called, wants a demo on Monday.' },
    });
    expect(noted.statusCode).toBe(303);
    expect(noted.headers.location).toBe(`/team/leads/${demoId}?done=noted&view=all#notice`);
    const after = await get(noted.headers.location!.replace('#notice', ''), cookies);
    expect(after.querySelector('#notice')!.getAttribute('tabindex')).toBe('-1');
    const history = after.querySelectorAll('section[aria-labelledby="notes-heading"] li').map((item) => item.text);
    expect(history).toHaveLength(1);
    expect(history[0]).toMatch(/^A sales noted, .+:Called, wants a demo on Monday\.$/);
  });

  it('exports the view the inbox shows, not every lead', async () => {
    const { cookies } = await signedIn(app, 'admin');
    await data.leads.setStatus(savingsId, 'handled');
    const page = await get('/team/leads?view=handled', cookies);
    const link = page.querySelector('a[download]')!.getAttribute('href')!;
    expect(link).toBe('/team/leads/export?view=handled');
    const csv = (await app.inject({ url: link, cookies })).body;
    expect(csv).toContain('sam@save.test');
    expect(csv).not.toContain('kofi@acme.test');
    await data.leads.setStatus(savingsId, 'new');
  });

  it('keeps a search on the way back, to the next result and after a change, its words in no URL', async () => {
    const { cookies, csrf } = await signedIn(app, 'sales');
    // Newer than every other lead, so the search lists it first and the demo at Shop Lagos next.
    const bakersId = await storedLead(data, 'enquiry', 'tunde@bakers.test', {
      fullname: 'Tunde Bakare',
      email: 'tunde@bakers.test',
      company: 'Lagos Bakers',
      subject: 'Receipts by mail',
      body: 'We bake for 300 shops.',
    });
    const results = await app.inject({
      method: 'POST',
      url: '/team/leads/search',
      cookies,
      headers: { origin },
      payload: { _csrf: csrf, q: 'lagos' },
    });
    expect(results.statusCode).toBe(200);
    const kept = results.cookies.find((cookie) => cookie.name === 'gm_team_search')!;
    expect([kept.value, kept.path, kept.httpOnly, kept.sameSite]).toEqual([
      expect.stringMatching(/^[\w-]{16}:lagos$/),
      '/team',
      true,
      'Strict',
    ]);
    const links = parse(results.body)
      .querySelectorAll('ol a')
      .map((link) => link.getAttribute('href'));
    expect(links).toEqual([`/team/leads/${bakersId}?list=search`, `/team/leads/${demoId}?list=search`]);

    const searching = { ...cookies, gm_team_search: kept.value };
    const lead = await get(links[0]!, searching);
    const back = lead.querySelector('nav[aria-label="Leads"] form')!;
    expect(back.getAttribute('action')).toBe('/team/leads/search');
    expect(back.querySelector('input[name="q"]')!.getAttribute('value')).toBe('lagos');
    expect(back.querySelector('button')!.text).toBe('Back to the search');
    const next = lead.querySelector('nav[aria-label="Leads"] a')!;
    expect([next.text, next.getAttribute('href')]).toEqual([
      'Next lead in this search',
      `/team/leads/${demoId}?list=search`,
    ]);
    const action = lead.querySelector('form[action*="/notes"]')!.getAttribute('action')!;
    const noted = await app.inject({
      method: 'POST',
      url: action,
      cookies: searching,
      headers: { origin },
      payload: { _csrf: csrf, text: 'Wants receipts in Yoruba too.' },
    });
    expect(noted.headers.location).toBe(`/team/leads/${bakersId}?done=noted&list=search#notice`);
    // The last result has no next one, and another browser, without the search, goes back to the inbox.
    expect((await get(links[1]!, searching)).querySelector('nav[aria-label="Leads"]')!.text).not.toContain('Next');
    const elsewhere = await get(links[0]!, cookies);
    expect(elsewhere.querySelector('nav[aria-label="Leads"] a')!.text).toBe('Back to the list');
    // A session that ended without signing out leaves its search behind; whoever signs in next on
    // that browser is not offered it.
    const other = await signedIn(app, 'sales');
    const another = await get(links[0]!, { ...other.cookies, gm_team_search: kept.value });
    expect(another.querySelector('nav[aria-label="Leads"] a')!.text).toBe('Back to the list');
    expect(another.querySelector('nav[aria-label="Leads"] form')).toBeNull();

    const out = await app.inject({
      method: 'POST',
      url: '/team/sign-out',
      cookies: searching,
      headers: { origin },
      payload: { _csrf: csrf },
    });
    expect(out.cookies.find((cookie) => cookie.name === 'gm_team_search')?.value).toBe('');
    await data.leads.setStatus(bakersId, 'handled');
  });
});
