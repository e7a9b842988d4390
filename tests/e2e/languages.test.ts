import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useSite, viewports } from '@growmail/test-support/site';

/**
 * The site in two languages (D37): English at the unprefixed paths, French under /fr. Every
 * marketing page links to its twin in the header or the footer, without JavaScript, and both
 * name each other for search engines; the developer docs are the only pages without a twin.
 */
const site = useSite();
const desktop = viewports.find((viewport) => viewport.name === 'desktop')!;

const isFrench = (route: string) => route === '/fr' || route.startsWith('/fr/');
const isDocs = (route: string) => route === '/developers' || route.startsWith('/developers/');
const frenchTwin = (route: string) => (route === '/' ? '/fr' : `/fr${route}`);

/** The page's language, and the paths its hreflang alternates name, by language. */
async function languageFacts(page: Page) {
  return page.evaluate(() => ({
    lang: document.documentElement.lang,
    alternates: Object.fromEntries(
      [...document.querySelectorAll<HTMLLinkElement>('link[rel="alternate"][hreflang]')].map((link) => [
        link.hreflang,
        new URL(link.href).pathname.replace(/(.)\/$/, '$1'),
      ]),
    ),
  }));
}

/** Follows the page's language link: the header's where it shows one, the footer's otherwise. */
async function followLanguageLink(page: Page): Promise<string> {
  const header = page.locator('header [data-language-link]:visible');
  const link = (await header.count()) > 0 ? header.first() : page.locator('footer [data-language-link]').first();
  const from = new URL(page.url()).pathname;
  await Promise.all([page.waitForURL((url) => url.pathname !== from), link.click()]);
  return new URL(page.url()).pathname;
}

describe('English and French twins (D37)', () => {
  it('has a French twin for every English marketing page, and none for the developer docs', () => {
    const routes = site.app.site.routes();
    const english = routes.filter((route) => !isFrench(route) && !isDocs(route));
    expect(english.length).toBeGreaterThan(15);
    expect(english.filter((route) => !routes.includes(frenchTwin(route)))).toEqual([]);
    expect(routes.filter((route) => isFrench(route) && isDocs(route.slice(3)))).toEqual([]);
  });

  it('links every English marketing page to its French twin and back, without JavaScript, with hreflang both ways', async () => {
    const { page, context } = await site.openPage(desktop, { javaScript: false });
    const problems: string[] = [];
    const english = site.app.site.routes().filter((route) => !isFrench(route) && !isDocs(route));
    for (const route of english) {
      await page.goto(`${site.url}${route}`);
      const twin = frenchTwin(route);
      const alternates = { en: route, fr: twin, 'x-default': route };
      const here = await languageFacts(page);
      if (here.lang !== 'en') problems.push(`${route}: lang="${here.lang}"`);
      if (JSON.stringify(here.alternates) !== JSON.stringify(alternates))
        problems.push(`${route}: hreflang ${JSON.stringify(here.alternates)}`);
      // Both links: the header's (or the bare page's footer) is followed, the footer's is there too.
      if ((await page.locator('footer [data-language-link]').count()) === 0) problems.push(`${route}: no footer link`);
      const reached = await followLanguageLink(page);
      if (reached !== twin) {
        problems.push(`${route}: language link led to ${reached}`);
        continue;
      }
      const there = await languageFacts(page);
      if (there.lang !== 'fr') problems.push(`${twin}: lang="${there.lang}"`);
      if (JSON.stringify(there.alternates) !== JSON.stringify(alternates))
        problems.push(`${twin}: hreflang ${JSON.stringify(there.alternates)}`);
      const back = await followLanguageLink(page);
      if (back !== route) problems.push(`${twin}: language link led back to ${back}`);
    }
    expect(problems).toEqual([]);
    await context.close();
  }, 600_000);

  it('says on the developer docs that they have no French version, and names no twin', async () => {
    const { page, context } = await site.openPage(desktop, { javaScript: false });
    await page.goto(`${site.url}/developers/reference/contacts`);
    const facts = await languageFacts(page);
    expect(facts).toEqual({ lang: 'en', alternates: {} });
    const link = page.locator('footer [data-language-link]');
    await expect(link.getAttribute('href')).resolves.toBe('/fr');
    await expect(page.locator('footer[lang="fr"]').innerText()).resolves.toContain('qu’en anglais');
    await context.close();
  });

  it('never redirects on the browser’s language', async () => {
    const answer = await site.app.inject({ url: '/pricing', headers: { 'accept-language': 'fr-CI,fr;q=0.9' } });
    expect(answer.statusCode).toBe(200);
    expect(answer.body).toContain('<html lang="en">');
  });

  it('lists each page with its alternates in the sitemap', async () => {
    const sitemap = (await site.app.inject('/sitemap.xml')).body;
    expect(sitemap).toMatch(
      /<loc>[^<]*\/fr\/pricing<\/loc>\n<xhtml:link rel="alternate" hreflang="en" href="[^"]*\/pricing"\/>/,
    );
    expect(sitemap).toMatch(
      /<loc>[^<]*\/pricing<\/loc>\n(?:.*\n){1}<xhtml:link rel="alternate" hreflang="fr" href="[^"]*\/fr\/pricing"\/>/,
    );
    expect(sitemap).not.toContain('/fr/developers');
  });
});
