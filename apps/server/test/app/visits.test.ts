import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'kysely';
import { testApp } from '@growmail/test-support/app';

const chrome = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const iphone =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1';
const googlebot = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
const address = '203.0.113.77';

let app: Awaited<ReturnType<typeof testApp>>;
beforeAll(async () => {
  app = await testApp();
});
afterAll(() => app?.close());
afterEach(() => {
  vi.useRealTimers();
});

/** A page's counting request, as the image (GET, no JavaScript) or the beacon (POST) sends it. */
const count = (
  page: string,
  { beacon, userAgent = chrome, from = address }: { beacon?: string; userAgent?: string; from?: string } = {},
) =>
  app.inject({
    method: beacon === undefined ? 'GET' : 'POST',
    url: '/visit',
    headers: {
      host: 'localhost:80',
      referer: `http://localhost:80${page}`,
      'user-agent': userAgent,
      ...(beacon === undefined ? {} : { 'content-type': 'text/plain;charset=UTF-8' }),
    },
    ...(beacon === undefined ? {} : { payload: beacon }),
    remoteAddress: from,
  });

const at = (iso: string) => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(iso));
};

/** The visits written once the batch is flushed, cleared for the next test. */
async function written() {
  await app.visitCounter.flush();
  const visits = await app.visits.list();
  const withViews = await Promise.all(
    visits.map(async (visit) => ({ ...visit, pages: (await app.visits.viewsOf(visit.id)).map((view) => view.path) })),
  );
  await app.db.kysely.deleteFrom('visit_views').execute();
  await app.db.kysely.deleteFrom('visits').execute();
  return withViews;
}

/** Every text value of every table, for the privacy checks. */
async function everyStoredText(): Promise<string> {
  const tables = await app.db.kysely.introspection.getTables();
  const dumps = await Promise.all(
    tables.map(async ({ name }) =>
      JSON.stringify((await sql`select * from ${sql.table(name)}`.execute(app.db.kysely)).rows),
    ),
  );
  return dumps.join('\n');
}

describe('counting a page view without cookies (D42)', () => {
  it('counts a page without JavaScript from its Referer, with its language and only its marketing source', async () => {
    const answer = await count(
      '/fr?utm_source=newsletter&utm_campaign=tabaski&gclid=Cj0KCQ-secret-click&email=ada%40example.com',
    );
    expect(answer.statusCode).toBe(204);
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(answer.headers['set-cookie']).toBeUndefined();

    const stored = await everyStoredText();
    expect(stored).not.toContain('Cj0KCQ-secret-click');
    expect(stored).not.toContain('ada');
    expect(stored).not.toContain(address);
    expect(stored).not.toContain('Chrome/131');

    const [visit, ...others] = await written();
    expect(others).toEqual([]);
    expect(visit).toMatchObject({
      entry_path: '/fr',
      language: 'fr',
      utm_source: 'newsletter',
      utm_campaign: 'tabaski',
      utm_medium: null,
      click_id: 'gclid',
      referrer_host: null,
      device: 'desktop',
      views: 1,
      pages: ['/fr'],
    });
  });

  it('keeps the host of the page the beacon names as the referrer, never its path', async () => {
    await count('/pricing/', { beacon: 'https://news.example.org/issues/42?reader=ada', userAgent: iphone });
    const [visit] = await written();
    expect(visit).toMatchObject({ entry_path: '/pricing', referrer_host: 'news.example.org', device: 'mobile' });
  });

  it('joins views within 30 idle minutes into one visit, and starts another after', async () => {
    at('2027-03-02T09:00:00.000Z');
    await count('/?utm_source=partner');
    at('2027-03-02T09:20:00.000Z');
    await count('/demo');
    at('2027-03-02T09:45:00.000Z');
    await count('/contact');
    at('2027-03-02T10:30:00.000Z');
    await count('/pricing');
    const visits = await written();
    expect(
      visits.map(({ entry_path, utm_source, views, pages, first_at, last_at }) => ({
        entry_path,
        utm_source,
        views,
        pages,
        first_at,
        last_at,
      })),
    ).toEqual([
      {
        entry_path: '/',
        utm_source: 'partner',
        views: 3,
        pages: ['/', '/demo', '/contact'],
        first_at: '2027-03-02T09:00:00.000Z',
        last_at: '2027-03-02T09:45:00.000Z',
      },
      {
        entry_path: '/pricing',
        utm_source: null,
        views: 1,
        pages: ['/pricing'],
        first_at: '2027-03-02T10:30:00.000Z',
        last_at: '2027-03-02T10:30:00.000Z',
      },
    ]);
  });

  it('counts a visitor seen on two days as two visitors', async () => {
    at('2027-03-03T23:50:00.000Z');
    await count('/');
    at('2027-03-04T00:05:00.000Z');
    await count('/pricing');
    const visits = await written();
    expect(visits).toHaveLength(2);
    expect(visits[0]!.visitor).not.toBe(visits[1]!.visitor);
  });

  it('tells two visitors apart by address and by user agent', async () => {
    await count('/', { from: '198.51.100.1' });
    await count('/', { from: '198.51.100.2' });
    await count('/', { from: '198.51.100.2', userAgent: iphone });
    expect(await written()).toHaveLength(3);
  });

  it('does not count known bots, the console, pages a capability link opens, or other sites', async () => {
    await count('/', { userAgent: googlebot });
    await count('/', { userAgent: '' });
    await count('/team/leads');
    await count('/newsletter/confirm?token=capability-token-1');
    await count('/fr/newsletter/confirm?token=capability-token-2');
    await count('/demo/booking?token=capability-token-3');
    await count('/unsubscription/abc.def/ada%40example.com/contact-1');
    const foreign = await app.inject({
      url: '/visit',
      headers: { referer: 'https://elsewhere.example/', 'user-agent': chrome },
    });
    expect(foreign.statusCode).toBe(204);
    expect(await written()).toEqual([]);
    const stored = await everyStoredText();
    expect(stored).not.toContain('capability-token');
    expect(stored).not.toContain('ada%40example.com');
  });

  it('keeps a batch the database refused, and writes it once when it can', async () => {
    await count('/startup');
    const refused = vi.spyOn(app.visits, 'record').mockRejectedValueOnce(new Error('disk full'));
    await app.visitCounter.flush();
    expect(refused).toHaveBeenCalledTimes(1);
    expect(await app.visits.list()).toEqual([]);
    refused.mockRestore();
    expect((await written()).map(({ entry_path, views }) => ({ entry_path, views }))).toEqual([
      { entry_path: '/startup', views: 1 },
    ]);
  });

  it('answers a beacon too long to be a referrer with a 400, and counts nothing', async () => {
    const answer = await count('/', { beacon: `https://example.org/${'a'.repeat(3000)}` });
    expect(answer.statusCode).toBe(400);
    expect(await written()).toEqual([]);
  });
});
