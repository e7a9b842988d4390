import catalogueData from '@growmail/site/content/catalogue.json' with { type: 'json' };
import { parseCatalogue } from '@growmail/contracts/catalogue';
import {
  contactBrackets,
  flexPricePer1000,
  formatMoney,
  growthTotal,
  modulePrice,
  priceLabel,
  type BillingPeriod,
  type CurrencyCode,
} from '@growmail/contracts/pricing';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations } from '@growmail/test-support/axe';
import { gotoSettled } from '@growmail/test-support/settle';
import { testAppUrl, useSite, viewports } from '@growmail/test-support/site';

const catalogue = parseCatalogue(catalogueData);
const brackets = contactBrackets(catalogue);

const site = useSite();

type Shown = { flex: string; growth: string; original: string; modules: string[]; enterprise: string };

/** Every price the section shows right now. */
async function shownPrices(page: Page): Promise<Shown> {
  const card = (plan: string) => page.locator(`#pricing [data-plan="${plan}"]`);
  const growth = card('growth');
  return {
    flex: (await card('flex').getByTestId('price').textContent()) ?? '',
    growth: (await growth.getByTestId('growth-total').getByTestId('price').textContent()) ?? '',
    original: (await growth.getByTestId('growth-total').getByTestId('original-price').count())
      ? ((await growth.getByTestId('growth-total').getByTestId('original-price').textContent()) ?? '').replace(
          'Regular price ',
          '',
        )
      : '',
    modules: await growth.getByTestId('module-price').allTextContents(),
    enterprise: (await card('enterprise').getByTestId('price').textContent()) ?? '',
  };
}

/** What the rules say the section should show for a selection. */
function expectedPrices(
  currency: CurrencyCode,
  period: BillingPeriod,
  bracketIndex: number,
  selected: string[] = [],
): Shown {
  const bracket = brackets[bracketIndex]!;
  const total = growthTotal(catalogue.modules, new Set(selected), bracket, currency, period);
  return {
    flex: formatMoney(flexPricePer1000(catalogue.rates, bracket.min, currency)!, currency),
    growth: priceLabel(total.amount, currency),
    original: total.discounted ? formatMoney(total.original, currency) : '',
    modules: catalogue.modules.map((module) => {
      const price = modulePrice(module, bracket, currency, period)!;
      return `${priceLabel(price.amount, currency)}${price.amount > 0 ? (period === 'year' ? '/yr' : '/mo') : ''}`;
    }),
    enterprise: 'Custom',
  };
}

const query = (page: Page) => new URL(page.url()).searchParams;

describe.each(viewports)('the pricing section at $name size', (viewport) => {
  it('updates every price when currency, period or bracket change, and keeps them in the URL', async () => {
    const { page, context, problems } = await site.openPage(viewport);
    await gotoSettled(page, `${site.url}/pricing`);
    const pricing = page.locator('#pricing');

    expect(await shownPrices(page)).toEqual(expectedPrices('USD', 'month', 0));
    expect((await shownPrices(page)).flex).toBe('$0.83');
    expect(await pricing.getByRole('radio', { name: '$ USD' }).isChecked()).toBe(true);
    expect(await pricing.getByRole('radio', { name: 'Monthly' }).isChecked()).toBe(true);
    expect(await pricing.getByLabel('Contacts').inputValue()).toBe(brackets[0]!.id);
    expect(await pricing.getByLabel('Contacts').locator('option').allTextContents()).toEqual(
      brackets.map((bracket) => bracket.label),
    );

    // The spec's first-tier Flex prices, in each currency.
    for (const [name, code, flex] of [
      ['₦ NGN', 'NGN', '₦1,000.00'],
      ['Ksh KES', 'KES', 'Ksh80.00'],
      ['FCFA XOF', 'XOF', 'FCFA\u00a0500'],
      ['FCFA XAF', 'XAF', 'FCFA\u00a0500'],
      ['₵ GHS', 'GHS', '₵9.80'],
    ] as const) {
      await pricing.getByRole('radio', { name }).check();
      await expect.poll(() => shownPrices(page)).toEqual(expectedPrices(code, 'month', 0));
      expect((await shownPrices(page)).flex).toBe(flex);
      expect(query(page).get('currency')).toBe(code);
    }

    await pricing.getByRole('radio', { name: 'Annually' }).check();
    await expect.poll(() => shownPrices(page)).toEqual(expectedPrices('GHS', 'year', 0));
    expect((await shownPrices(page)).original).not.toBe('');
    expect(query(page).get('period')).toBe('year');

    await pricing.getByLabel('Contacts').selectOption(brackets[4]!.id);
    await expect.poll(() => shownPrices(page)).toEqual(expectedPrices('GHS', 'year', 4));
    expect((await shownPrices(page)).flex).toBe('₵7.30');
    expect(query(page).get('bracket')).toBe(brackets[4]!.id);

    await pricing.getByRole('radio', { name: '$ USD' }).check();
    await pricing.getByRole('radio', { name: 'Monthly' }).check();
    await pricing.getByLabel('Contacts').selectOption(brackets[7]!.id);
    await expect.poll(() => shownPrices(page)).toEqual(expectedPrices('USD', 'month', 7));
    expect((await shownPrices(page)).flex).toBe('$0.54');

    expect(await axeViolations(page)).toEqual([]);
    expect(problems).toEqual({ console: [], failed: [] });
    await context.close();
  });

  it('changes the Growth total with the modules, and Campaigns cannot be turned off', async () => {
    const { page, context } = await site.openPage(viewport);
    await gotoSettled(page, `${site.url}/pricing?currency=NGN`);
    const growth = page.locator('#pricing [data-plan="growth"]');
    await expect.poll(() => shownPrices(page)).toEqual(expectedPrices('NGN', 'month', 0));

    const campaigns = growth.getByRole('checkbox', { name: /Campaigns/ });
    expect(await campaigns.isChecked()).toBe(true);
    expect(await campaigns.isDisabled()).toBe(true);
    await campaigns.click({ force: true });
    expect(await campaigns.isChecked()).toBe(true);

    await growth.getByRole('checkbox', { name: /Marketing Automation/ }).check();
    await expect.poll(() => shownPrices(page)).toEqual(expectedPrices('NGN', 'month', 0, ['automation']));
    // Automation carries a monthly discount, so the total shows its undiscounted figure struck through.
    expect((await shownPrices(page)).original).not.toBe('');

    await growth.getByRole('checkbox', { name: /Transactional Email/ }).check();
    await growth.getByRole('checkbox', { name: /App Analytics/ }).check();
    const all = ['automation', 'transactional', 'analytics'];
    await expect.poll(() => shownPrices(page)).toEqual(expectedPrices('NGN', 'month', 0, all));
    // ₦23,000 + ₦35,000 × 0.9 + ₦23,000 + Free
    expect((await shownPrices(page)).growth).toBe('₦77,500.00');

    await growth.getByRole('checkbox', { name: /Marketing Automation/ }).uncheck();
    await expect
      .poll(() => shownPrices(page))
      .toEqual(expectedPrices('NGN', 'month', 0, ['transactional', 'analytics']));
    expect(await growth.getByText('Free', { exact: true }).count()).toBeGreaterThan(0);

    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });

  it('opens a shared link on its view, without moving the layout', async () => {
    const { page, context } = await site.openPage(viewport);
    await page.addInitScript(() => {
      (window as unknown as { cls: number }).cls = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number }>) {
          (window as unknown as { cls: number }).cls += entry.value;
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await gotoSettled(page, `${site.url}/pricing?currency=KES&period=year&bracket=${brackets[1]!.id}`);
    const pricing = page.locator('#pricing');
    await expect.poll(() => shownPrices(page)).toEqual(expectedPrices('KES', 'year', 1));
    expect(await pricing.getByRole('radio', { name: 'Ksh KES' }).isChecked()).toBe(true);
    expect(await pricing.getByRole('radio', { name: 'Annually' }).isChecked()).toBe(true);
    expect(await pricing.getByLabel('Contacts').inputValue()).toBe(brackets[1]!.id);
    expect(await page.evaluate(() => (window as unknown as { cls: number }).cls)).toBeLessThan(0.01);
    await context.close();
  });

  it('keeps working from the built prices when the modules call fails, with nothing shown as an error', async () => {
    const { page, context, problems } = await site.openPage(viewport);
    await context.route('**/services/modules/modules', (route) =>
      route.fulfill({ status: 503, contentType: 'application/json', body: '{"error":"down","payload":null}' }),
    );
    await gotoSettled(page, `${site.url}/pricing`);
    expect(await shownPrices(page)).toEqual(expectedPrices('USD', 'month', 0));
    await page.locator('#pricing').getByRole('radio', { name: '₦ NGN' }).check();
    await expect.poll(() => shownPrices(page)).toEqual(expectedPrices('NGN', 'month', 0));
    expect(problems.console).toEqual([]);
    expect(problems.failed).toEqual([`503 ${site.url}/services/modules/modules`]);
    await context.close();
  });

  it('shows the prices the modules service answers, refreshed once the visitor uses the section', async () => {
    const { page, context } = await site.openPage(viewport);
    let served = 0;
    await context.route('**/services/modules/modules', async (route) => {
      const response = await route.fetch();
      const body = await response.json();
      const campaign = body.payload.data.find((module: { code: string }) => module.code === 'campaign');
      campaign.pricing[0].prices.find((price: { currency: string }) => price.currency === 'USD').amount = 25;
      body.payload.rates.tiers[0].rates.USD = 0.0009;
      served += 1;
      await route.fulfill({ response, json: body });
    });
    await gotoSettled(page, `${site.url}/pricing`);
    // The section loads no script until used (D30): the built prices until then.
    expect(served).toBe(0);
    await page.locator('#pricing').getByRole('radio', { name: '$ USD' }).focus();
    await expect.poll(() => shownPrices(page).then((shown) => [shown.flex, shown.growth])).toEqual(['$0.90', '$25.00']);
    expect(served).toBe(1);
    await context.close();
  });

  it('appears on home at #pricing, where the selectors work too', async () => {
    const { page, context } = await site.openPage(viewport);
    await gotoSettled(page, `${site.url}/#pricing`);
    const pricing = page.locator('section#pricing');
    expect(await pricing.getByRole('heading', { level: 2, name: 'Pricing' }).isVisible()).toBe(true);
    await pricing.getByRole('radio', { name: 'Annually' }).check();
    await expect.poll(() => shownPrices(page)).toEqual(expectedPrices('USD', 'year', 0));
    expect(new URL(page.url()).hash).toBe('#pricing');
    expect(await pricing.getByRole('heading', { level: 3 }).allTextContents()).toEqual([
      'Flex',
      'Growth',
      'Enterprise',
    ]);
    await context.close();
  });

  it("sends 'Get Started free' to the app's register page and Enterprise to /demo", async () => {
    const { page, context } = await site.openPage(viewport);
    await gotoSettled(page, `${site.url}/pricing?utm_source=newsletter`);
    const pricing = page.locator('#pricing');
    const growthLink = pricing.locator('[data-plan="growth"]').getByRole('link', { name: 'Get Started free' });
    await expect
      .poll(() => growthLink.getAttribute('href'))
      .toBe(`${testAppUrl}/register?utm_source=newsletter&location=pricing-growth`);
    expect(
      await pricing.locator('[data-plan="flex"]').getByRole('link', { name: 'Get Started free' }).getAttribute('href'),
    ).toBe(`${testAppUrl}/register?utm_source=newsletter&location=pricing-flex`);
    const contactSales = await pricing.getByRole('link', { name: 'Contact sales' }).getAttribute('href');
    expect(new URL(contactSales!).pathname).toBe('/demo');
    await context.close();
  });

  it('compares the plans in a table on /pricing', async () => {
    const { page, context } = await site.openPage(viewport);
    await gotoSettled(page, `${site.url}/pricing`);
    const table = page.getByRole('table', { name: /Flex, Growth and Enterprise/ });
    expect(await table.getByRole('columnheader').allTextContents()).toEqual([
      'Feature',
      'Flex',
      'Growth',
      'Enterprise',
    ]);
    expect(await table.getByRole('row', { name: /Seats/ }).getByRole('cell').allTextContents()).toEqual([
      '3',
      '5',
      'Unlimited',
    ]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await context.close();
  });
});

describe('the currency choice on /fr/pricing (issue 56)', () => {
  const order = (page: Page) =>
    page
      .locator('#pricing input[name="currency"]')
      .evaluateAll((radios) => radios.map((radio) => (radio as HTMLInputElement).value));
  const french = ['XOF', 'XAF', 'NGN', 'USD', 'KES', 'GHS'];

  it.each([true, false])(
    'lists the CFA francs first, with JavaScript %s, and keeps them first once another is chosen',
    async (javaScript) => {
      const { page, context } = await site.openPage(viewports[0], { javaScript });
      if (javaScript) await gotoSettled(page, `${site.url}/fr/pricing`);
      else await page.goto(`${site.url}/fr/pricing`);
      expect(await order(page)).toEqual(french);
      expect(await page.locator('#pricing input[name="currency"]:checked').inputValue()).toBe('XOF');
      await page.locator('#pricing label', { hasText: '$ USD' }).click();
      if (!javaScript) await page.getByRole('button', { name: 'Afficher les tarifs' }).click();
      await expect.poll(() => query(page).get('currency')).toBe('USD');
      expect(await order(page)).toEqual(french);
      await context.close();
    },
  );
});
