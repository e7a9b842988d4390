import type { TeamRole } from '@growmail/contracts/team';
import { testApp } from '@growmail/test-support/app';
import { demoRequest, enquiry } from '@growmail/test-support/submissions';
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

describe('a role that sees contacts masked searches by name and company only (issues 53 and 54)', () => {
  const refusals = async () => {
    const metrics = await app.inject({ url: '/metrics', headers: { authorization: `Bearer ${metricsToken}` } });
    const line = /^growmail_team_masked_refusals_total\{route="\/team\/leads\/search"\} (\d+)$/m.exec(metrics.body);
    return Number(line?.[1] ?? 0);
  };
  /** The answer with the page's own CSRF token and the typed guess taken out, the parts that differ per answer. */
  const withoutToken = (body: string, guess: string) =>
    body.replaceAll(/name="csrf-token" content="([^"]+)"/.exec(body)![1]!, 'the-token').replaceAll(guess, 'the-guess');
  const guessed = 'nneka.obi@guess.example';
  beforeAll(async () => {
    const posted = await app.inject({
      method: 'POST',
      url: '/services/users/demos',
      payload: {
        ...demoRequest,
        metadata: {
          ...demoRequest.metadata,
          firstname: 'Nneka',
          lastname: 'Obi',
          email: guessed,
          phone_number: '0803 555 0142',
        },
      },
    });
    expect(posted.statusCode).toBe(201);
  });

  it('gives a right and a wrong guess of an address or a number the same refusal, audits neither, and counts them', async () => {
    const viewer = await signedIn('viewer');
    const before = await refusals();
    const audited = (await app.audit.list(1000)).length;
    const pairs = [
      [guessed, 'nobody.here@guess.example'],
      ['@guess.example', '@elsewhere.example'],
      ['+234 803 555 0142', '+234 803 555 0199'],
    ];
    for (const [right, wrong] of pairs) {
      const [rightAnswer, wrongAnswer] = [
        await post(viewer, '/team/leads/search', { q: right! }),
        await post(viewer, '/team/leads/search', { q: wrong! }),
      ];
      for (const answer of [rightAnswer, wrongAnswer]) {
        expect(answer.statusCode).toBe(403);
        expect(answer.body).toContain('Your role sees addresses and phone numbers masked');
      }
      expect(withoutToken(rightAnswer.body, right!)).toBe(withoutToken(wrongAnswer.body, wrong!));
      expect(rightAnswer.body).not.toContain('Nneka');
    }
    expect(await refusals()).toBe(before + 6);
    expect((await app.audit.list(1000)).length).toBe(audited);
  });

  it('finds a lead by name, and a part of an address it cannot see finds nothing, as a wrong one does', async () => {
    const viewer = await signedIn('viewer');
    const byName = await post(viewer, '/team/leads/search', { q: 'nneka' });
    expect(byName.statusCode).toBe(200);
    expect(byName.body).toContain('Nneka Obi');
    expect(byName.body).toContain('n•••@guess.example');
    expect(byName.body).not.toContain(guessed);
    const right = await post(viewer, '/team/leads/search', { q: 'guess' });
    const wrong = await post(viewer, '/team/leads/search', { q: 'gueso' });
    expect(withoutToken(right.body, 'guess')).toBe(withoutToken(wrong.body, 'gueso'));
    expect(right.body).not.toContain('Nneka');
  });

  it('lets sales find the same lead by its address and by its number as the customer says it, counting nothing', async () => {
    const sales = await signedIn('sales');
    const before = await refusals();
    for (const q of [guessed, 'guess.example', '0803 555 0142', '+234 803 555 0142']) {
      const found = await post(sales, '/team/leads/search', { q });
      expect(found.statusCode).toBe(200);
      expect(found.body).toContain(guessed);
    }
    expect(await refusals()).toBe(before);
  });

  it('says on the inbox what each role can search by', async () => {
    const viewer = await signedIn('viewer');
    const sales = await signedIn('sales');
    const asViewer = (await app.inject({ url: '/team/leads', cookies: viewer.cookies })).body;
    expect(asViewer).toContain('action="/team/leads/search"');
    expect(asViewer).toContain('A name or a company. Your role sees addresses and phone numbers masked');
    const asSales = (await app.inject({ url: '/team/leads', cookies: sales.cookies })).body;
    expect(asSales).toContain('a phone number as the customer says it');
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
