import * as z from 'zod/mini';
import type { Catalogue } from '../catalogue.ts';
import { currencyCodes, type CurrencyCode } from '../catalogue-codes.ts';
import { francsPerDollar } from '../dollar-rate.ts';

/**
 * The pricing catalogue as an admin edits it from the console (D45, issue 55): what a price is
 * and says, and nothing of its structure. Each module's name and the features it adds, and for
 * each of its contact brackets the monthly price in every currency and the discounts. Which
 * modules and brackets there are, their codes and contact ranges, and the Flex volume rates stay
 * with developers: a bracket is a pricing choice the build prerenders pages for (D13). The
 * catalogue itself (apps/site/src/content/catalogue.json) keeps its shape, the API's; the
 * publisher writes an admin's prices into it (`withPrices`) and the build checks it whole.
 */

/** Dollars first: the price a decision starts from (D38), then the others as the selector offers them. */
const editedCurrencies: readonly CurrencyCode[] = ['USD', ...currencyCodes.filter((code) => code !== 'USD')];

const amount = z.int().check(z.nonnegative('must not be below 0'), z.lte(1e12, 'is too large'));
const percentage = z.int().check(z.gte(0, 'must be 0 or more'), z.lte(100, 'must be 100 or less'));

/** A CFA franc price is the dollar price at the one rate (dollar-rate.ts), rounded up to 500, as `catalogue.test.ts` holds the data to. */
export const francsFor = (dollars: number) => Math.ceil((dollars * francsPerDollar) / 500) * 500;

const monthlyPrice = z
  .strictObject(
    Object.fromEntries(editedCurrencies.map((code) => [code, amount])) as Record<CurrencyCode, typeof amount>,
  )
  .check(
    z.superRefine((prices, context) => {
      const francs = francsFor(prices.USD);
      for (const code of ['XOF', 'XAF'] as const)
        if (prices[code] !== francs)
          context.addIssue({
            code: 'custom',
            path: [code],
            input: prices[code],
            message: `must be ${francs}: the dollar price at ${francsPerDollar.toFixed(1)} francs, rounded up to 500`,
          });
    }),
  );

const bracketPrices = z.strictObject({
  /** The bracket's name in the catalogue (`campaign-up-to-500k`): which contacts the prices are for. */
  bracket: z.string().check(z.trim(), z.minLength(1, 'must not be empty')),
  monthlyPrice,
  /** Off the monthly price when paid month by month, in per cent. */
  monthlyDiscount: percentage,
  /** Off the monthly price when paid for a year, in per cent. */
  yearlyDiscount: percentage,
});

export const pricesSchema = z.array(
  z.strictObject({
    /** The module's code in the catalogue (`campaign`): which module this is. */
    module: z.string().check(z.trim(), z.minLength(1, 'must not be empty')),
    name: z
      .string()
      .check(z.trim(), z.minLength(1, 'must not be empty'), z.maxLength(60, 'keep a name under 60 characters')),
    /** What the module adds to the Growth plan, a line each. */
    features: z.array(
      z
        .string()
        .check(z.trim(), z.minLength(1, 'must not be empty'), z.maxLength(80, 'keep a feature under 80 characters')),
    ),
    pricing: z.array(bracketPrices).check(z.minLength(1, 'list at least 1 bracket')),
  }),
);
export type Prices = z.output<typeof pricesSchema>;

/** The catalogue's prices as the form shows them. */
export function pricesOf(catalogue: Catalogue): Prices {
  return catalogue.modules.map((module) => ({
    module: module.code,
    name: module.name,
    features: module.features,
    pricing: module.pricing.map((entry) => ({
      bracket: entry._id,
      monthlyPrice: Object.fromEntries(
        editedCurrencies.map((code) => [code, entry.prices.find((price) => price.currency === code)?.amount ?? 0]),
      ) as Record<CurrencyCode, number>,
      monthlyDiscount: entry.discounts.month.value,
      yearlyDiscount: entry.discounts.year.value,
    })),
  }));
}

/** A problem of an admin's prices against the catalogue, by its field in the form (`all.0.pricing.1.bracket`). */
export type PricesProblem = { field: string; message: string };

/**
 * The catalogue with an admin's prices in it, in its own order and shape; or the problems, where
 * the prices name a module or bracket the catalogue has not, or leave one out (a developer's change).
 */
export function withPrices(
  catalogue: Catalogue,
  prices: Prices,
): { catalogue: Catalogue } | { problems: PricesProblem[] } {
  const problems: PricesProblem[] = [];
  const codes = catalogue.modules.map((module) => module.code);
  prices.forEach((module, index) => {
    if (!codes.includes(module.module) || prices.findIndex((other) => other.module === module.module) !== index)
      problems.push({
        field: `all.${index}.module`,
        message: `must be one of ${codes.join(', ')}, once each: a new module is a developer's change`,
      });
  });
  const missing = codes.filter((code) => !prices.some((module) => module.module === code));
  if (missing.length > 0)
    problems.push({
      field: 'all',
      message: `lists no prices for ${missing.join(', ')}: every module needs its prices`,
    });

  const modules = catalogue.modules.map((module) => {
    const index = prices.findIndex((edited) => edited.module === module.code);
    const edited = prices[index];
    if (!edited) return module;
    const ids = module.pricing.map((entry) => entry._id);
    edited.pricing.forEach((entry, place) => {
      if (
        !ids.includes(entry.bracket) ||
        edited.pricing.findIndex((other) => other.bracket === entry.bracket) !== place
      )
        problems.push({
          field: `all.${index}.pricing.${place}.bracket`,
          message: `must be one of ${ids.join(', ')}, once each: a new bracket is a developer's change`,
        });
    });
    if (ids.some((id) => !edited.pricing.some((entry) => entry.bracket === id)))
      problems.push({ field: `all.${index}.pricing`, message: `must list each of ${ids.join(', ')}` });
    return {
      ...module,
      name: edited.name,
      features: edited.features,
      pricing: module.pricing.map((entry) => {
        const price = edited.pricing.find((item) => item.bracket === entry._id);
        if (!price) return entry;
        return {
          ...entry,
          prices: entry.prices.map(({ currency }) => ({ currency, amount: price.monthlyPrice[currency] })),
          discounts: { month: { value: price.monthlyDiscount }, year: { value: price.yearlyDiscount } },
        };
      }),
    };
  });
  return problems.length > 0 ? { problems } : { catalogue: { ...catalogue, modules } };
}
