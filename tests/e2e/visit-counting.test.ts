import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useSite } from '@growmail/test-support/site';
import { startTcpProxy } from '@growmail/test-support/tcp-proxy';

const site = useSite();

/** The browser reaches the server through a proxy the test cuts: the worker's fetches see the network go. */
let proxy: Awaited<ReturnType<typeof startTcpProxy>>;
beforeAll(async () => {
  proxy = await startTcpProxy({ host: '127.0.0.1', port: Number(new URL(site.url).port) });
});
afterAll(() => proxy?.close());

/** A visitor's browser as a person's is: Headless Chromium names itself, and `isbot` knows it. */
const userAgent =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

/** The visits written so far, once the counter's batch is flushed; then none are kept for the next test. */
async function visitsWritten() {
  await site.app.visitCounter.flush();
  const visits = await site.app.visits.list();
  return Promise.all(
    visits.map(async (visit) => ({
      ...visit,
      pages: (await site.app.visits.viewsOf(visit.id)).map((one) => one.path),
    })),
  );
}

describe.each([
  { javaScript: false, how: 'without JavaScript, by the image' },
  { javaScript: true, how: 'with JavaScript, by the beacon' },
])('a page view is counted $how (D42)', ({ javaScript }) => {
  it('counts a campaign landing on /fr once, with its source, and the next page in the same visit', async () => {
    await site.app.db.kysely.deleteFrom('visit_views').execute();
    await site.app.db.kysely.deleteFrom('visits').execute();
    const context = await site.browser.newContext({
      javaScriptEnabled: javaScript,
      userAgent,
      serviceWorkers: 'block',
    });
    const page = await context.newPage();
    const counted: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/visit') counted.push(request.method());
    });
    await page.goto(`${site.url}/fr?utm_source=newsletter&utm_campaign=tabaski&gclid=click-value-1`, {
      waitUntil: 'load',
    });
    await expect.poll(async () => (await visitsWritten()).length).toBe(1);
    await page.goto(`${site.url}/fr/demo`, { waitUntil: 'load' });
    await expect.poll(async () => (await visitsWritten())[0]?.views).toBe(2);
    await context.close();

    expect(counted).toEqual(javaScript ? ['POST', 'POST'] : ['GET', 'GET']);
    const [visit, ...others] = await visitsWritten();
    expect(others).toEqual([]);
    expect(visit).toMatchObject({
      entry_path: '/fr',
      language: 'fr',
      utm_source: 'newsletter',
      utm_campaign: 'tabaski',
      click_id: 'gclid',
      device: 'desktop',
      pages: ['/fr', '/fr/demo'],
    });
    expect(JSON.stringify(visit)).not.toContain('click-value-1');
  });
});

describe('pages that are not counted (D42)', () => {
  it('sends nothing from a page a capability link opens', async () => {
    const context = await site.browser.newContext({ userAgent, serviceWorkers: 'block' });
    const page = await context.newPage();
    const counted: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/visit') counted.push(request.url());
    });
    await page.goto(`${site.url}/newsletter/confirm?token=not-a-real-token`, { waitUntil: 'load' });
    await page.evaluate(() => new Promise((done) => setTimeout(done, 200)));
    await context.close();
    expect(counted).toEqual([]);
  });
});

describe('a page opened from the device (D39)', () => {
  it('is not counted, even when the network is back by the time it has loaded', async () => {
    const origin = `http://127.0.0.1:${proxy.port}`;
    const context = await site.browser.newContext({ userAgent, serviceWorkers: 'allow' });
    const page = await context.newPage();
    await page.goto(`${origin}/`);
    await expect
      .poll(() => page.evaluate(async () => (await caches.open('gm-pages')).match('/pricing').then(Boolean)), {
        timeout: 15_000,
      })
      .toBe(true);
    const counted: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/visit') counted.push(request.url());
    });
    proxy.cut();
    try {
      await page.goto(`${origin}/pricing`, { waitUntil: 'domcontentloaded' });
    } finally {
      proxy.restore();
    }
    await page.waitForLoadState('load');
    expect(await page.locator('[data-offline-notice]').count()).toBe(1);
    await page.evaluate(() => new Promise((done) => setTimeout(done, 300)));
    await context.close();
    expect(counted).toEqual([]);
  });
});
