import { createHash } from 'node:crypto';
import { brotliDecompressSync } from 'node:zlib';
import catalogueData from '@growmail/site/content/catalogue.json' with { type: 'json' };
import { parseCatalogue } from '@growmail/contracts/catalogue';
import {
  contactBrackets,
  currencies,
  flexPricePer1000,
  formatMoney,
  growthTotal,
  priceLabel,
  pricingChoice,
  type BillingPeriod,
  type CurrencyCode,
} from '@growmail/contracts/pricing';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { parse } from 'node-html-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '@growmail/test-support/app';

const catalogue = parseCatalogue(catalogueData);
const brackets = contactBrackets(catalogue);

let app: FastifyInstance;
beforeAll(async () => {
  app = await testApp();
});
afterAll(() => app.close());

const plansIsland = /<astro-island[^>]*PricingPlans[\s\S]*?<\/astro-island>/;

/** What the pricing section of a served page shows and has checked: the plans island holds the form and the cards. */
function shown(html: string) {
  // The island alone, not the whole page: the property below parses 150 pages.
  const section = parse(plansIsland.exec(html)![0]);
  const price = (plan: string) =>
    section.querySelector(`[data-plan="${plan}"] [data-testid="price"]`)?.text.trim() ?? '';
  return {
    currency: section.querySelector('input[name="currency"][checked]')?.getAttribute('value'),
    period: section.querySelector('input[name="period"][checked]')?.getAttribute('value'),
    bracket: section.querySelector('select[name="bracket"] option[selected]')?.getAttribute('value'),
    flex: price('flex'),
    growth: price('growth'),
  };
}

/** What the contracts' rules say it should show. */
function expected(currency: CurrencyCode, period: BillingPeriod, bracketIndex: number) {
  const bracket = brackets[bracketIndex]!;
  return {
    currency,
    period,
    bracket: bracket.id,
    flex: formatMoney(flexPricePer1000(catalogue.rates, bracket.min, currency)!, currency),
    growth: priceLabel(growthTotal(catalogue.modules, new Set(), bracket, currency, period).amount, currency),
  };
}

const inlineScripts = (html: string) =>
  [...html.matchAll(/<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g)].map((match) => match[1]);

describe('prices chosen in the query, without JavaScript (D30)', () => {
  it('shows the chosen currency, period and bracket on /pricing, with the form checked accordingly', async () => {
    const response = await app.inject(`/pricing?currency=NGN&period=year&bracket=${brackets[4]!.id}`);
    expect(response.statusCode).toBe(200);
    expect(shown(response.body)).toEqual(expected('NGN', 'year', 4));
    expect(shown((await app.inject('/pricing')).body)).toEqual(expected('USD', 'month', 0));
  });

  it('shows prices in CFA francs on /pricing, whole francs written as Intl writes them in English (D38)', async () => {
    const xof = await app.inject(`/pricing?currency=XOF&period=year&bracket=${brackets[1]!.id}`);
    expect(xof.statusCode).toBe(200);
    expect(shown(xof.body)).toEqual(expected('XOF', 'year', 1));
    // $0.723 per 1,000 credits is 435 F; Campaigns' 29,500 F a month is 354,000 F a year, less 20%.
    expect(shown(xof.body)).toMatchObject({ flex: 'FCFA\u00a0435', growth: 'FCFA\u00a0283,200' });
    const xaf = await app.inject('/pricing?currency=xaf');
    expect(shown(xaf.body)).toEqual(expected('XAF', 'month', 0));
    expect(shown(xaf.body)).toMatchObject({ flex: 'FCFA\u00a0500', growth: 'FCFA\u00a011,500' });
    const prices = parse(plansIsland.exec(xaf.body)![0])
      .querySelectorAll('[data-testid="price"], [data-testid="module-price"], [data-testid="original-price"]')
      .map((element) => element.text);
    expect(prices.join(' ')).not.toMatch(/\.\d/);
    expect(prices.filter((text) => text.includes('FCFA'))).toHaveLength(5);
  });

  it('offers all six currencies in the selector, with the spec symbols and the CFA francs', async () => {
    for (const route of ['/pricing', '/', `/pricing?currency=XOF`]) {
      const section = parse(plansIsland.exec((await app.inject(route)).body)![0]);
      const radios = section.querySelectorAll('input[name="currency"]');
      expect(
        radios.map((radio) => radio.getAttribute('value')),
        route,
      ).toEqual(['NGN', 'USD', 'KES', 'GHS', 'XOF', 'XAF']);
      expect(radios.map((radio) => radio.parentNode?.text.trim())).toEqual([
        '₦ NGN',
        '$ USD',
        'Ksh KES',
        '₵ GHS',
        'FCFA XOF',
        'FCFA XAF',
      ]);
    }
  });

  it('offers the CFA francs first on the French pages, by their regions (issue 56)', async () => {
    for (const route of ['/fr/pricing', '/fr', '/fr/pricing?currency=USD']) {
      const section = parse(plansIsland.exec((await app.inject(route)).body)![0]);
      const radios = section.querySelectorAll('input[name="currency"]');
      expect(
        radios.map((radio) => radio.getAttribute('value')),
        route,
      ).toEqual(['XOF', 'XAF', 'NGN', 'USD', 'KES', 'GHS']);
      expect(radios.slice(0, 2).map((radio) => radio.parentNode?.text.trim())).toEqual([
        'FCFA – UEMOA (XOF)',
        'FCFA – CEMAC (XAF)',
      ]);
    }
  });

  it('shows every currency in the home page section, the form sending back to #pricing', async () => {
    for (const { value: currency } of currencies) {
      const response = await app.inject(`/?currency=${currency}&period=month&bracket=${brackets[7]!.id}`);
      expect(response.statusCode).toBe(200);
      expect(shown(response.body), currency).toEqual(expected(currency, 'month', 7));
      expect(parse(response.body).querySelector('#pricing form')?.getAttribute('action')).toBe('/#pricing');
    }
  });

  it('has a page for every choice the form can send, on /pricing and on home', async () => {
    for (const route of ['/pricing', '/'])
      for (const { value: currency } of currencies)
        for (const period of ['month', 'year'] as const)
          for (const [index, bracket] of brackets.entries()) {
            const search = `?currency=${currency}&period=${period}&bracket=${bracket.id}`;
            expect(shown((await app.inject(`${route}${search}`)).body), `${route}${search}`).toEqual(
              expected(currency, period, index),
            );
          }
  }, 30_000);

  it('reads each value on its own: lower case, one missing, repeated, or with marketing parameters', async () => {
    expect(shown((await app.inject('/pricing?currency=kes')).body)).toEqual(expected('KES', 'month', 0));
    expect(shown((await app.inject('/pricing?period=year')).body)).toEqual(expected('USD', 'year', 0));
    expect(shown((await app.inject('/pricing?currency=GHS&currency=NGN')).body)).toEqual(expected('GHS', 'month', 0));
    expect(
      shown((await app.inject('/pricing?utm_source=news&currency=NGN&utm_campaign=spring&gclid=abc')).body),
    ).toEqual(expected('NGN', 'month', 0));
  });

  it('falls back to the defaults for unknown or malformed values, never an error', async () => {
    const built = await app.inject('/pricing');
    for (const query of [
      '?currency=EUR&period=week&bracket=campaign-10m-plus',
      '?currency=%ZZ&period=%E0%A4%A&bracket=%00',
      '?currency[]=NGN&period[x]=year',
      '?bracket=../../../etc/passwd',
      `?currency=${'N'.repeat(5000)}`,
      '?currency&period&bracket',
      '?=&&=',
      '?utm_source=news',
    ]) {
      const response = await app.inject(`/pricing${query}`);
      expect(response.statusCode, query).toBe(200);
      expect(shown(response.body), query).toEqual(expected('USD', 'month', 0));
      // The built page itself, not a copy of it.
      expect(response.headers.etag, query).toBe(built.headers.etag);
    }
  });

  it('shows, for any query at all, the choice the island reads from it', async () => {
    const value = (known: readonly string[]) =>
      fc
        .oneof(fc.constantFrom(...known), fc.string(), fc.constantFrom('%', '%ZZ', '%E0%A4%A', '+', '&'))
        // A browser never sends what follows '#'.
        .map((text) => text.replaceAll('#', ''));
    const query = fc
      .record({
        currency: value(currencies.flatMap((option) => [option.value, option.value.toLowerCase()])),
        period: value(['month', 'year']),
        bracket: value(brackets.map((bracket) => bracket.id)),
        other: fc.webQueryParameters(),
      })
      .map(
        ({ currency, period, bracket, other }) =>
          `?currency=${currency}&period=${period}&bracket=${encodeURIComponent(bracket)}&${other}`,
      );
    await fc.assert(
      fc.asyncProperty(query, async (search) => {
        const response = await app.inject(`/pricing${search}`);
        expect(response.statusCode).toBe(200);
        const choice = pricingChoice(
          search,
          brackets.map((bracket) => bracket.id),
        );
        const index = brackets.findIndex((bracket) => bracket.id === choice.bracketId);
        expect(shown(response.body)).toEqual(expected(choice.currency, choice.period, index));
      }),
      { numRuns: 150 },
    );
    // 150 pages asked and read: about 2 s alone, more on a machine running the other suites.
  }, 30_000);

  it('sends a whole page of its own: the same page but for the section, its inline scripts in its CSP', async () => {
    const built = (await app.inject('/pricing')).body;
    const chosen = await app.inject('/pricing?currency=GHS&period=year');
    const csp = String(chosen.headers['content-security-policy']);
    for (const code of inlineScripts(chosen.body)) {
      expect(csp).toContain(`'sha256-${createHash('sha256').update(code!).digest('base64')}'`);
    }
    // The page itself around the section and the script that answers its first tick with the
    // chosen prices (issue 57): head, canonical link, header and footer.
    const outside = (html: string) =>
      html.replace(new RegExp(`${plansIsland.source}(<script>[\\s\\S]*?</script>)?`), '');
    expect(outside(chosen.body)).toBe(outside(built));
    expect(parse(chosen.body).querySelector('link[rel="canonical"]')?.getAttribute('href')).toMatch(/\/pricing$/);
  });

  it('answers a choice as it answers any built page: its own ETag, the same bytes for everyone, compressed, 304 when unchanged', async () => {
    const url = `/pricing?currency=KES&period=year&bracket=${brackets[1]!.id}`;
    const identity = await app.inject(url);
    const other = await app.inject({ url, headers: { 'user-agent': 'another visitor', cookie: 'a=b' } });
    expect(other.body).toBe(identity.body);
    expect(other.headers.etag).toBe(identity.headers.etag);
    expect(identity.headers.etag).not.toBe((await app.inject('/pricing')).headers.etag);
    expect(identity.headers['cache-control']).toBe((await app.inject('/pricing')).headers['cache-control']);
    // The same choice asked in another spelling is the same file.
    const respelled = await app.inject(`/pricing?bracket=${brackets[1]!.id}&utm_source=x&period=year&currency=kes`);
    expect(respelled.headers.etag).toBe(identity.headers.etag);
    const br = await app.inject({ url, headers: { 'accept-encoding': 'br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(identity.body);
    const again = await app.inject({
      url,
      headers: { 'accept-encoding': 'br', 'if-none-match': String(br.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });

  it('never serves the copies at their own path, nor lists them as pages', async () => {
    const view = await app.inject(`/_views/pricing/NGN-month-${brackets[0]!.id}.html`);
    expect(view.statusCode).toBe(404);
    expect(app.site.routes().filter((route) => route.startsWith('/_'))).toEqual([]);
  });
});
