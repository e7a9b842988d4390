import type { FastifyInstance } from 'fastify';
import { parse } from 'node-html-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { frenchSpacingFaults, stringsIn } from '@growmail/test-support/french-typography';
import { testApp } from '@growmail/test-support/app';

/** The attributes whose words a visitor sees or hears: alternative texts, tooltips, labels, hints. */
const shownAttributes = ['alt', 'title', 'aria-label', 'placeholder'];

/**
 * The French words of a page as served: its text, the attributes a visitor sees or hears, its
 * description and its card's alternative text, and the words its islands are handed to show later (their `props`, which carry
 * the French catalogues). Left out, as not French prose: scripts, styles and templates; code
 * (`code`, `pre`, `kbd`, `samp`); whatever is marked in another language (`lang="en"`: the
 * language switch's "English", its "Read this page in English", the home page's English press
 * items); and the price table's `suspect` notes, English words for the team that the pricing
 * island is handed with the rates and never shows (packages/contracts/src/pricing.ts), and the
 * pricing island's `builtCatalogue`, the catalogue's JSON (codes and figures, which the island
 * shows through its words).
 */
function frenchTexts(html: string): string[] {
  const root = parse(html, { comment: false, blockTextElements: { script: true, style: true } });
  for (const element of root.querySelectorAll('script, style, template, code, pre, kbd, samp, [lang]'))
    if (!element.getAttribute('lang')?.startsWith('fr')) element.remove();
  const attributes = root
    .querySelectorAll('*')
    .flatMap((element) => shownAttributes.map((name) => element.getAttribute(name) ?? ''));
  const description = root
    .querySelectorAll('meta[name="description"], meta[property="og:image:alt"]')
    .map((meta) => meta.getAttribute('content') ?? '');
  const islands = root
    .querySelectorAll('astro-island[props]')
    .flatMap((island) =>
      stringsIn(
        JSON.parse(island.getAttribute('props')!, (key, value: unknown) =>
          key === 'suspect' || key === 'builtCatalogue' ? undefined : value,
        ),
      ),
    );
  return [root.structuredText, ...description, ...attributes, ...islands];
}

/** Each fault in a French page, named by its address. */
const faultsOf = (address: string, html: string) =>
  [...new Set(frenchTexts(html).flatMap(frenchSpacingFaults))].map((fault) => `${address}: ${fault}`);

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

describe('French typography on the French pages (D37)', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    // A WhatsApp number, so that the paragraphs shown only with one are served too.
    app = await testApp({ WHATSAPP_NUMBER: '+14155550123', RATE_LIMIT_PER_MINUTE: '1000' });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
  });
  const post = (url: string, fields: Record<string, string>) =>
    app.inject({
      method: 'POST',
      url,
      payload: form({ ...fields, language: 'fr' }),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });

  it('puts a narrow no-break space before ? ! : ; %, inside « » and between digit groups on every French page', async () => {
    const routes = app.site.routes().filter((route) => route === '/fr' || route.startsWith('/fr/'));
    expect(routes.length).toBeGreaterThan(10);
    const faults: string[] = [];
    for (const route of routes) {
      const response = await app.inject(route);
      expect(response.statusCode, route).toBe(200);
      faults.push(...faultsOf(route, response.body));
    }
    expect(faults).toEqual([]);
  });

  it('does the same on the pages the server writes for a French form posted without JavaScript', async () => {
    const enquiry = { form_name: 'enquiry', fullname: 'Awa Diop', subject: 'Tarifs', body: 'Bonjour, une question.' };
    const sent = await post('/contact', { ...enquiry, email: 'awa@example.sn' });
    expect(sent.statusCode).toBe(303);
    const location = String(sent.headers.location);
    const outcome = await app.inject(location);
    expect(outcome.body).toContain('outcome-reference');
    const refused = await post('/contact', { ...enquiry, fullname: '', email: 'awa@' });
    expect(refused.statusCode).toBe(400);
    const demo = await post('/demo', { form_name: 'demo', firstname: '', email: 'awa@', slot: 'nowhen' });
    expect(demo.statusCode).toBe(400);
    expect([
      ...faultsOf(location, outcome.body),
      ...faultsOf('POST /contact', refused.body),
      ...faultsOf('POST /demo', demo.body),
    ]).toEqual([]);
  });
});
