import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '@growmail/test-support/app';
import { commandActor } from '../../src/lib/actor.ts';
import { releaseQuarantined } from '../../src/submissions/quarantine.ts';

const chrome =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

let app: Awaited<ReturnType<typeof testApp>>;
beforeAll(async () => {
  app = await testApp({ RATE_LIMIT_PER_MINUTE: '1000' });
});
afterAll(() => app?.close());

/** A visitor: one address and user agent, as the pages they view and the forms they send show it. */
const visitor = (remoteAddress: string) => ({
  view: (page: string) =>
    app.inject({
      url: '/visit',
      headers: { host: 'localhost:80', referer: `http://localhost:80${page}`, 'user-agent': chrome },
      remoteAddress,
    }),
  /** The enquiry service, as the contact island calls it: `page` is the page it names, if any. */
  enquire: (email: string, headers: Record<string, string> = {}, extra: Record<string, string> = {}) =>
    app.inject({
      method: 'POST',
      url: '/services/users/guests/enquiry',
      payload: { fullname: 'Awa Diop', email, subject: 'Tarifs', body: 'Une question sur les tarifs.', ...extra },
      headers: { 'user-agent': chrome, ...headers },
      remoteAddress,
    }),
  /** The contact form on `page` posted without JavaScript: to /contact, whatever the page's language. */
  post: (page: string, email: string) =>
    app.inject({
      method: 'POST',
      url: '/contact',
      payload: new URLSearchParams({
        form_name: 'enquiry',
        fullname: 'Awa Diop',
        email,
        subject: 'Tarifs',
        body: 'Une question sur les tarifs.',
        homepage: '',
      }).toString(),
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'user-agent': chrome,
        host: 'localhost:80',
        referer: `http://localhost:80${page}`,
      },
      remoteAddress,
    }),
});

const leadOf = async (email: string) => {
  const [lead] = (await app.leads.list({})).filter((row) => row.email === email);
  return { metadata: JSON.parse(lead!.metadata) as Record<string, unknown>, source: JSON.parse(lead!.source!) };
};

const campaignVisit = {
  entry_path: '/fr',
  utm_source: 'newsletter',
  utm_campaign: 'tabaski',
  utm_medium: null,
  click_id: null,
  referrer_host: null,
};

describe("each lead's source (D42)", () => {
  it('keeps the visit a site form was sent in, and the page the form was on, beside its fields', async () => {
    const awa = visitor('203.0.113.10');
    await awa.view('/fr?utm_source=newsletter&utm_campaign=tabaski');
    await awa.view('/fr/contact');
    const answer = await awa.enquire('awa@dakar.example', { 'x-growmail-page': '/fr/contact' });
    expect(answer.statusCode).toBe(201);
    const { metadata, source } = await leadOf('awa@dakar.example');
    expect(source).toMatchObject({ channel: 'site', form_page: '/fr/contact', visit: campaignVisit });
    expect(JSON.stringify(metadata)).not.toMatch(/tabaski|channel|form_page/);
  });

  it('keeps the same source for a form posted without JavaScript', async () => {
    const awa = visitor('203.0.113.11');
    await awa.view('/fr?utm_source=newsletter&utm_campaign=tabaski');
    const answer = await awa.post('/fr/contact', 'native@dakar.example');
    expect(answer.statusCode).toBe(303);
    const { source } = await leadOf('native@dakar.example');
    expect(source).toMatchObject({ channel: 'site', form_page: '/fr/contact', visit: campaignVisit });
  });

  it('takes a native post’s page from its address when the Referer names no page, as a replay by the worker', async () => {
    const replay = await app.inject({
      method: 'POST',
      url: '/fr/contact',
      payload: new URLSearchParams({
        form_name: 'enquiry',
        fullname: 'Awa Diop',
        email: 'replayed@dakar.example',
        subject: 'Tarifs',
        body: 'Une question sur les tarifs.',
        homepage: '',
      }).toString(),
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'user-agent': chrome,
        host: 'localhost:80',
        referer: 'http://localhost:80/gm-service-worker.js',
      },
      remoteAddress: '203.0.113.15',
    });
    expect(replay.statusCode).toBe(303);
    expect((await leadOf('replayed@dakar.example')).source).toMatchObject({
      channel: 'site',
      form_page: '/fr/contact',
    });
  });

  it('marks a post without page context as api, never matched to the visit of the same address', async () => {
    const same = visitor('203.0.113.12');
    await same.view('/?utm_source=partner');
    expect((await same.enquire('crm@partner.example')).statusCode).toBe(201);
    expect((await leadOf('crm@partner.example')).source).toEqual({ channel: 'api', form_page: null, visit: null });
  });

  it('keeps the source on a held post, and its release brings it to the lead', async () => {
    const held = visitor('203.0.113.13');
    await held.view('/fr?utm_source=newsletter&utm_campaign=tabaski');
    const answer = await held.enquire('held@dakar.example', { 'x-growmail-page': '/fr/contact' }, { homepage: 'x' });
    expect(answer.statusCode).toBe(201);
    const [row] = (await app.quarantine.list()).filter((one) => one.email === 'held@dakar.example');
    expect(row!.source).toMatchObject({ channel: 'site', visit: campaignVisit });
    await releaseQuarantined(app, app.config, row!.id, commandActor('leads'));
    expect((await leadOf('held@dakar.example')).source).toEqual(row!.source);
  });

  it('refuses with a 400 a page context that is not a public page of the site', async () => {
    const someone = visitor('203.0.113.14');
    for (const page of ['/newsletter/confirm', 'https://elsewhere.example/', '/pricing?token=abc']) {
      const answer = await someone.enquire('odd@dakar.example', { 'x-growmail-page': page });
      expect(answer.statusCode, page).toBe(400);
    }
  });
});
