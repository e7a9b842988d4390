import catalogueData from '@growmail/site/content/catalogue.json' with { type: 'json' };
import { parseCatalogue } from '@growmail/contracts/catalogue';
import {
  contactBrackets,
  currencies,
  flexPricePer1000,
  formatMoney,
  growthTotal,
  modulePrice,
  priceLabel,
  type BillingPeriod,
  type CurrencyCode,
} from '@growmail/contracts/pricing';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations } from '@growmail/test-support/axe';
import { gotoSettled } from '@growmail/test-support/settle';
import { useSite, viewports } from '@growmail/test-support/site';

const catalogue = parseCatalogue(catalogueData);
const brackets = contactBrackets(catalogue);

const site = useSite();

/** The prices the section shows, and what it has checked. */
async function shown(section: Locator) {
  const price = (plan: string) => section.locator(`[data-plan="${plan}"] [data-testid="price"]`).first().textContent();
  return {
    currency: await section.locator('input[name="currency"]:checked').getAttribute('value'),
    period: await section.locator('input[name="period"]:checked').getAttribute('value'),
    bracket: await section.getByLabel('Contacts').inputValue(),
    flex: await price('flex'),
    growth: await section.getByTestId('growth-total').getByTestId('price').textContent(),
    modules: await section.getByTestId('module-price').allTextContents(),
  };
}

/** What the contracts' rules say it should show. */
function expected(currency: CurrencyCode, period: BillingPeriod, bracketIndex: number) {
  const bracket = brackets[bracketIndex]!;
  const per = period === 'year' ? '/yr' : '/mo';
  return {
    currency,
    period,
    bracket: bracket.id,
    flex: formatMoney(flexPricePer1000(catalogue.rates, bracket.min, currency)!, currency),
    growth: priceLabel(growthTotal(catalogue.modules, new Set(), bracket, currency, period).amount, currency),
    modules: catalogue.modules.map((module) => {
      const price = modulePrice(module, bracket, currency, period)!;
      return `${priceLabel(price.amount, currency)}${price.amount > 0 ? per : ''}`;
    }),
  };
}

const radioName = (currency: CurrencyCode) => {
  const option = currencies.find((entry) => entry.value === currency)!;
  return `${option.symbol} ${option.value}`;
};

/** Chooses with the form as a visitor without JavaScript does, and sends it with 'Show prices'. */
async function choose(page: Page, section: Locator, currency: CurrencyCode, period: BillingPeriod, bracket: number) {
  await section.getByRole('radio', { name: radioName(currency), exact: true }).check();
  await section.getByRole('radio', { name: period === 'year' ? 'Annually' : 'Monthly' }).check();
  await section.getByLabel('Contacts').selectOption(brackets[bracket]!.id);
  await Promise.all([
    page.waitForURL((url) => url.searchParams.get('currency') === currency),
    section.getByRole('button', { name: 'Show prices' }).click(),
  ]);
}

/**
 * The pricing section with JavaScript off (issue 20, D30): its controls are a GET form to the
 * page itself, and the server answers the query with the chosen prices in the page.
 */
describe.each(viewports)('pricing without JavaScript at $name', (viewport) => {
  const open = async () => {
    const opened = await site.openPage(viewport, { javaScript: false });
    opened.page.setDefaultTimeout(15_000);
    return opened;
  };

  it('shows each currency on /pricing once chosen with the form and sent with Show prices', async () => {
    const { page, context, problems } = await open();
    await page.goto(`${site.url}/pricing`);
    const section = page.locator('#pricing');
    expect(await shown(section)).toEqual(expected('USD', 'month', 0));

    const choices = [
      ['NGN', 'month', 3],
      ['KES', 'year', 1],
      ['XOF', 'year', 2],
      ['GHS', 'year', 7],
      ['XAF', 'month', 4],
      ['USD', 'month', 5],
    ] as const;
    for (const [currency, period, bracket] of choices) {
      await choose(page, section, currency, period, bracket);
      expect(new URL(page.url()).pathname).toBe('/pricing');
      expect(await shown(section), currency).toEqual(expected(currency, period, bracket));
    }
    // Six currencies to choose from, the CFA francs in whole francs (D38).
    expect(await section.locator('input[name="currency"]').count()).toBe(6);
    await choose(page, section, 'XOF', 'month', 0);
    expect((await shown(section)).flex).toBe('FCFA\u00a0500');
    expect(await axeViolations(page)).toEqual([]);
    expect(problems).toEqual({ console: [], failed: [] });
    await context.close();
  });

  it("shows the chosen prices in the home page's section, and comes back to it", async () => {
    const { page, context, problems } = await open();
    await page.goto(`${site.url}/#pricing`);
    const section = page.locator('section#pricing');
    await choose(page, section, 'NGN', 'year', 2);
    const url = new URL(page.url());
    expect([url.pathname, url.hash]).toEqual(['/', '#pricing']);
    expect(await shown(section)).toEqual(expected('NGN', 'year', 2));
    expect(await section.getByRole('heading', { level: 3 }).allTextContents()).toEqual([
      'Flex',
      'Growth',
      'Enterprise',
    ]);
    expect(await section.isVisible()).toBe(true);
    // axe reads a copy served by a route on the page's address (support/axe.ts), which a
    // #fragment keeps from matching, so the page is checked at its address without one.
    await page.goto(page.url().split('#', 1)[0]!);
    expect(await axeViolations(page)).toEqual([]);
    expect(problems).toEqual({ console: [], failed: [] });
    await context.close();
  });

  it('opens a shared link with marketing parameters on its prices', async () => {
    const { page, context } = await open();
    await page.goto(`${site.url}/pricing?utm_source=news&currency=ghs&period=year&bracket=${brackets[6]!.id}`);
    expect(await shown(page.locator('#pricing'))).toEqual(expected('GHS', 'year', 6));
    await context.close();
  });
});

describe.each(viewports)('a chosen view with JavaScript at $name', (viewport) => {
  it('hydrates on the prices the server sent, with no error and no flash of the defaults', async () => {
    const { page, context, problems } = await site.openPage(viewport);
    // Every text the Flex price shows, from the first parse to the end.
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { flexSeen: string[] }).flexSeen = seen;
      const note = () => {
        const text = document.querySelector('#pricing [data-plan="flex"] [data-testid="price"]')?.textContent;
        if (text && seen.at(-1) !== text) seen.push(text);
      };
      new MutationObserver(note).observe(document, { subtree: true, childList: true, characterData: true });
    });
    // In CFA francs, which the browser's Intl writes as the server's did (D38).
    await gotoSettled(page, `${site.url}/pricing?currency=XOF&bracket=${brackets[2]!.id}`);
    const section = page.locator('#pricing');
    // Focus in the form hydrates the island however its directive waits; the button then turns
    // invisible, keeping its place, since each choice applies at once.
    await section.getByLabel('Contacts').focus();
    const button = section.getByRole('button', { name: 'Show prices' });
    await expect.poll(() => button.isVisible()).toBe(false);
    expect(await shown(section)).toEqual(expected('XOF', 'month', 2));
    expect(await page.evaluate(() => (window as unknown as { flexSeen: string[] }).flexSeen)).toEqual([
      expected('XOF', 'month', 2).flex,
    ]);
    await section.getByRole('radio', { name: radioName('XAF') }).check();
    await expect.poll(() => shown(section)).toEqual(expected('XAF', 'month', 2));
    expect(new URL(page.url()).searchParams.get('currency')).toBe('XAF');
    await section.getByRole('radio', { name: '₵ GHS' }).check();
    await expect.poll(() => shown(section)).toEqual(expected('GHS', 'month', 2));
    expect(problems).toEqual({ console: [], failed: [] });
    await context.close();
  });
});
