import type { TeamRole } from '@growmail/contracts/team';
import { testApp } from '@growmail/test-support/app';
import { enquiry } from '@growmail/test-support/submissions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataAccess } from '../../src/repositories/index.ts';
import { openSession } from '../../src/team/sessions.ts';

const publicUrl = 'http://localhost:4010';
const metricsToken = 'm'.repeat(32);

let app: Awaited<ReturnType<typeof testApp>>;

/** A signed-in browser's cookies and CSRF token, for a member of this role. */
async function signedIn(role: TeamRole) {
  const data = dataAccess(app.db);
  const member = await data.team.upsertMember({
    email: `${role}-${Math.random().toString(36).slice(2)}@growmail.test`,
    name: `A ${role}`,
    zone: 'Africa/Lagos',
    role,
  });
  const session = await openSession(data, member.id, 'passkey');
  const page = await app.inject({ url: '/team/account', cookies: { gm_team: session } });
  const csrf = /name="csrf-token" content="([^"]+)"/.exec(page.body)![1]!;
  const csrfCookie = page.cookies.find((cookie) => cookie.name === 'gm_team_csrf')!.value;
  return { cookies: { gm_team: session, gm_team_csrf: csrfCookie }, csrf };
}

type Member = Awaited<ReturnType<typeof signedIn>>;

const post = (member: Member, url: string, payload: Record<string, string>) =>
  app.inject({
    method: 'POST',
    url,
    cookies: member.cookies,
    headers: { origin: publicUrl },
    payload: { ...payload, _csrf: member.csrf },
  });

/** The contact details the test writes into free text, and what a masked role sees of each. */
const contacts = {
  '0803 123 4567': '•••67',
  '+254 712 345678': '•••78',
  '024 123 4567': '•••67',
  'kemi.adeyemi@acme.example': 'k•••@acme.example',
};
const freeText = `Call 0803 123 4567 or our Nairobi desk on +254 712 345678; Accra is 024 123 4567. Copy kemi.adeyemi@acme.example.`;

/** Whether a page shows any of the contact details whole. */
const unmasked = (body: string) => Object.keys(contacts).filter((contact) => body.includes(contact));

beforeAll(async () => {
  app = await testApp({ PUBLIC_URL: publicUrl, METRICS_TOKEN: metricsToken, RATE_LIMIT_PER_MINUTE: '1000' });
});
afterAll(() => app.close());

describe('a role that sees contacts masked cannot search by address (issue 53)', () => {
  const refusals = async () => {
    const metrics = await app.inject({ url: '/metrics', headers: { authorization: `Bearer ${metricsToken}` } });
    const line = /^growmail_team_masked_refusals_total\{route="\/team\/leads\/search"\} (\d+)$/m.exec(metrics.body);
    return Number(line?.[1] ?? 0);
  };
  /** The answer with the page's own CSRF token taken out, the one part that differs per answer. */
  const withoutToken = (body: string) =>
    body.replaceAll(/name="csrf-token" content="([^"]+)"/.exec(body)![1]!, 'the-token');

  it('gives a right guess and a wrong guess the same refusal, audits neither, and counts both', async () => {
    const guessed = 'nneka.obi@guess.example';
    await app.inject({
      method: 'POST',
      url: '/services/users/guests/enquiry',
      payload: { ...enquiry, email: guessed },
    });
    const viewer = await signedIn('viewer');
    const before = await refusals();
    const audited = (await app.audit.list(1000)).length;

    const right = await post(viewer, '/team/leads/search', { q: guessed });
    const wrong = await post(viewer, '/team/leads/search', { q: 'nobody.here@guess.example' });
    const domain = await post(viewer, '/team/leads/search', { q: '@guess.example' });
    for (const answer of [right, wrong, domain]) {
      expect(answer.statusCode).toBe(403);
      expect(answer.body).toContain('your role sees masked');
      expect(withoutToken(answer.body)).toBe(withoutToken(right.body));
    }
    expect(right.body).not.toContain('nneka');
    expect(await refusals()).toBe(before + 3);
    expect((await app.audit.list(1000)).length).toBe(audited);

    // Sales still searches, and is counted as nothing refused.
    const sales = await signedIn('sales');
    const found = await post(sales, '/team/leads/search', { q: guessed });
    expect(found.statusCode).toBe(200);
    expect(found.body).toContain(guessed);
    expect(await refusals()).toBe(before + 3);
  });

  it('says so on the inbox in words, with no search form, and offers sales the form', async () => {
    const viewer = await signedIn('viewer');
    const sales = await signedIn('sales');
    const asViewer = (await app.inject({ url: '/team/leads', cookies: viewer.cookies })).body;
    expect(asViewer).not.toContain('action="/team/leads/search"');
    expect(asViewer).toContain('your role sees addresses masked, so it is not open to you');
    const asSales = (await app.inject({ url: '/team/leads', cookies: sales.cookies })).body;
    expect(asSales).toContain('action="/team/leads/search"');
  });
});

describe('contact details inside free text (issue 53)', () => {
  it('masks them in a lead’s body, its notes and the inbox for a viewer, and shows sales and admins them whole', async () => {
    await app.inject({
      method: 'POST',
      url: '/services/users/guests/enquiry',
      payload: { ...enquiry, email: 'free.text@acme.example', fullname: 'Kemi, 0803 123 4567', body: freeText },
    });
    const lead = (await app.leads.list({})).find((row) => row.email === 'free.text@acme.example')!;
    const sales = await signedIn('sales');
    expect((await post(sales, `/team/leads/${lead.id}/notes`, { text: `Spoke to them. ${freeText}` })).statusCode).toBe(
      303,
    );

    const viewer = await signedIn('viewer');
    const asViewer = (await app.inject({ url: `/team/leads/${lead.id}`, cookies: viewer.cookies })).body;
    expect(unmasked(asViewer)).toEqual([]);
    for (const masked of Object.values(contacts)) expect(asViewer).toContain(masked);
    expect(unmasked((await app.inject({ url: '/team/leads', cookies: viewer.cookies })).body)).toEqual([]);

    for (const member of [sales, await signedIn('admin')]) {
      const whole = (await app.inject({ url: `/team/leads/${lead.id}`, cookies: member.cookies })).body;
      expect(unmasked(whole)).toEqual(Object.keys(contacts));
      expect((await app.inject({ url: '/team/leads', cookies: member.cookies })).body).toContain('0803 123 4567');
    }
  });

  it('masks them in a held post’s fields and text for a viewer, and shows sales them whole', async () => {
    await app.quarantine.insert(
      'enquiry',
      'held.post@spam.example',
      { fullname: 'Held Post', phone_number: '+234 809 876 5432', body: freeText },
      ['mostly_links'],
    );
    const viewer = await signedIn('viewer');
    const asViewer = (await app.inject({ url: '/team/quarantine', cookies: viewer.cookies })).body;
    expect(asViewer).toContain('Held Post');
    expect(unmasked(asViewer)).toEqual([]);
    expect(asViewer).not.toContain('+234 809 876 5432');
    expect(asViewer).not.toContain('held.post@');
    const sales = await signedIn('sales');
    const asSales = (await app.inject({ url: '/team/quarantine', cookies: sales.cookies })).body;
    expect(unmasked(asSales)).toEqual(Object.keys(contacts));
    expect(asSales).toContain('+234 809 876 5432');
  });

  it('masks them in a day off’s reason on the demos page for a viewer', async () => {
    const sales = await signedIn('sales');
    const day = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
    const saved = await post(sales, '/team/demos/blocks', { from: day, reason: 'Away: call 0803 123 4567' });
    expect(saved.statusCode).toBe(303);
    const viewer = await signedIn('viewer');
    const asViewer = (await app.inject({ url: '/team/demos', cookies: viewer.cookies })).body;
    expect(asViewer).toContain('Away: call •••67');
    expect(unmasked(asViewer)).toEqual([]);
    expect((await app.inject({ url: '/team/demos', cookies: sales.cookies })).body).toContain('0803 123 4567');
  });

  it('masks them in a campaign a visitor’s link named, on the Marketing page and its CSV', async () => {
    const visited = await app.inject({
      url: '/visit',
      headers: {
        host: 'localhost:80',
        referer: `http://localhost:80/?utm_source=mailer&utm_campaign=${encodeURIComponent('kemi.adeyemi@acme.example 0803 123 4567')}`,
        'user-agent':
          'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
      },
      remoteAddress: '203.0.113.40',
    });
    expect(visited.statusCode).toBe(204);
    await app.visitCounter.flush();
    const viewer = await signedIn('viewer');
    const sales = await signedIn('sales');
    for (const url of ['/team/marketing', '/team/marketing/csv/sources']) {
      const asViewer = (await app.inject({ url, cookies: viewer.cookies })).body;
      expect(asViewer).toContain('k•••@acme.example •••67');
      expect(unmasked(asViewer)).toEqual([]);
      const asSales = (await app.inject({ url, cookies: sales.cookies })).body;
      expect(asSales).toContain('kemi.adeyemi@acme.example 0803 123 4567');
    }
  });
});
