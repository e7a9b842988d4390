import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '@growmail/test-support/app';
import { freePort } from '@growmail/test-support/process';
import { redisReachable, redisUrl } from '@growmail/test-support/redis';
import {
  enquiry,
  demoRequest as demo,
  savingsLead as savings,
  startupLead as startup,
} from '@growmail/test-support/submissions';

const token = 'metrics-token-for-the-tests-0123456789abcdef';
const authorised = { authorization: `Bearer ${token}` };

/** The value of one series in Prometheus's text format, or undefined when it is absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  const wanted = Object.entries(labels).map(([key, value]) => `${key}="${value}"`);
  for (const line of text.split('\n')) {
    if (line.startsWith('#')) continue;
    const match = /^([a-z_:]+)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const present = (match[2] ?? '').split(',');
    if (wanted.every((label) => present.includes(label))) return Number(match[3]);
  }
  return undefined;
}

/** The values a label takes across a metric's series. */
function labelValues(text: string, name: string, label: string): Set<string> {
  const values = new Set<string>();
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`)) continue;
    const value = new RegExp(`${label}="([^"]*)"`).exec(line)?.[1];
    if (value !== undefined) values.add(value);
  }
  return values;
}

describe('GET /metrics without METRICS_TOKEN', () => {
  let app: Awaited<ReturnType<typeof testApp>>;
  beforeAll(async () => {
    app = await testApp();
  });
  afterAll(() => app.close());

  it('does not exist: 404, with or without a token', async () => {
    expect((await app.inject('/metrics')).statusCode).toBe(404);
    expect((await app.inject({ url: '/metrics', headers: authorised })).statusCode).toBe(404);
  });
});

describe('GET /metrics with METRICS_TOKEN', () => {
  let app: Awaited<ReturnType<typeof testApp>>;
  let address = 0;
  const post = (url: string, payload: object, ip = `10.9.0.${++address}`) =>
    app.inject({ method: 'POST', url, payload, remoteAddress: ip });
  const scrape = async () => {
    const response = await app.inject({ url: '/metrics', headers: authorised });
    expect(response.statusCode).toBe(200);
    return response.body;
  };

  beforeAll(async () => {
    // Mail goes to a port nobody listens on, so every send fails and is counted.
    const smtpPort = await freePort();
    app = await testApp(
      { METRICS_TOKEN: token, RATE_LIMIT_PER_MINUTE: '2', SMTP_URL: `smtp://127.0.0.1:${smtpPort}` },
      { outbox: { pollMs: 60_000, retryBaseMs: 60_000 } },
    );
  });
  afterAll(() => app.close());

  it('answers 401 without the token, with another scheme or with a wrong one', async () => {
    for (const authorization of [undefined, `Basic ${token}`, 'Bearer wrong', `Bearer ${token}x`, 'Bearer']) {
      const response = await app.inject({ url: '/metrics', headers: authorization ? { authorization } : {} });
      expect(response.statusCode, String(authorization)).toBe(401);
      expect(response.headers['www-authenticate']).toBe('Bearer realm="metrics"');
      expect(response.body).not.toContain('growmail_');
    }
  });

  it('serves the Prometheus text format, never cached', async () => {
    const response = await app.inject({ url: '/metrics', headers: authorised });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('counts requests and their latency by route pattern, never by raw path', async () => {
    await app.inject('/pricing');
    await app.inject('/pricing');
    const before = await scrape();
    expect(sample(before, 'growmail_http_requests_total', { method: 'GET', route: '/*', status: '200' })).toBe(2);
    expect(sample(before, 'growmail_http_request_duration_seconds_count', { method: 'GET', route: '/*' })).toBe(2);
    const routes = labelValues(before, 'growmail_http_requests_total', 'route');

    for (let n = 0; n < 20; n++) {
      await app.inject(`/_astro/missing-${n}.js`);
      await app.inject(`/services/users/nothing-${n}`);
      await app.inject({ method: 'DELETE', url: `/random-${n}` });
    }
    const after = await scrape();
    expect(sample(after, 'growmail_http_requests_total', { method: 'GET', route: '/*', status: '404' })).toBe(20);
    expect(sample(after, 'growmail_http_requests_total', { route: '/services/*', status: '404' })).toBe(20);
    expect(sample(after, 'growmail_http_requests_total', { route: 'unmatched', status: '404' })).toBe(20);
    const added = [...labelValues(after, 'growmail_http_requests_total', 'route')].filter((r) => !routes.has(r));
    // The two 404 patterns, the services' catch-all and no route at all, are all that is new.
    expect(added.sort()).toEqual(['/services/*', 'unmatched']);
  });

  it('counts submissions accepted, refused and quarantined, by form', async () => {
    const users = '/services/users';
    expect((await post(`${users}/guests/enquiry`, enquiry)).statusCode).toBe(201);
    expect((await post(`${users}/guests/enquiry`, { ...enquiry, email: 'not an email' })).statusCode).toBe(400);
    expect((await post(`${users}/demos`, demo)).statusCode).toBe(201);
    expect((await post(`${users}/demos`, { ...demo, homepage: 'spam' })).statusCode).toBe(201); // the honeypot: held
    expect((await post('/services/sales/leads', savings)).statusCode).toBe(201);
    expect((await post('/services/sales/leads', { ...startup, metadata: {} })).statusCode).toBe(400);
    const capture = `${users}/api/contacts/gm_site_public_dev/capture/?email=reader%40example.com`;
    expect((await app.inject({ url: capture, remoteAddress: '10.9.1.1' })).statusCode).toBe(200);
    // Two a minute per address: the third is refused with 429.
    for (const expected of [201, 201, 429]) {
      const response = await post('/services/sales/leads', startup, '10.9.1.2');
      expect(response.statusCode).toBe(expected);
    }

    const text = await scrape();
    const count = (form: string, outcome: string) => sample(text, 'growmail_submissions_total', { form, outcome });
    expect(count('enquiry', 'accepted')).toBe(1);
    expect(count('enquiry', 'refused')).toBe(1);
    expect(count('demo', 'accepted')).toBe(1);
    expect(count('demo', 'quarantined')).toBe(1);
    expect(count('savings', 'accepted')).toBe(1);
    expect(count('startup', 'refused')).toBe(1);
    // The repeat collapses into the first (same answer), so it counts as accepted too.
    expect(count('startup', 'accepted')).toBe(2);
    expect(count('newsletter', 'accepted')).toBe(1);
    // A 429 comes before the body is read, so it cannot say which of the two lead forms it was.
    expect(count('unknown', 'refused')).toBe(1);
  });

  it('counts outbox depth and failed sends', async () => {
    // Each accepted submission nudged the outbox, and each send failed: the mails wait.
    await app.outbox.flush();
    const text = await scrape();
    expect(sample(text, 'growmail_outbox_depth')).toBeGreaterThanOrEqual(5);
    expect(sample(text, 'growmail_outbox_failures_total')).toBeGreaterThanOrEqual(5);
    expect(sample(text, 'growmail_outbox_sent_total')).toBe(0);
  });

  it('reports the database available, and the process defaults', async () => {
    const text = await scrape();
    expect(sample(text, 'growmail_database_available')).toBe(1);
    // Nothing waited long enough to fill the memory: no page view was lost.
    expect(sample(text, 'growmail_visit_views_lost_total')).toBe(0);
    for (const name of [
      'process_cpu_user_seconds_total',
      'process_resident_memory_bytes',
      'nodejs_eventloop_lag_seconds',
    ]) {
      expect(sample(text, name), name).toBeGreaterThanOrEqual(0);
    }
    // Without REDIS_URL there is no Redis to report.
    expect(text).not.toContain('growmail_redis_available');
  });
});

describe.runIf(await redisReachable())('GET /metrics with Redis', () => {
  let app: Awaited<ReturnType<typeof testApp>>;
  beforeAll(async () => {
    app = await testApp({ METRICS_TOKEN: token, REDIS_URL: redisUrl });
  });
  afterAll(() => app.close());

  it('reports Redis available', async () => {
    await expect
      .poll(async () =>
        sample((await app.inject({ url: '/metrics', headers: authorised })).body, 'growmail_redis_available'),
      )
      .toBe(1);
  });
});
