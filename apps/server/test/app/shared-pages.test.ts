import type { FastifyInstance } from 'fastify';
import { parse } from 'node-html-parser';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { testApp } from '@growmail/test-support/app';
import { serversOnEachDatabase } from '@growmail/test-support/servers';
import type { Db } from '../../src/db/index.ts';
import { dataAccess } from '../../src/repositories/index.ts';
import { trackingSecret } from '../../src/secrets.ts';
import { mintFormStamp, stampIssuedAt } from '../../src/submissions/screening.ts';

const hour = 3_600_000;
const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const posted = { 'content-type': 'application/x-www-form-urlencoded' };
const stampOf = (html: string) => parse(html).querySelector('input[name="form_stamp"]')?.getAttribute('value');

const enquiry = (email: string) => ({
  form_name: 'enquiry',
  fullname: 'Ada Obi',
  email,
  subject: 'Agency pricing',
  body: 'Hello there, a question about pricing.',
  homepage: '',
});

/** The secret every server of a site is given, or keeps in their one database. */
const stamping = { TRACKING_SECRET: 'a secret every server is given, at least 32 characters' };

/** Half an hour into a stamp window, so a test never straddles two. */
const midWindow = () => Math.floor(Date.now() / hour) * hour + hour / 2;

describe('pages with a lead form are the same for every visitor (D35)', () => {
  let app: FastifyInstance;
  let secret: string;
  beforeAll(async () => {
    app = await testApp({ ...stamping, FORM_MIN_FILL_SECONDS: '3', RATE_LIMIT_PER_MINUTE: '1000', CDN_MAX_AGE: '60' });
    secret = await trackingSecret(app, app.config);
  });
  afterAll(() => app?.close());
  // Time stands still for each test: Date alone is faked, so the database and timers run as ever.
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(midWindow());
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const leadsFor = async (email: string) => (await app.leads.list({})).filter((row) => row.email === email);
  const heldFor = async (email: string) => (await app.quarantine.list()).filter((row) => row.email === email);

  it.each(['/', '/contact', '/startup', '/calculator', '/calculator/calculate'])(
    '%s: two visitors get the same bytes and ETag, a shared cache may keep it, and a revalidation gets a 304',
    async (path) => {
      const visit = (headers: Record<string, string> = {}) =>
        app.inject({ url: path, headers: { 'accept-encoding': 'br, gzip', ...headers } });
      const [first, second] = [await visit(), await visit()];
      expect(first.statusCode).toBe(200);
      expect(first.headers['content-encoding']).toBe('br');
      expect(first.rawPayload.equals(second.rawPayload)).toBe(true);
      expect(first.headers.etag).toMatch(/^".+-br"$/);
      expect(second.headers.etag).toBe(first.headers.etag);
      expect(first.headers['cache-control']).toBe(
        'public, max-age=0, s-maxage=60, stale-while-revalidate=86400, stale-if-error=86400',
      );
      const again = await visit({ 'if-none-match': String(first.headers.etag) });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
    },
  );

  it('signs the stamp for the start of the window, the same on every server with the secret', async () => {
    const page = await app.inject('/contact');
    const issued = stampIssuedAt(secret, stampOf(page.body));
    expect(issued?.getTime()).toBe(Date.now() - hour / 2);
    expect(page.body).not.toContain('gm-form-stamp-stand-in');

    const other = await testApp({ ...stamping, CDN_MAX_AGE: '60' });
    try {
      const there = await other.inject('/contact');
      expect(there.body).toBe(page.body);
      expect(there.headers.etag).toBe(page.headers.etag);
    } finally {
      await other.close();
    }
  }, 60_000);

  it('gives the next window a new stamp and ETag', async () => {
    const now = await app.inject('/contact');
    vi.setSystemTime(Date.now() + hour);
    const next = await app.inject('/contact');
    expect(next.headers.etag).not.toBe(now.headers.etag);
    expect(stampIssuedAt(secret, stampOf(next.body))!.getTime()).toBe(
      stampIssuedAt(secret, stampOf(now.body))!.getTime() + hour,
    );
  });

  it('makes a lead of a visitor without JavaScript who posts the page they loaded', async () => {
    const stamp = stampOf((await app.inject('/contact')).body)!;
    // The visitor reads and types for a minute.
    vi.setSystemTime(Date.now() + 60_000);
    const response = await app.inject({
      method: 'POST',
      url: '/contact',
      payload: form({ ...enquiry('no-script@acme.test'), form_stamp: stamp }),
      headers: posted,
    });
    expect(response.statusCode).toBe(303);
    expect(await leadsFor('no-script@acme.test')).toHaveLength(1);
    expect(await heldFor('no-script@acme.test')).toEqual([]);
  });

  it('holds a post that never loaded a page, with the answer a person gets', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/contact',
      payload: form(enquiry('no-page@acme.test')),
      headers: posted,
    });
    expect(response.statusCode).toBe(303);
    expect(await leadsFor('no-page@acme.test')).toEqual([]);
    expect((await heldFor('no-page@acme.test')).map((row) => row.reasons)).toEqual([['no_stamp']]);
  });

  it('stores a post sent twice once, and answers both with the same outcome', async () => {
    const stamp = stampOf((await app.inject('/contact')).body)!;
    const send = () =>
      app.inject({
        method: 'POST',
        url: '/contact',
        payload: form({ ...enquiry('twice@acme.test'), form_stamp: stamp }),
        headers: posted,
      });
    const [first, second] = [await send(), await send()];
    expect(second.headers.location).toBe(first.headers.location);
    expect(await leadsFor('twice@acme.test')).toHaveLength(1);
  });

  it('takes a stamp replayed from the offline queue a day after a cached page was loaded, and refuses an older one', async () => {
    const { maxAgeMs } = app.config.formStamp;
    // A day of a shared cache's stale copies, and then a day in the queue on a device.
    expect(maxAgeMs).toBeGreaterThanOrEqual(2 * 24 * hour + 2 * hour);
    const post = (email: string, ageMs: number) =>
      app.inject({
        method: 'POST',
        url: '/contact',
        payload: form({ ...enquiry(email), form_stamp: mintFormStamp(secret, new Date(Date.now() - ageMs)) }),
        headers: posted,
      });
    await post('replayed@acme.test', 25 * hour);
    await post('kept-long@acme.test', maxAgeMs - 60_000);
    await post('too-old@acme.test', maxAgeMs + 60_000);
    expect(await leadsFor('replayed@acme.test')).toHaveLength(1);
    expect(await leadsFor('kept-long@acme.test')).toHaveLength(1);
    expect(await leadsFor('too-old@acme.test')).toEqual([]);
    expect((await heldFor('too-old@acme.test')).map((row) => row.reasons)).toEqual([['no_stamp']]);
  });
});

/** Two servers on one database, and the connection `npm run demos` would open. */
const settings = { RATE_LIMIT_PER_MINUTE: '1000' };
const stores = await serversOnEachDatabase(2, 'shared_demo_page');

describe.each(stores)('/demo kept briefly, on two servers sharing $name (D32, D35)', ({ create }) => {
  let servers: FastifyInstance[];
  let cli: Db;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ servers, cli, drop } = await create(settings));
  }, 30_000);
  afterAll(async () => {
    await Promise.all((servers ?? []).map((server) => server.close()));
    await drop?.();
  });
  // Each test a minute after the last began, within one stamp window.
  let clock = midWindow();
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime((clock += 60_000));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const offered = async (server: FastifyInstance) =>
    parse((await server.inject('/demo')).body)
      .querySelectorAll('[data-demo-slot-days] input[name="slot"]:not([disabled])')
      .map((input) => input.getAttribute('value')!);
  /** A few seconds pass: longer than a server keeps the version it read. */
  const secondsPass = () => vi.setSystemTime(Date.now() + 6_000);

  it('sends the same page again with its ETag, and answers a revalidation with 304', async () => {
    const [first, second] = [await servers[0]!.inject('/demo'), await servers[0]!.inject('/demo')];
    expect(first.statusCode).toBe(200);
    expect(second.body).toBe(first.body);
    expect(second.headers.etag).toBe(first.headers.etag);
    expect(first.headers['cache-control']).toBe('public, max-age=0, s-maxage=5');
    const again = await servers[0]!.inject({ url: '/demo', headers: { 'if-none-match': String(first.headers.etag) } });
    expect(again.statusCode).toBe(304);
  });

  it('stops offering a slot once it is taken, on the server that took it at once and on the other seconds later', async () => {
    const [slot] = await offered(servers[0]!);
    expect(await offered(servers[1]!)).toContain(slot);
    const booked = await servers[1]!.inject({
      method: 'POST',
      url: '/demo',
      payload: form({
        form_name: 'demo',
        firstname: 'Wanjiru',
        lastname: 'Kamau',
        company_name: 'Duka Ltd',
        email: 'first@duka.test',
        phone_number: '+254 712 345678',
        subscribers: '0:100K',
        homepage: '',
        zone: 'Africa/Lagos',
        slot: slot!,
      }),
      headers: posted,
    });
    expect(booked.statusCode).toBe(303);
    expect(await offered(servers[1]!)).not.toContain(slot);
    secondsPass();
    expect(await offered(servers[0]!)).not.toContain(slot);
  });

  it('stops offering a slot that `npm run demos` blocks through its own connection', async () => {
    const [slot] = await offered(servers[0]!);
    const start = new Date(slot!);
    await dataAccess(cli).demos.addBlock({
      hostId: null,
      start,
      end: new Date(start.getTime() + 30 * 60_000),
      reason: 'Off-site',
    });
    secondsPass();
    expect(await offered(servers[0]!)).not.toContain(slot);
    expect(await offered(servers[1]!)).not.toContain(slot);
  });

  it('moves the availability version with each change, in its transaction', async () => {
    const data = dataAccess(cli);
    const before = await data.demos.availabilityVersion();
    await data.demos.replaceHours('Africa/Lagos', [{ weekday: 1, starts: '09:00', ends: '17:00' }]);
    await data.demos.saveHost({ id: 'ada', name: 'Ada Obi', email: 'ada@growmail.io' });
    expect(await data.demos.removeHost('ada', new Date())).toBe('removed');
    expect(await data.demos.removeBlock('no such block')).toBe(false);
    expect(await data.demos.availabilityVersion()).toBe(before + 3);
  });
});
