import { getCACertificates, setDefaultCACertificates } from 'node:tls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '@growmail/test-support/app';
import { browserSubscription, startPushService, verifyVapid } from '@growmail/test-support/push-receiver';
import { signedIn } from './console-session.ts';

const vapid = {
  VAPID_PUBLIC_KEY: 'BG79Eerar3ms_jOCF_bhyBsxeqWdlzLL-pPDBpwCr-5d373F_ZKKHhj3NqB0WHCMATR6Sb7n1Lp22pBbYByLLOg',
  VAPID_PRIVATE_KEY: 'vVkmHWQWvJTzozuBmME00vMN2cxjWM0VpkM46wGLGOA',
  VAPID_SUBJECT: 'mailto:push@growmail.test',
};
const origin = 'http://localhost:4010';

type Member = Awaited<ReturnType<typeof signedIn>>;
type Device = ReturnType<typeof browserSubscription>;

/**
 * Members' alerts of leads (issue 54), from the post to the device: each member's browser is a
 * subscription on a loopback HTTPS server that plays the push service, and the test decrypts what
 * arrives as that browser would. The server trusts the loopback's certificate as a push service's.
 */
describe('alerts of leads on members’ devices', () => {
  let app: Awaited<ReturnType<typeof testApp>>;
  let service: Awaited<ReturnType<typeof startPushService>>;
  const trusted = getCACertificates('default');
  let sales: Member;
  let admin: Member;
  let viewer: Member;
  const devices: Record<string, Device> = {};

  beforeAll(async () => {
    service = await startPushService();
    setDefaultCACertificates([...trusted, service.cert]);
    app = await testApp(
      { PUBLIC_URL: origin, PUSH_SERVICE_HOSTS: '127.0.0.1', RATE_LIMIT_PER_MINUTE: '1000', ...vapid },
      { outbox: { pollMs: 50, retryBaseMs: 20 } },
    );
    await app.ready();
    [sales, admin, viewer] = [
      await signedIn(app, 'sales'),
      await signedIn(app, 'admin'),
      await signedIn(app, 'viewer'),
    ];
    for (const [name, member] of [
      ['sales', sales],
      ['admin', admin],
    ] as const) {
      devices[name] = browserSubscription(`${service.origin}/push/${name}`);
      const answer = await turnOn(member, devices[name].json);
      expect(answer.statusCode).toBe(201);
    }
  }, 30_000);
  afterAll(async () => {
    await app?.close();
    await service?.close();
    setDefaultCACertificates(trusted);
  });

  /** The account page's switch turning alerts on: JSON with the page's CSRF token. */
  const turnOn = (member: Member, subscription: unknown, headers: Record<string, string> = {}) =>
    app.inject({
      method: 'POST',
      url: '/team/account/alerts',
      cookies: member.cookies,
      headers: {
        origin,
        'x-csrf-token': member.csrf,
        'user-agent': 'Mozilla/5.0 (Linux; Android 14) Chrome/131.0',
        ...headers,
      },
      payload: { subscription },
    });
  const form = (member: Member, url: string, fields: Record<string, string>) =>
    app.inject({
      method: 'POST',
      url,
      cookies: member.cookies,
      headers: { origin, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ _csrf: member.csrf, ...fields }).toString(),
    });
  const postEnquiry = (name: string, extra: Record<string, string> = {}) =>
    app.inject({
      method: 'POST',
      url: '/services/users/guests/enquiry',
      payload: {
        fullname: name,
        email: `${name.split(' ')[0]!.toLowerCase()}@acme.test`,
        subject: 'Pricing',
        body: 'Call me on +234 803 555 0101 or write to me.',
        ...extra,
      },
    });
  /** What reached a device since `from`, decrypted with its keys. */
  const arrived = (name: string, from = 0) =>
    service.received
      .slice(from)
      .filter((push) => push.path === `/push/${name}`)
      .map((push) => JSON.parse(devices[name]!.decrypt(push.body)) as Record<string, string>);

  it('alerts a sales member’s and an admin’s devices within 10 s of the post, with the name and form and no contact detail', async () => {
    const from = service.received.length;
    const posted = Date.now();
    const answer = await postEnquiry('Kofi Mensah');
    expect(answer.statusCode).toBe(201);
    const leadId = (answer.json() as { payload: { id: string } }).payload.id;
    await expect.poll(() => arrived('sales', from).length + arrived('admin', from).length, { timeout: 10_000 }).toBe(2);
    expect(Date.now() - posted).toBeLessThan(10_000);

    const alert = {
      title: 'New lead: Kofi Mensah',
      body: 'Enquiry',
      url: `/team/leads/${leadId}`,
      tag: `lead-${leadId}`,
    };
    expect(arrived('sales', from)).toEqual([alert]);
    expect(arrived('admin', from)).toEqual([alert]);
    const push = service.received.slice(from).find((row) => row.path === '/push/sales')!;
    expect(push.headers['content-encoding']).toBe('aes128gcm');
    expect(verifyVapid(String(push.headers.authorization), service.origin, vapid.VAPID_PUBLIC_KEY).sub).toBe(
      vapid.VAPID_SUBJECT,
    );
    // A lock screen is public: no address, no phone number, and no marketing tracking id.
    const text = devices.sales!.decrypt(push.body);
    for (const detail of ['kofi@', 'acme.test', '0101', '+234', 'tracking_id', 'Call me'])
      expect(text).not.toContain(detail);
    expect(await app.push.actions()).toEqual([]);
  });

  it('sends nothing for a post the screening holds', async () => {
    const queued = (await app.mail.all('alert')).length;
    const answer = await postEnquiry('Held Spammer', { homepage: 'https://spam.example' });
    expect(answer.statusCode).toBe(201);
    expect((await app.quarantine.list()).some((row) => row.email === 'held@acme.test')).toBe(true);
    await app.outbox.flushAlerts();
    expect((await app.mail.all('alert')).length).toBe(queued);
  });

  it('alerts the member a lead is given to, and nobody when a member takes it', async () => {
    const answer = await postEnquiry('Wanjiru Kamau');
    const leadId = (answer.json() as { payload: { id: string } }).payload.id;
    await expect.poll(() => arrived('sales').filter((alert) => alert.url?.endsWith(leadId)).length).toBe(1);
    await expect.poll(() => arrived('admin').filter((alert) => alert.url?.endsWith(leadId)).length).toBe(1);

    const from = service.received.length;
    const given = await form(admin, `/team/leads/${leadId}/assign`, { assignee: sales.member.id });
    expect(given.statusCode).toBe(303);
    await expect
      .poll(() => arrived('sales', from), { timeout: 10_000 })
      .toEqual([
        {
          title: 'Assigned to you: Wanjiru Kamau',
          body: 'Enquiry. It is yours to follow up.',
          url: `/team/leads/${leadId}`,
          tag: `lead-${leadId}`,
        },
      ]);
    const taken = await form(admin, `/team/leads/${leadId}/assign`, { assignee: 'me' });
    expect(taken.statusCode).toBe(303);
    await app.outbox.flushAlerts();
    expect(arrived('admin', from)).toEqual([]);
    expect(arrived('sales', from)).toHaveLength(1);
  });

  it('refuses a viewer, another origin, a missing CSRF token and a subscription off the push services', async () => {
    const subscription = browserSubscription(`${service.origin}/push/viewer`).json;
    expect((await turnOn(viewer, subscription)).statusCode).toBe(403);
    expect((await turnOn(sales, subscription, { origin: 'https://evil.example' })).statusCode).toBe(403);
    expect((await turnOn(sales, subscription, { 'x-csrf-token': '' })).statusCode).toBe(403);
    const anonymous = await app.inject({
      method: 'POST',
      url: '/team/account/alerts',
      headers: { origin },
      payload: { subscription },
    });
    expect(anonymous.statusCode).toBe(401);
    const inward = await turnOn(sales, { ...subscription, endpoint: 'https://10.0.0.5/push/x' });
    expect(inward.statusCode).toBe(400);
    expect(inward.json()).toEqual({ error: expect.stringContaining('subscription was not one the console can use') });
    expect((await turnOn(sales, { endpoint: subscription.endpoint })).statusCode).toBe(400);
    expect((await app.alerts.devices(viewer.member.id)).length).toBe(0);
    expect((await app.alerts.devices(sales.member.id)).map((device) => device.device)).toEqual(['Chrome on Android']);
  });

  it('turns a device off by its form, and by its endpoint from the device, for its own member only', async () => {
    const member = await signedIn(app, 'sales');
    const phone = browserSubscription(`${service.origin}/push/phone`);
    const laptop = browserSubscription(`${service.origin}/push/laptop`);
    await turnOn(member, phone.json);
    await turnOn(member, laptop.json, { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Firefox/133.0' });
    const [laptopRow, phoneRow] = await app.alerts.devices(member.member.id);
    expect([laptopRow!.device, phoneRow!.device]).toEqual(['Firefox on Linux', 'Chrome on Android']);

    const page = await app.inject({ url: '/team/account', cookies: member.cookies });
    expect(page.body).toContain('Alerts on this device');
    expect(page.body).toContain('Firefox on Linux, since');
    expect(page.body).not.toContain(phone.json.endpoint);

    // Someone else's device is not theirs to turn off.
    expect((await form(sales, '/team/account/alerts/remove', { id: laptopRow!.id })).statusCode).toBe(404);
    expect((await form(member, '/team/account/alerts/remove', { id: 'not-an-id' })).statusCode).toBe(404);
    const off = await form(member, '/team/account/alerts/remove', { id: laptopRow!.id });
    expect(off.statusCode).toBe(303);
    expect(off.headers.location).toBe('/team/account?done=alerts-off#notice');
    const fromDevice = await app.inject({
      method: 'POST',
      url: '/team/account/alerts/remove',
      cookies: member.cookies,
      headers: { origin, 'x-csrf-token': member.csrf },
      payload: { endpoint: phone.json.endpoint },
    });
    expect(fromDevice.json()).toEqual({ removed: true });
    expect(await app.alerts.devices(member.member.id)).toEqual([]);
    const audit = await app.audit.forRecord('member', member.member.id);
    // Each change has its row, naming the device by its browser, never by its endpoint.
    expect(audit.map((row) => `${row.action} ${row.detail}`).sort()).toEqual([
      'alerts.off {}',
      'alerts.off {}',
      'alerts.on {"device":"Chrome on Android"}',
      'alerts.on {"device":"Firefox on Linux"}',
    ]);
  });

  it('stops a removed member’s alerts with their removal, and alerts the others still', async () => {
    const leaving = await signedIn(app, 'sales');
    devices.leaving = browserSubscription(`${service.origin}/push/leaving`);
    await turnOn(leaving, devices.leaving.json);
    const removed = await form(admin, `/team/members/${leaving.member.id}/remove`, { confirm: 'yes' });
    expect(removed.statusCode).toBe(303);
    expect(await app.alerts.devices(leaving.member.id)).toEqual([]);
    const audit = (await app.audit.forRecord('member', leaving.member.id)).find(
      (row) => row.action === 'member.removed',
    )!;
    expect(JSON.parse(audit.detail)).toMatchObject({ alertDevices: 1 });

    const from = service.received.length;
    await postEnquiry('Awa Diop');
    await expect.poll(() => arrived('admin', from).length, { timeout: 10_000 }).toBe(1);
    await app.outbox.flushAlerts();
    expect(arrived('leaving', from)).toEqual([]);
  });

  it('forgets a device its push service says is gone, and settles its alert unsent', async () => {
    const member = await signedIn(app, 'sales');
    await turnOn(member, browserSubscription(`${service.origin}/push/gone`).json);
    const [device] = await app.alerts.devices(member.member.id);
    const from = service.received.length;
    await postEnquiry('Musa Bello');
    await expect.poll(() => app.alerts.devices(member.member.id), { timeout: 10_000 }).toEqual([]);
    expect(service.received.slice(from).some((push) => push.path === '/push/gone')).toBe(true);
    const row = (await app.mail.all('alert')).find((alert) => alert.message.includes(device!.id))!;
    expect(row).toMatchObject({ last_error: 'device gone', attempts: 1 });
    expect(row.sent_at).not.toBeNull();
  });

  it('serves the console’s worker and manifest under /team, so the site keeps `/`', async () => {
    const worker = await app.inject({ url: '/team/alerts-worker.js' });
    expect(worker.statusCode).toBe(200);
    expect(worker.headers['content-type']).toMatch(/^text\/javascript/);
    expect(worker.body).toContain('notificationclick');
    expect(worker.body).not.toContain('tracking_id');
    const manifest = await app.inject({ url: '/team/manifest.webmanifest' });
    expect(manifest.json()).toMatchObject({ id: '/team/', start_url: '/team/leads', scope: '/team/' });
  });
});

describe('alerts without web push keys', () => {
  it('says so on the account page, and refuses a subscription, while the inbox mail goes on', async () => {
    const app = await testApp({ PUBLIC_URL: origin });
    try {
      const [sales, viewer] = [await signedIn(app, 'sales'), await signedIn(app, 'viewer')];
      const page = await app.inject({ url: '/team/account', cookies: sales.cookies });
      expect(page.body).toContain('Alerts are off for the whole console');
      expect(page.body).toContain('New leads still reach the sales inbox by mail.');
      expect(page.body).not.toContain('Alerts on this device');
      const viewers = await app.inject({ url: '/team/account', cookies: viewer.cookies });
      expect(viewers.body).toContain('Alerts are for members who work leads');
      const answer = await app.inject({
        method: 'POST',
        url: '/team/account/alerts',
        cookies: sales.cookies,
        headers: { origin, 'x-csrf-token': sales.csrf },
        payload: { subscription: browserSubscription('https://fcm.googleapis.com/fcm/send/x').json },
      });
      expect(answer.statusCode).toBe(409);
      expect(await app.alerts.devices(sales.member.id)).toEqual([]);
    } finally {
      await app.close();
    }
  });
});
