import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sentencesInOtherLanguage } from '@growmail/test-support/language-of-parts';
import { islandsHydrated, settled } from '@growmail/test-support/settle';
import { useSite, viewports } from '@growmail/test-support/site';
import { startTcpProxy } from '@growmail/test-support/tcp-proxy';

/**
 * Language of parts (WCAG 2.2, 3.1.2; D43): no French page shows an English sentence outside an
 * element marked `lang="en"`, and no English page a French one outside `lang="fr"`. The detector
 * (`tests/support/language-of-parts.ts`) counts each language's function words ("the", "and",
 * "you", "with"…; "le", "et", "vous", "avec"…) in every sentence, leaving out what is marked with
 * the other language: two or more in one sentence fail it. It reads each page once as served (what
 * a browser without JavaScript shows), each French page once more in Chromium with its islands
 * woken, and the offline worker's two pages on a French visit.
 */
const site = useSite();
const desktop = viewports.find((viewport) => viewport.name === 'desktop')!;
const isFrench = (route: string) => route === '/fr' || route.startsWith('/fr/');

/** The page's problems, by route, for `toEqual({})` to print. */
const problemsBy = (entries: [string, string[]][]) =>
  Object.fromEntries(entries.filter(([, sentences]) => sentences.length > 0));

describe('the language of each part of a page (D43)', () => {
  it('marks every English sentence on a French page, and every French one on an English page, as served', async () => {
    const routes = site.app.site.routes();
    expect(routes.filter(isFrench).length).toBeGreaterThan(15);
    const found: [string, string[]][] = [];
    for (const route of routes) {
      const response = await site.app.inject(route);
      expect(response.statusCode, route).toBe(200);
      found.push([route, sentencesInOtherLanguage(response.body, isFrench(route) ? 'en' : 'fr')]);
    }
    expect(problemsBy(found)).toEqual({});
  });

  it('marks every English sentence on a French form sent back with its problems, rendered on demand', async () => {
    const found: [string, string[]][] = [];
    for (const [path, form] of [
      ['/fr/contact', 'enquiry'],
      ['/fr/demo', 'demo'],
      ['/fr/startup', 'startup'],
      ['/fr/calculator', 'savings'],
    ] as const) {
      const response = await site.app.inject({
        method: 'POST',
        url: path,
        payload: `form_name=${form}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(response.statusCode, path).toBe(400);
      expect(response.body, path).toContain('<html lang="fr"');
      found.push([path, sentencesInOtherLanguage(response.body, 'en')]);
    }
    expect(problemsBy(found)).toEqual({});
  });

  it('marks every English sentence on a French page once its islands have woken', async () => {
    const { page, context } = await site.openPage(desktop);
    const found: [string, string[]][] = [];
    for (const route of site.app.site.routes().filter(isFrench)) {
      await page.goto(`${site.url}${route}`);
      await wakeIslands(page);
      found.push([route, sentencesInOtherLanguage(await page.content(), 'en')]);
    }
    await context.close();
    expect(problemsBy(found)).toEqual({});
  }, 300_000);
});

/** Down the page a screen at a time, so the islands that wake on sight do. */
async function wakeIslands(page: Page) {
  await settled(page);
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  for (let top = desktop.height; top < height; top += desktop.height) {
    await page.evaluate((y) => window.scrollTo({ top: y, behavior: 'instant' }), top);
    await islandsHydrated(page);
  }
  await settled(page);
}

describe('the offline worker on a French visit (D39, D43)', () => {
  /** The browser reaches the server through a proxy the test cuts: the worker's own fetches see the network go. */
  let proxy: Awaited<ReturnType<typeof startTcpProxy>>;
  let origin: string;
  beforeAll(async () => {
    proxy = await startTcpProxy({ host: '127.0.0.1', port: Number(new URL(site.url).port) });
    origin = `http://127.0.0.1:${proxy.port}`;
  });
  afterAll(() => proxy?.close());

  it('tells a French visitor in French that a page is out of date and that a message is kept', async () => {
    const { page, context } = await site.openPage(desktop, { serviceWorkers: 'allow' });
    await page.goto(`${origin}/fr/contact`);
    await expect
      .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 15_000 })
      .toBe(true);
    await expect
      .poll(() => page.evaluate(async () => (await (await caches.open('gm-pages')).keys()).length), { timeout: 15_000 })
      .toBeGreaterThanOrEqual(5);
    const form = page.getByRole('form', { name: 'Écrivez-nous' });
    await form.getByLabel('Nom complet').fill('Awa Traoré');
    await form.getByLabel('Adresse email').fill('awa@baobab.test');
    await form.getByLabel('Objet').fill('Envoyé depuis un ascenseur');
    await form.getByLabel('Message').fill('Pouvez-vous garder nos messages hors ligne\u202f?');

    proxy.cut();
    try {
      await form.getByRole('button', { name: 'Envoyer le message' }).click();
      await expect.poll(() => page.locator('dd').allTextContents(), { timeout: 15_000 }).toContain('awa@baobab.test');
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('fr');
      expect(sentencesInOtherLanguage(await page.content(), 'en')).toEqual([]);

      await page.goto(`${origin}/fr/pricing`);
      const notice = page.locator('[data-offline-notice]');
      await expect.poll(() => notice.count()).toBe(1);
      expect(sentencesInOtherLanguage(await page.content(), 'en')).toEqual([]);
    } finally {
      proxy.restore();
      await context.close();
    }
  });
});
