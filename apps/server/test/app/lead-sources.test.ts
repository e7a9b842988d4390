import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '@growmail/test-support/app';
import { commandActor } from '../../src/lib/actor.ts';
import { releaseQuarantined } from '../../src/submissions/quarantine.ts';
import { startWebhookReceiver, webhookSecret } from '@growmail/test-support/webhook-receiver';
import { parse } from 'node-html-parser';

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

/** A first landing as the site's script keeps it on the device (first-touch.tsx). */
const landedAt = Date.UTC(2026, 9, 1, 8, 30);
const deviceTouch = (p: string, q: string, t: unknown = landedAt) => JSON.stringify({ p, q, t });
const ramadan = 'utm_source=newsletter&utm_campaign=ramadan';
const ramadanTouch = {
  path: '/fr',
  utm_source: 'newsletter',
  utm_medium: null,
  utm_campaign: 'ramadan',
  utm_content: null,
  utm_term: null,
  landed_at: '2026-10-01T08:30:00.000Z',
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
    expect((await leadOf('crm@partner.example')).source).toEqual({
      channel: 'api',
      form_page: null,
      visit: null,
      first_touch: null,
    });
  });

  it('keeps the source on a held post, and its release brings it to the lead', async () => {
    const held = visitor('203.0.113.13');
    await held.view('/fr?utm_source=newsletter&utm_campaign=tabaski');
    const answer = await held.enquire(
      'held@dakar.example',
      { 'x-growmail-page': '/fr/contact', 'x-growmail-first-touch': deviceTouch('/fr', ramadan) },
      { homepage: 'x' },
    );
    expect(answer.statusCode).toBe(201);
    const [row] = (await app.quarantine.list()).filter((one) => one.email === 'held@dakar.example');
    expect(row!.source).toMatchObject({ channel: 'site', visit: campaignVisit, first_touch: ramadanTouch });
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

describe('the first landing a device kept (issue 40)', () => {
  it('keeps the first landing the island sends beside the visit, its path as served and only its utm values', async () => {
    const awa = visitor('203.0.113.20');
    await awa.view('/fr?utm_source=newsletter&utm_campaign=tabaski');
    const sent = deviceTouch('/fr/', `${ramadan}&gclid=abc123&email=awa%40dakar.example`);
    const answer = await awa.enquire('first@dakar.example', {
      'x-growmail-page': '/fr/contact',
      'x-growmail-first-touch': sent,
    });
    expect(answer.statusCode).toBe(201);
    const { metadata, source } = await leadOf('first@dakar.example');
    expect(source).toMatchObject({ channel: 'site', visit: campaignVisit, first_touch: ramadanTouch });
    expect(JSON.stringify(source)).not.toMatch(/abc123|awa%40/);
    expect(JSON.stringify(metadata)).not.toMatch(/ramadan|first_touch/);
  });

  it('leaves the first touch unknown when none is sent, as without JavaScript', async () => {
    const awa = visitor('203.0.113.21');
    await awa.view('/fr?utm_source=newsletter&utm_campaign=tabaski');
    expect((await awa.post('/fr/contact', 'nofirst@dakar.example')).statusCode).toBe(303);
    expect((await leadOf('nofirst@dakar.example')).source).toMatchObject({ visit: campaignVisit, first_touch: null });
  });

  it('refuses with a 400 a first touch that is not one the site keeps, and stores nothing', async () => {
    const someone = visitor('203.0.113.22');
    const bad = [
      'not json',
      '{"p":"/fr"}',
      deviceTouch('/unsubscription/awa%40dakar.example/newsletter/abc/sig', ''),
      deviceTouch('/fr/demo/booking', ''),
      deviceTouch('https://elsewhere.example/', ''),
      deviceTouch('/fr?utm_source=x', ''),
      deviceTouch('/fr', '', 'yesterday'),
      deviceTouch('/fr', '', -1),
      deviceTouch('/fr', 'x'.repeat(3000)),
    ];
    for (const touch of bad) {
      const answer = await someone.enquire('badtouch@dakar.example', {
        'x-growmail-page': '/fr/contact',
        'x-growmail-first-touch': touch,
      });
      expect(answer.statusCode, touch).toBe(400);
      expect(answer.json().error, touch).toMatch(/x-growmail-first-touch/);
    }
    expect((await app.leads.list({})).some((lead) => lead.email === 'badtouch@dakar.example')).toBe(false);
  });

  it('keeps no first touch on a post from elsewhere (api)', async () => {
    const answer = await visitor('203.0.113.23').enquire('apitouch@partner.example', {
      'x-growmail-first-touch': deviceTouch('/fr', ramadan),
    });
    expect(answer.statusCode).toBe(201);
    expect((await leadOf('apitouch@partner.example')).source).toMatchObject({ channel: 'api', first_touch: null });
  });

  /** The contact form's post as the site's worker sends or replays it: its Referer is the worker. */
  const byWorker = (email: string, extra: Record<string, string>) =>
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
        language: 'fr',
        ...extra,
      }).toString(),
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'user-agent': chrome,
        host: 'localhost:80',
        referer: 'http://localhost:80/gm-service-worker.js',
      },
      remoteAddress: '203.0.113.24',
    });

  it('takes a post the worker replays its page and first touch from its body', async () => {
    const answer = await byWorker('saved@dakar.example', {
      form_page: '/fr/contact',
      first_touch: deviceTouch('/fr', ramadan),
    });
    expect(answer.statusCode).toBe(303);
    const { metadata, source } = await leadOf('saved@dakar.example');
    expect(source).toMatchObject({ channel: 'site', form_page: '/fr/contact', first_touch: ramadanTouch });
    expect(Object.keys(metadata)).not.toContain('first_touch');
  });

  it('stores a native post whose first touch is not one, without it: a visitor cannot mend their storage', async () => {
    const answer = await byWorker('mangled@dakar.example', {
      form_page: '/team/leads',
      first_touch: '{"p":"/fr",',
    });
    expect(answer.statusCode).toBe(303);
    expect((await leadOf('mangled@dakar.example')).source).toMatchObject({ form_page: '/contact', first_touch: null });
  });
});

describe('the webhooks carry the source and first touch (issue 40)', () => {
  let hooked: Awaited<ReturnType<typeof testApp>>;
  let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    hooked = await testApp(
      { WEBHOOK_URL: receiver.url, WEBHOOK_SECRET: webhookSecret, RATE_LIMIT_PER_MINUTE: '1000' },
      { webhooks: { pollMs: 30, retryBaseMs: 20 } },
    );
    await hooked.ready();
  });
  afterAll(async () => {
    await hooked?.close();
    await receiver?.close();
  });

  it('sends the source in lead.created and demo.booked for a demo booked from /fr/demo', async () => {
    const page = parse((await hooked.inject('/fr/demo')).body);
    const slot = page.querySelector('[data-demo-slot-days] input[name="slot"]')!.getAttribute('value')!;
    const answer = await hooked.inject({
      method: 'POST',
      url: '/demo',
      payload: new URLSearchParams({
        form_name: 'demo',
        firstname: 'Wanjiru',
        lastname: 'Kamau',
        company_name: 'Duka Ltd',
        email: 'hooked@duka.example',
        phone_number: '+254 712 345678',
        subscribers: '0:100K',
        homepage: '',
        language: 'fr',
        slot,
        zone: 'Africa/Lagos',
        first_touch: deviceTouch('/fr', ramadan),
      }).toString(),
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'user-agent': chrome,
        host: 'localhost:80',
        referer: 'http://localhost:80/fr/demo',
      },
      remoteAddress: '203.0.113.30',
    });
    expect(answer.statusCode).toBe(303);
    const sent = async (type: string) => {
      await expect.poll(() => receiver.accepted.some((event) => event.type === type), { timeout: 10_000 }).toBe(true);
      return receiver.accepted.find((event) => event.type === type)!.data;
    };
    const source = { channel: 'site', form_page: '/fr/demo', first_touch: ramadanTouch };
    const created = await sent('lead.created');
    expect(created.source).toMatchObject(source);
    expect(created.fields).not.toHaveProperty('first_touch');
    expect((await sent('demo.booked')).source).toEqual(created.source);
  }, 30_000);
});
