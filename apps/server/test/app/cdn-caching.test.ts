import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '@growmail/test-support/app';

const sharedCaching = 'public, max-age=0, s-maxage=60, stale-while-revalidate=86400, stale-if-error=86400';

describe('caching with CDN_MAX_AGE=60', () => {
  let app: Awaited<ReturnType<typeof testApp>>;
  beforeAll(async () => {
    app = await testApp({ CDN_MAX_AGE: '60', RATE_LIMIT_PER_MINUTE: '1' });
  });
  afterAll(() => app.close());

  it('lets shared caches keep pages for a minute, and serve them stale while they refetch', async () => {
    for (const url of ['/', '/pricing', '/developers', '/products/automations', '/somewhere-unknown']) {
      const response = await app.inject(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control'], url).toBe(sharedCaching);
    }
  });

  it('keeps hashed assets immutable, and missing files and redirects as they were', async () => {
    const page = await app.inject('/');
    const script = /"(\/_astro\/[^"]+\.js)"/.exec(page.body)?.[1];
    expect((await app.inject(script!)).headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const missing = await app.inject('/_astro/missing.js');
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
    expect((await app.inject('/register/friend')).headers['cache-control']).toBe('no-store');
  });

  it('still counts a page a shared cache answers: the kept page asks /visit, which no cache keeps (D42)', async () => {
    const page = await app.inject('/pricing');
    expect(page.headers['cache-control']).toBe(sharedCaching);
    expect(page.body).toContain('navigator.sendBeacon("/visit",document.referrer)');
    expect(page.body).toContain('<noscript><img src="/visit"');
    const headers = {
      host: 'localhost:80',
      referer: 'http://localhost:80/pricing',
      'user-agent':
        'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
    };
    const counts = [
      await app.inject({ url: '/visit', headers }),
      await app.inject({
        method: 'POST',
        url: '/visit',
        headers: { ...headers, 'content-type': 'text/plain' },
        payload: '',
      }),
    ];
    for (const answer of counts) {
      expect(answer.statusCode).toBe(204);
      expect(answer.headers['cache-control']).toBe('no-store');
    }
    await app.visitCounter.flush();
    expect((await app.visits.list()).map((visit) => visit.views)).toEqual([2]);
  });

  it('never lets any cache keep a service answer, whatever the status', async () => {
    const enquiry = { fullname: 'Ada Lovelace', email: 'ada@example.com', subject: 'Cache', body: 'Kept?' };
    const post = (url: string, payload: unknown, remoteAddress = '10.8.0.1') =>
      app.inject({ method: 'POST', url, payload: payload as object, remoteAddress });
    const answers = [
      await app.inject('/services/modules/modules'),
      await app.inject('/services/health'),
      await app.inject('/services/health/live'),
      await app.inject('/services/health/ready'),
      await app.inject('/services/messaging/push/web/key'),
      await app.inject('/services/users/api/contacts/gm_site_public_dev/capture/?email=reader%40example.com'),
      await post('/services/users/guests/enquiry', enquiry),
      await post('/services/users/guests/enquiry', enquiry), // 429: one a minute
      await post('/services/users/guests/enquiry', { ...enquiry, email: 'no' }, '10.8.0.2'),
      await post('/services/users/guests/enquiry', { body: 'x'.repeat(20_000) }, '10.8.0.3'),
      await app.inject('/services/users/nothing'),
    ];
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200, 404, 200, 201, 429, 400, 413, 404]);
    for (const answer of answers) expect(answer.headers['cache-control']).toBe('no-store');
  });
});

describe('caching without CDN_MAX_AGE', () => {
  let app: Awaited<ReturnType<typeof testApp>>;
  beforeAll(async () => {
    app = await testApp();
  });
  afterAll(() => app.close());

  it('has every cache ask again for a page, as before', async () => {
    expect((await app.inject('/pricing')).headers['cache-control']).toBe('public, max-age=0, must-revalidate');
  });
});
