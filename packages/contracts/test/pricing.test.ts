import { describe, expect, it } from 'vitest';
import catalogueData from '../../../apps/site/src/content/catalogue.json' with { type: 'json' };
import { parseCatalogue, type CatalogueModule, type RateTable } from '../src/catalogue.ts';
import { currencyCodes } from '../src/catalogue-codes.ts';
import {
  bracketLabel,
  contactBrackets,
  currencies,
  francsFirst,
  defaultCurrencyFor,
  flexPricePer1000,
  formatMoney,
  growthTotal,
  modulePrice,
  moduleTierFor,
  priceLabel,
  pricingChoice,
  rateTierFor,
  roundAmount,
} from '../src/pricing.ts';
import { roundMoney } from '../src/rules.ts';

const catalogue = parseCatalogue(catalogueData);
const rates: RateTable = catalogue.rates;

/** A module written out here, so the tests do not depend on the sample prices in the data file. */
const module = (code: string, entries: Array<[number, number | null, number, number, number]>): CatalogueModule => ({
  code,
  name: code,
  features: [],
  pricing: entries.map(([min, max, usd, month, year], index) => ({
    _id: `${code}-${index}`,
    contact_bracket: { min, max },
    prices: [
      { currency: 'USD', amount: usd },
      { currency: 'NGN', amount: usd * 1200 },
      { currency: 'KES', amount: usd * 96 },
      { currency: 'GHS', amount: usd * 12 },
      { currency: 'XOF', amount: usd * 600 },
      { currency: 'XAF', amount: usd * 600 },
    ],
    discounts: { month: { value: month }, year: { value: year } },
  })),
});

describe('Flex price per 1,000 credits (D11, spec "Business constants")', () => {
  it('is rate × 1,000 to two decimals: $0.83, ₦1,000.00, Ksh80.00 and ₵9.80 in the first tier', () => {
    expect(formatMoney(flexPricePer1000(rates, 0, 'USD')!, 'USD')).toBe('$0.83');
    expect(formatMoney(flexPricePer1000(rates, 0, 'NGN')!, 'NGN')).toBe('₦1,000.00');
    expect(formatMoney(flexPricePer1000(rates, 0, 'KES')!, 'KES')).toBe('Ksh80.00');
    expect(formatMoney(flexPricePer1000(rates, 0, 'GHS')!, 'GHS')).toBe('₵9.80');
  });

  it('takes the tier holding the bracket minimum, at both edges of a tier', () => {
    expect(flexPricePer1000(rates, 499_999, 'NGN')).toBe(1000);
    expect(flexPricePer1000(rates, 500_000, 'NGN')).toBe(875);
    expect(flexPricePer1000(rates, 500_000, 'USD')).toBe(0.72); // 0.723 rounds down
    expect(flexPricePer1000(rates, 1_000_000, 'KES')).toBe(64);
    expect(flexPricePer1000(rates, 5_000_000, 'GHS')).toBe(6.3);
    expect(flexPricePer1000(rates, 9_999_999, 'USD')).toBe(0.54);
  });

  it('is in whole CFA francs, the rate × 1,000 rounded to the franc (D38)', () => {
    expect(flexPricePer1000(rates, 0, 'XOF')).toBe(500);
    expect(flexPricePer1000(rates, 500_000, 'XAF')).toBe(435); // 0.435 × 1000 is 434.99999999999994
    const odd: RateTable = {
      tiers: [{ ...rates.tiers[0]!, max: null, rates: { ...rates.tiers[0]!.rates, XOF: 0.4325 } }],
    };
    expect(flexPricePer1000(odd, 0, 'XOF')).toBe(433);
    expect(formatMoney(flexPricePer1000(rates, 0, 'XOF')!, 'XOF', 'fr')).toBe('500\u00a0FCFA');
  });

  it('keeps the ninth tier exactly as given and flags its suspect values', () => {
    const ninth = rateTierFor(rates, 10_000_000)!;
    expect(ninth.rates).toEqual({ NGN: 0.6, USD: 0.00083, KES: 0.48, GHS: 0.0059, XOF: 0.3, XAF: 0.3 });
    expect(Object.keys(ninth.suspect ?? {}).sort()).toEqual(['KES', 'USD']);
    expect(flexPricePer1000(rates, 1e15, 'KES')).toBe(480);
  });

  it('holds the nine volume tiers of spec "Business constants" in every currency', () => {
    expect(rates.tiers.map((tier) => tier.rates.NGN)).toEqual([1, 0.875, 0.8, 0.78, 0.75, 0.72, 0.7, 0.65, 0.6]);
    expect(rates.tiers.map((tier) => tier.rates.KES)).toEqual([
      0.08, 0.07, 0.064, 0.062, 0.06, 0.057, 0.056, 0.052, 0.48,
    ]);
    expect(rates.tiers.map((tier) => tier.rates.GHS)).toEqual([
      0.0098, 0.0085, 0.0078, 0.0076, 0.0073, 0.007, 0.0068, 0.0063, 0.0059,
    ]);
    expect(rates.tiers.map((tier) => tier.rates.USD)).toEqual([
      0.00083, 0.000723, 0.00067, 0.00065, 0.00063, 0.0006, 0.00058, 0.00054, 0.00083,
    ]);
    expect(rates.tiers.map((tier) => [tier.min, tier.max])).toEqual([
      [0, 499_999],
      [500_000, 999_999],
      [1_000_000, 1_499_999],
      [1_500_000, 1_999_999],
      [2_000_000, 2_999_999],
      [3_000_000, 3_999_999],
      [4_000_000, 4_999_999],
      [5_000_000, 9_999_999],
      [10_000_000, null],
    ]);
  });

  it('has no price for a bracket outside the tiers: negative, not a number or infinite', () => {
    expect(flexPricePer1000(rates, -1, 'USD')).toBeUndefined();
    expect(flexPricePer1000(rates, Number.NaN, 'USD')).toBeUndefined();
    expect(flexPricePer1000(rates, Number.POSITIVE_INFINITY, 'USD')).toBeUndefined();
    const bounded: RateTable = { tiers: rates.tiers.slice(0, 1).map((tier) => ({ ...tier, max: 499_999 })) };
    expect(flexPricePer1000(bounded, 500_000, 'USD')).toBeUndefined();
  });
});

describe('contact brackets (D10)', () => {
  it('offers the first eight of the campaign pricing list, labelled min - max with separators', () => {
    const brackets = contactBrackets(catalogue);
    expect(brackets).toHaveLength(8);
    expect(brackets[0]!.label).toBe('0 - 499,999');
    expect(brackets[7]!.label).toBe('5,000,000 - 9,999,999');
    expect(catalogue.modules[0]!.pricing).toHaveLength(9);
  });

  it('labels an open-ended bracket with a plus', () => {
    expect(bracketLabel({ min: 10_000_000, max: null })).toBe('10,000,000+');
  });

  it('writes a bracket with French separators on a French page (D37)', () => {
    expect(bracketLabel({ min: 0, max: 499_999 }, 'fr')).toBe('0\u2013499\u202f999');
    expect(bracketLabel({ min: 10_000_000, max: null }, 'fr')).toBe('10\u202f000\u202f000 et plus');
    expect(contactBrackets(catalogue, 'fr')[0]!.label).toMatch(/^0\u2013\d{3}\u202f999$/);
  });

  it('throws when the catalogue has no campaign module', () => {
    expect(() => contactBrackets({ modules: [] })).toThrow(/campaign/);
  });
});

describe('Growth module prices (D12, spec "Business constants")', () => {
  const automation = module('automation', [
    [0, 999, 20, 10, 25],
    [1000, 4999, 50, 0, 20],
    [5000, null, 100, 0, 0],
  ]);

  it('uses the tier with the smallest max that covers the bracket max', () => {
    expect(moduleTierFor(automation, 500)?._id).toBe('automation-0');
    expect(moduleTierFor(automation, 999)?._id).toBe('automation-0');
    expect(moduleTierFor(automation, 1000)?._id).toBe('automation-1');
    expect(moduleTierFor(automation, 1e9)?._id).toBe('automation-2');
    expect(moduleTierFor(automation, null)?._id).toBe('automation-2');
  });

  it('has no tier for a bracket beyond every bounded tier', () => {
    const bounded = module('bounded', [[0, 999, 20, 0, 0]]);
    expect(moduleTierFor(bounded, 1000)).toBeUndefined();
    expect(moduleTierFor(bounded, null)).toBeUndefined();
    expect(modulePrice(bounded, { max: 5000 }, 'USD', 'month')).toBeUndefined();
  });

  it('charges amount × (1 − month discount) monthly, with the undiscounted amount to strike through', () => {
    expect(modulePrice(automation, { max: 999 }, 'USD', 'month')).toEqual({
      amount: 18,
      original: 20,
      discounted: true,
    });
    expect(modulePrice(automation, { max: 999 }, 'NGN', 'month')).toEqual({
      amount: 21_600,
      original: 24_000,
      discounted: true,
    });
  });

  it('charges 12 × amount × (1 − year discount) yearly', () => {
    expect(modulePrice(automation, { max: 999 }, 'USD', 'year')).toEqual({
      amount: 180,
      original: 240,
      discounted: true,
    });
    expect(modulePrice(automation, { max: 4999 }, 'KES', 'year')).toEqual({
      amount: 46_080,
      original: 57_600,
      discounted: true,
    });
  });

  it('shows no struck-through price when there is no discount', () => {
    expect(modulePrice(automation, { max: 4999 }, 'USD', 'month')).toEqual({
      amount: 50,
      original: 50,
      discounted: false,
    });
  });

  it("reads 'Free' at zero and the formatted price otherwise", () => {
    expect(priceLabel(0, 'USD')).toBe('Free');
    expect(priceLabel(0.001, 'NGN')).toBe('Free');
    expect(priceLabel(19, 'USD')).toBe('$19.00');
    const free = module('analytics', [[0, null, 0, 0, 20]]);
    expect(modulePrice(free, { max: 10 }, 'GHS', 'year')).toEqual({ amount: 0, original: 0, discounted: false });
  });

  it('totals Campaigns plus the selected modules, counting Campaigns even when not selected', () => {
    const campaign = module('campaign', [[0, null, 19, 0, 20]]);
    const analytics = module('analytics', [[0, null, 0, 0, 20]]);
    const modules = [campaign, automation, analytics];
    expect(growthTotal(modules, new Set(), { max: 999 }, 'USD', 'month')).toEqual({
      amount: 19,
      original: 19,
      discounted: false,
    });
    expect(growthTotal(modules, new Set(['automation']), { max: 999 }, 'USD', 'month')).toEqual({
      amount: 37,
      original: 39,
      discounted: true,
    });
    expect(growthTotal(modules, new Set(['automation', 'analytics']), { max: 999 }, 'USD', 'year')).toEqual({
      amount: 182.4 + 180,
      original: 228 + 240,
      discounted: true,
    });
  });

  it('charges whole CFA francs whatever the discount (D38)', () => {
    const odd = module('odd', [[0, null, 19.99, 10, 15]]);
    expect(modulePrice(odd, { max: 10 }, 'XOF', 'month')).toEqual({
      amount: 10_795,
      original: 11_994,
      discounted: true,
    });
    expect(modulePrice(odd, { max: 10 }, 'XAF', 'year')).toEqual({
      amount: 122_339,
      original: 143_928,
      discounted: true,
    });
  });

  it('prices every offered bracket of the shipped catalogue in every currency and period', () => {
    for (const bracket of contactBrackets(catalogue)) {
      for (const currency of currencyCodes) {
        for (const period of ['month', 'year'] as const) {
          for (const catalogueModule of catalogue.modules) {
            expect(modulePrice(catalogueModule, bracket, currency, period)).toBeDefined();
          }
          expect(flexPricePer1000(rates, bracket.min, currency)).toBeGreaterThan(0);
        }
      }
    }
  });
});

describe('money', () => {
  it('formats with the spec symbols, thousands separators and two decimals', () => {
    expect(formatMoney(1234567.891, 'NGN')).toBe('₦1,234,567.89');
    expect(formatMoney(0.5, 'USD')).toBe('$0.50');
    expect(formatMoney(80, 'KES')).toBe('Ksh80.00');
    expect(formatMoney(9.8, 'GHS')).toBe('₵9.80');
    expect(formatMoney(0, 'USD')).toBe('$0.00');
    expect(formatMoney(-12.5, 'USD')).toBe('-$12.50');
  });

  it('formats huge amounts exactly', () => {
    expect(formatMoney(999_999_999_999.99, 'USD')).toBe('$999,999,999,999.99');
  });

  it('writes CFA francs without decimals, as Intl does for the language (D38)', () => {
    // French groups with a narrow no-break space, and puts a no-break space before the symbol.
    expect(formatMoney(12_500, 'XOF', 'fr')).toBe('12\u202f500\u00a0FCFA');
    expect(formatMoney(12_500, 'XAF', 'fr')).toBe('12\u202f500\u00a0FCFA');
    expect(formatMoney(12_500, 'XOF', 'en')).toBe('FCFA\u00a012,500');
    expect(formatMoney(12_500, 'XAF')).toBe('FCFA\u00a012,500');
    expect(formatMoney(1_234_567.5, 'XOF', 'fr')).toBe('1\u202f234\u202f568\u00a0FCFA');
    expect(formatMoney(0.4, 'XAF', 'en')).toBe('FCFA\u00a00');
    expect(formatMoney(-12_500.5, 'XOF', 'fr')).toBe('-12\u202f501\u00a0FCFA');
    for (const language of ['en', 'fr'] as const)
      for (const currency of ['XOF', 'XAF'] as const)
        expect(formatMoney(300_500, currency, language)).not.toMatch(/[.,]\d{2}(?!\d)/);
  });

  it('writes the other currencies in French as Intl does, with the spec symbols', () => {
    expect(formatMoney(1000, 'NGN', 'fr')).toBe('1\u202f000,00\u00a0₦');
    expect(formatMoney(0.83, 'USD', 'fr')).toBe('0,83\u00a0$');
    expect(formatMoney(80, 'KES', 'fr')).toBe('80,00\u00a0Ksh');
    expect(formatMoney(9.8, 'GHS', 'fr')).toBe('9,80\u00a0₵');
  });

  it('labels both CFA francs FCFA, in both languages, where Intl writes F CFA for one (D43)', () => {
    expect(currencies.filter((option) => option.value.startsWith('X')).map((option) => option.symbol)).toEqual([
      'FCFA',
      'FCFA',
    ]);
    for (const language of ['en', 'fr'] as const)
      for (const currency of ['XOF', 'XAF'] as const)
        expect(formatMoney(500, currency, language)).toMatch(/(^|\s)FCFA/);
  });

  it("reads 'Gratuit' at zero in French", () => {
    expect(priceLabel(0, 'XOF', 'fr')).toBe('Gratuit');
    expect(priceLabel(0.4, 'XAF', 'fr')).toBe('Gratuit');
    expect(priceLabel(0, 'XOF')).toBe('Free');
    expect(priceLabel(11_500, 'XOF', 'fr')).toBe('11\u202f500\u00a0FCFA');
  });

  it('rounds to the minor unit: the cent, or the whole CFA franc', () => {
    expect(roundAmount(10.505, 'USD')).toBe(10.51);
    expect(roundAmount(10.5, 'XOF')).toBe(11);
    expect(roundAmount(-10.5, 'XAF')).toBe(-11);
    expect(roundAmount(-0.4, 'XOF')).toBe(0);
    expect(Object.is(roundAmount(-0.4, 'XOF'), 0)).toBe(true);
  });

  it('rounds half away from zero without binary error', () => {
    expect(roundMoney(0.00083 * 1000)).toBe(0.83);
    expect(roundMoney(1.005)).toBe(1.01);
    expect(roundMoney(-1.005)).toBe(-1.01);
    expect(roundMoney(-0.001)).toBe(0);
  });

  it('refuses what is not a finite number or not a currency', () => {
    expect(() => formatMoney(Number.NaN, 'USD')).toThrow(RangeError);
    expect(() => formatMoney(Number.POSITIVE_INFINITY, 'USD')).toThrow(RangeError);
    expect(() => formatMoney(1, 'EUR' as never)).toThrow(RangeError);
  });
});

describe('the pricing choice in a query (D30)', () => {
  const ids = ['campaign-up-to-500k', 'campaign-up-to-1m'];

  it('reads currency in any case, period and bracket, and ignores other parameters', () => {
    expect(pricingChoice('?utm_source=x&currency=ngn&period=year&bracket=campaign-up-to-1m', ids)).toEqual({
      currency: 'NGN',
      period: 'year',
      bracketId: 'campaign-up-to-1m',
    });
  });

  it('falls back to the CFA franc of the WAEMU on a French page (D38), and offers six currencies', () => {
    expect(defaultCurrencyFor('en')).toBe('USD');
    expect(defaultCurrencyFor('fr')).toBe('XOF');
    expect(pricingChoice('', ids, 'fr')).toEqual({ currency: 'XOF', period: 'month', bracketId: ids[0] });
    expect(pricingChoice('?currency=EUR', ids, 'fr').currency).toBe('XOF');
    expect(pricingChoice('?currency=usd', ids, 'fr').currency).toBe('USD');
    expect(pricingChoice('?currency=xaf', ids).currency).toBe('XAF');
    expect(currencies.map((option) => option.value)).toEqual(['NGN', 'USD', 'KES', 'GHS', 'XOF', 'XAF']);
    // A French page offers the CFA francs first, its default among them (issue 56).
    expect(francsFirst().map((option) => option.value)).toEqual(['XOF', 'XAF', 'NGN', 'USD', 'KES', 'GHS']);
    expect(francsFirst()[0]!.value).toBe(defaultCurrencyFor('fr'));
  });

  it('falls back to US dollars, monthly and the first bracket for each value it does not know', () => {
    const standard = { currency: 'USD', period: 'month', bracketId: 'campaign-up-to-500k' };
    for (const search of ['', '?currency=EUR&period=week&bracket=x', '?currency=%ZZ&period=%00', '?currency&bracket='])
      expect(pricingChoice(search, ids), search).toEqual(standard);
    expect(pricingChoice('?currency=KES&bracket=nope', ids)).toEqual({ ...standard, currency: 'KES' });
  });

  it('throws without a bracket to offer', () => {
    expect(() => pricingChoice('', [])).toThrow(/at least one contact bracket/);
  });
});
