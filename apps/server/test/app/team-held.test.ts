import { parse } from 'node-html-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '@growmail/test-support/app';
import { signedIn } from './console-session.ts';

const origin = 'http://localhost:4010';

/** A held demo request as the screening keeps it: the form's fields, the time asked for, its zone. */
const heldDemo = {
  type: 'demo',
  firstname: 'Awa',
  lastname: 'Diop',
  company_name: 'Teranga SA',
  email: 'awa@teranga.example',
  phone_number: '+221 77 123 45 67',
  subscribers: '0:100K',
  demo_start: '2026-12-01T14:00:00.000Z',
  demo_zone: 'Africa/Dakar',
};

describe('posts held as spam, in the team’s words (issue 54)', () => {
  let app: Awaited<ReturnType<typeof testApp>>;
  let sales: Awaited<ReturnType<typeof signedIn>>;
  let viewer: Awaited<ReturnType<typeof signedIn>>;

  beforeAll(async () => {
    app = await testApp({ PUBLIC_URL: origin });
    sales = await signedIn(app, 'sales');
    viewer = await signedIn(app, 'viewer');
    await app.quarantine.insert('demo', heldDemo.email, heldDemo, ['honeypot']);
  });
  afterAll(() => app.close());

  const page = async (member: typeof sales, url = '/team/quarantine') =>
    parse((await app.inject({ url, cookies: member.cookies })).body);
  const card = (html: ReturnType<typeof parse>, name: RegExp) =>
    html.querySelectorAll('ul[aria-label="Held posts, newest first"] > li').find((row) => name.test(row.text))!;

  it('is called what the team calls it, in its title, heading and navigation', async () => {
    const html = await page(sales);
    expect(html.querySelector('title')?.text).toBe('Held as spam · Growmail team');
    expect(html.querySelector('h1')?.text).toBe('Held as spam');
    expect(html.querySelector('nav a[aria-current="page"]')?.text).toBe('Held as spam');
    expect(html.text).not.toContain('Quarantine');
  });

  it('shows who sent a held demo request and the time they asked for, in the member’s zone and theirs', async () => {
    const row = card(await page(sales), /Awa Diop/);
    expect(row.querySelector('label')?.text).toBe('Awa Diop, Teranga SA · Demo request');
    expect(row.text).toContain('From awa@teranga.example');
    // The member's zone is Lagos (UTC+1); Dakar keeps UTC.
    expect(row.text).toContain(
      'Asked for a demo on 1 Dec 2026, 15:00 your time (1 Dec 2026, 14:00 their time, Africa/Dakar)',
    );
    expect(row.text).toContain('Held because: filled the hidden field');
    const sent = Object.fromEntries(
      row.querySelectorAll('dt').map((term) => [term.text, term.nextElementSibling?.text ?? '']),
    );
    expect(sent).toMatchObject({
      'Phone number': '+221 77 123 45 67',
      'Company name': 'Teranga SA',
      'Number of users': 'Less than 100K',
    });
    expect(Object.keys(sent)).not.toContain('demo_start');
  });

  it('masks the sender’s address and phone for a role that sees contacts masked', async () => {
    const row = card(await page(viewer), /Awa Diop/);
    expect(row.text).not.toContain('awa@teranga.example');
    expect(row.text).not.toContain('123 45 67');
    expect(row.text).toContain('From a•••@teranga.example');
    expect(row.querySelector('input[type="checkbox"]')).toBeNull();
  });

  it('links a release’s notice to the lead it became, its focus on the notice, and the URL holds only ids', async () => {
    const id = await app.quarantine.insert(
      'enquiry',
      'ifeoma@held.example',
      { fullname: 'Ifeoma Nwosu', email: 'ifeoma@held.example', subject: 'Prices', body: 'How much?' },
      ['mostly_links'],
    );
    const answer = await app.inject({
      method: 'POST',
      url: '/team/quarantine',
      cookies: sales.cookies,
      headers: { origin },
      payload: { _csrf: sales.csrf, action: 'release', ids: id },
    });
    expect(answer.statusCode).toBe(303);
    const [lead] = (await app.leads.list({})).filter((row) => row.email === 'ifeoma@held.example');
    expect(answer.headers.location).toBe(`/team/quarantine?done=handled&released=1&lead=${lead!.id}#notice`);
    const notice = (await page(sales, answer.headers.location!.replace('#notice', ''))).querySelector('#notice')!;
    expect(notice.text).toBe('Released one post. Open the lead it became: Ifeoma Nwosu’s enquiry.');
    expect(notice.querySelector('a')?.getAttribute('href')).toBe(`/team/leads/${lead!.id}`);
    expect(notice.getAttribute('tabindex')).toBe('-1');
  });

  it('links a release made with a time sales chose to its lead too', async () => {
    const id = await app.quarantine.insert(
      'demo',
      'kofi@held.example',
      { ...heldDemo, firstname: 'Kofi', email: 'kofi@held.example', demo_start: '2020-01-01T10:00:00.000Z' },
      ['honeypot'],
    );
    const answer = await app.inject({
      method: 'POST',
      url: `/team/quarantine/${id}/release`,
      cookies: sales.cookies,
      headers: { origin },
      payload: { _csrf: sales.csrf, slot: 'none' },
    });
    expect(answer.statusCode).toBe(303);
    const [lead] = (await app.leads.list({})).filter((row) => row.email === 'kofi@held.example');
    expect(answer.headers.location).toBe(`/team/quarantine?done=released-without-slot&lead=${lead!.id}#notice`);
    const notice = (await page(sales, answer.headers.location!.replace('#notice', ''))).querySelector('#notice')!;
    expect(notice.querySelector('a')?.text).toBe('Kofi Diop’s demo request');
  });

  it('shows the notice without links for a lead id that is gone or not an id, never a 500', async () => {
    for (const lead of ['00000000-0000-0000-0000-000000000000', 'not-an-id', '<script>']) {
      const answer = await app.inject({
        url: `/team/quarantine?done=handled&released=1&lead=${encodeURIComponent(lead)}`,
        cookies: sales.cookies,
      });
      expect([lead, answer.statusCode]).toEqual([lead, 200]);
      const notice = parse(answer.body).querySelector('#notice')!;
      expect(notice.text).toBe('Released one post.');
      expect(notice.querySelector('a')).toBeNull();
    }
  });
});
