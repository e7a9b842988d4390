import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/index.ts';
import { testApp } from '@growmail/test-support/app';
import { testDatabases } from '@growmail/test-support/databases';
import { browserSubscription } from '@growmail/test-support/push-receiver';
import { dataAccess } from '../../src/repositories/index.ts';

const apiKey = 'gm_test_site_key';
const vapid = {
  VAPID_PUBLIC_KEY: 'BG79Eerar3ms_jOCF_bhyBsxeqWdlzLL-pPDBpwCr-5d373F_ZKKHhj3NqB0WHCMATR6Sb7n1Lp22pBbYByLLOg',
  VAPID_PRIVATE_KEY: 'vVkmHWQWvJTzozuBmME00vMN2cxjWM0VpkM46wGLGOA',
};

describe.each(await testDatabases())('web push services on $name', ({ open }) => {
  let db: Db;
  let app: FastifyInstance;
  beforeAll(async () => {
    db = await open();
    // Every call here comes from one address; the limits have a test of their own below.
    app = await testApp({ SITE_API_KEY: apiKey, RATE_LIMIT_PER_MINUTE: '1000', ...vapid }, { db });
  });
  // Closing the app closes the database it was given.
  afterAll(async () => {
    await app?.close();
  });

  const saveContact = (payload: object, key = apiKey) =>
    app.inject({
      method: 'POST',
      url: '/services/users/api/contacts',
      headers: { authorization: `Bearer ${key}` },
      payload,
    });

  describe('POST {users}/api/contacts', () => {
    it('answers 403 for a wrong or missing bearer key, before storing anything', async () => {
      const wrong = await saveContact({ email: 'mallory@example.com' }, 'not-the-key');
      expect(wrong.statusCode).toBe(403);
      expect(wrong.json()).toEqual({ error: 'The API key is missing or wrong.', payload: null });
      const missing = await app.inject({
        method: 'POST',
        url: '/services/users/api/contacts',
        payload: { email: 'mallory@example.com' },
      });
      expect(missing.statusCode).toBe(403);
      const stored = (await dataAccess(db).contacts.all()).filter((row) => row.email === 'mallory@example.com');
      expect(stored).toEqual([]);
    });

    it.each([
      [{ firstname: 'Ada' }, 'email: Email address is required.'],
      [{ email: 'ada@example.com', gender: 'other' }, "gender: gender must be 'male' or 'female'."],
      [{ email: 'ada@example.com', date_of_birth: '1990-12-10' }, 'date_of_birth must be a date written mm-dd-YYYY.'],
      [{ email: 'ada@example.com', firstname: 'Ada\u0000' }, 'firstname: Contains characters that are not allowed.'],
      [{ email: 'ada@example.com', phone_number: '+234\u0000' }, 'phone_number: Contains characters'],
      [{ email: 'ada\u0000@example.com' }, 'email: '],
      [{ email: 'ada@example.com', extra_data: { score: 1e300 } }, 'extra_data.score'],
      [
        { email: 'ada@example.com', gm_web_push: { endpoint: 'https://fcm.googleapis.com/fcm/send/x' } },
        'gm_web_push.keys',
      ],
    ])('answers 400 naming the field for %j', async (payload, message) => {
      const response = await saveContact(payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toContain(message);
    });

    it('creates a contact that does not exist yet, with its push subscription', async () => {
      const browser = browserSubscription('https://fcm.googleapis.com/fcm/send/abc');
      const response = await saveContact({
        email: 'Grace@Example.com',
        firstname: 'Grace',
        gender: 'female',
        date_of_birth: '12-09-1906',
        gm_web_push: browser.json,
      });
      expect(response.statusCode).toBe(201);
      const { payload } = response.json();
      expect(payload.data).toMatchObject({ email: 'grace@example.com', created: true, subscribed: true });
      const contact = (await dataAccess(db).contacts.all()).find((row) => row.id === payload.data.id)!;
      expect(contact.firstname).toBe('Grace');
      expect(JSON.parse(contact.attributes)).toEqual({ gender: 'female', date_of_birth: '12-09-1906' });
      const subscription = (await dataAccess(db).push.allSubscriptions()).find((row) => row.contact_id === contact.id);
      expect(subscription).toMatchObject({
        endpoint: 'https://fcm.googleapis.com/fcm/send/abc',
        p256dh: browser.json.keys.p256dh,
        auth: browser.json.keys.auth,
      });
    });

    it('never changes an existing contact, attaches the subscription, and moves a known endpoint instead of duplicating', async () => {
      const browser = browserSubscription('https://updates.push.services.mozilla.com/wpush/v2/shared');
      const first = await saveContact({
        email: 'lin@example.com',
        firstname: 'Lin',
        phone_number: '+254 712 345678',
        extra_data: { plan: 'growth' },
      });
      // Anyone holds the public key: a second call must not rewrite what the first stored.
      const again = await saveContact({
        email: 'LIN@example.com',
        firstname: 'Mallory',
        lastname: 'Overwrite',
        phone_number: '+1 555 0100',
        gender: 'male',
        extra_data: { plan: 'hijacked' },
        gm_web_push: browser.json,
      });
      expect(again.statusCode).toBe(200);
      expect(again.json().payload.data).toMatchObject({ id: first.json().payload.data.id, created: false });
      const lin = (await dataAccess(db).contacts.all()).find((row) => row.email === 'lin@example.com')!;
      expect(lin).toMatchObject({ firstname: 'Lin', lastname: null, phone_number: '+254 712 345678' });
      expect(JSON.parse(lin.attributes)).toEqual({ extra_data: { plan: 'growth' } });
      const attached = (await dataAccess(db).push.allSubscriptions()).find(
        (row) => row.endpoint === browser.json.endpoint,
      )!;
      expect(attached.contact_id).toBe(lin.id);

      const other = await saveContact({ email: 'kim@example.com', gm_web_push: browser.json });
      const rows = (await dataAccess(db).push.allSubscriptions()).filter(
        (row) => row.endpoint === browser.json.endpoint,
      );
      expect(rows).toHaveLength(1);
      expect(rows[0]?.contact_id).toBe(other.json().payload.data.id);
    });

    it.each([
      ['http://fcm.googleapis.com/fcm/send/x'],
      ['https://127.0.0.1/push/x'],
      ['https://127.0.0.1:8443/fcm/send/x'],
      ['https://metadata.google.internal/computeMetadata/v1/'],
      ['https://fcm.googleapis.com.evil.example/x'],
      ['https://user:pass@fcm.googleapis.com/x'],
      ['not a url'],
    ])('refuses the push endpoint %s with 400 naming gm_web_push.endpoint, storing nothing', async (endpoint) => {
      const email = `endpoint.${Math.random().toString(36).slice(2)}@example.com`;
      const response = await saveContact({ email, gm_web_push: { ...browserSubscription(endpoint).json } });
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toBe(
        'gm_web_push.endpoint: gm_web_push.endpoint must be an https URL on a known push service.',
      );
      expect((await dataAccess(db).contacts.all()).filter((row) => row.email === email)).toEqual([]);
    });

    it.each([
      ['https://fcm.googleapis.com/fcm/send/a1'],
      ['https://updates.push.services.mozilla.com/wpush/v2/a1'],
      ['https://web.push.apple.com/QGx1'],
      ['https://wns2-par02p.notify.windows.com/w/?token=a1'],
    ])('accepts an endpoint on a known push service: %s', async (endpoint) => {
      const response = await saveContact({
        email: 'known.service@example.com',
        gm_web_push: browserSubscription(endpoint).json,
      });
      expect(response.statusCode).toBeLessThan(300);
    });

    it.each([[1e300], [-1], [1.5], ['soon']])(
      'answers 400 for the expirationTime %j instead of failing',
      async (expirationTime) => {
        const browser = browserSubscription('https://fcm.googleapis.com/fcm/send/expiry');
        const response = await saveContact({
          email: 'expiry@example.com',
          gm_web_push: { ...browser.json, expirationTime },
        });
        expect(response.statusCode).toBe(400);
        expect(response.json().error).toMatch(/^gm_web_push\.expirationTime: /);
      },
    );

    it('lets browsers on other origins ask first (CORS preflight)', async () => {
      const response = await app.inject({ method: 'OPTIONS', url: '/services/users/api/contacts' });
      expect(response.statusCode).toBe(204);
      expect(response.headers['access-control-allow-headers']).toContain('authorization');
    });
  });

  describe('GET {messaging}/webhooks/push/web/{action}', () => {
    it('stores the action it is told about', async () => {
      const response = await app.inject({
        url: '/services/messaging/webhooks/push/web/7d4f-click',
        headers: { 'user-agent': 'test-worker' },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ error: null, payload: { action: '7d4f-click' } });
      const rows = (await dataAccess(db).push.actions()).filter((row) => row.action === '7d4f-click');
      expect(rows).toHaveLength(1);
      expect(rows[0]?.user_agent).toBe('test-worker');
    });

    it('refuses an action that is not a tracking id', async () => {
      const response = await app.inject({ url: '/services/messaging/webhooks/push/web/%3Cscript%3E' });
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toContain('action');
    });
  });

  it('serves the VAPID public key browsers subscribe with', async () => {
    const response = await app.inject('/services/messaging/push/web/key');
    expect(response.json()).toEqual({ error: null, payload: { publicKey: vapid.VAPID_PUBLIC_KEY } });
  });
});

describe('the web push endpoints are public writes', () => {
  it('limit each address per minute: the contacts API and the click webhook answer 429 beyond it', async () => {
    const app = await testApp({ SITE_API_KEY: apiKey, RATE_LIMIT_PER_MINUTE: '3' });
    const contact = (n: number, remoteAddress = '10.9.0.1') =>
      app.inject({
        method: 'POST',
        url: '/services/users/api/contacts',
        headers: { authorization: `Bearer ${apiKey}` },
        payload: { email: `flood${n}@example.com` },
        remoteAddress,
      });
    const click = (n: number, remoteAddress = '10.9.0.1') =>
      app.inject({ url: `/services/messaging/webhooks/push/web/click-${n}`, remoteAddress });
    const contacts = [];
    const clicks = [];
    for (let n = 0; n < 4; n += 1) {
      contacts.push((await contact(n)).statusCode);
      clicks.push((await click(n)).statusCode);
    }
    expect(contacts).toEqual([201, 201, 201, 429]);
    expect(clicks).toEqual([200, 200, 200, 429]);
    expect((await contact(9, '10.9.0.2')).statusCode).toBe(201);
    expect((await click(9, '10.9.0.2')).statusCode).toBe(200);
    await app.close();
  });
});

describe('gm-service-worker.js', () => {
  it('is served from the site root as JavaScript that browsers revalidate: the site worker, with the push handlers', async () => {
    const { brotliCompressSync } = await import('node:zlib');
    const app = await testApp();
    const response = await app.inject('/gm-service-worker.js?key=k&users=u&messaging=m');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/javascript; charset=utf-8');
    // A worker cached for a year could not be updated; browsers check it on each registration.
    expect(response.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
    // One scope, one worker (D39): the SDK's push handlers are in the site's worker.
    for (const event of ['push', 'notificationclick', 'pushsubscriptionchange', 'fetch', 'sync']) {
      expect(response.body).toContain(`"${event}"`);
    }
    // Its size, for docs/performance.md: loaded once after the page, then revalidated.
    const brotli = brotliCompressSync(response.rawPayload).length;
    console.info(`site worker: ${response.rawPayload.length} bytes, ${brotli} brotli`);
    expect(brotli).toBeLessThanOrEqual(12 * 1024);
    await app.close();
  });
});

describe('without VAPID keys', () => {
  it('says web push is off rather than serving a key', async () => {
    const app = await testApp();
    const response = await app.inject('/services/messaging/push/web/key');
    expect(response.statusCode).toBe(404);
    expect(response.json().error).toBe('Web push is not configured on this server.');
    await app.close();
  });
});
