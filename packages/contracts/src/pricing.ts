import type { Catalogue, CatalogueModule, PricingEntry, RateTable } from './catalogue.ts';
import { campaignModuleCode, currencyCodes, type CurrencyCode } from './catalogue-codes.ts';
import { roundMoney } from './rules.ts';

export { campaignModuleCode, type CurrencyCode };

/**
 * The pricing rules of spec "Business constants" and decisions D10–D12, as pure functions of the catalogue.
 * The site computes every price it shows with these, at build and in the browser.
 */

/** Currency options of spec "Entities", in the order the selector offers them. */
export const currencies = [
  { value: 'NGN', label: 'Nigerian naira', symbol: '₦' },
  { value: 'USD', label: 'US dollar', symbol: '$' },
  { value: 'KES', label: 'Kenyan shilling', symbol: 'Ksh' },
  { value: 'GHS', label: 'Ghanaian cedi', symbol: '₵' },
] as const;

/**
 * A fixed default rather than the visitor's locale: the prerendered page then shows exactly
 * what the browser shows (no swap after load), a link without `currency` means the same for
 * everyone, and US dollars are read in all four markets and match the calculator's currency.
 */
export const defaultCurrency: CurrencyCode = 'USD';

export const billingPeriods = [
  { value: 'month', label: 'Monthly' },
  { value: 'year', label: 'Annually' },
] as const;
export type BillingPeriod = (typeof billingPeriods)[number]['value'];
export const defaultPeriod: BillingPeriod = 'month';

/** How many brackets the selector offers (spec "States and transitions"). */
export const offeredBracketCount = 8;

export const isCurrencyCode = (value: unknown): value is CurrencyCode => currencyCodes.includes(value as CurrencyCode);
export const isBillingPeriod = (value: unknown): value is BillingPeriod => value === 'month' || value === 'year';

/** The query names of a pricing selection: the pricing form's fields (D30). */
export const pricingQueryKeys = { currency: 'currency', period: 'period', bracket: 'bracket' } as const;

export type PricingChoice = { currency: CurrencyCode; period: BillingPeriod; bracketId: string };

/**
 * The selection a query asks for; anything unknown falls back to the default, and the bracket to
 * the first offered. The server renders a query's page by this rule and the island hydrates by
 * it, so the two always agree.
 */
export function pricingChoice(search: string, bracketIds: readonly string[]): PricingChoice {
  const params = new URLSearchParams(search);
  const currency = params.get(pricingQueryKeys.currency)?.toUpperCase();
  const period = params.get(pricingQueryKeys.period);
  const bracketId = params.get(pricingQueryKeys.bracket);
  const first = bracketIds[0];
  if (first === undefined) throw new Error('The pricing section needs at least one contact bracket.');
  return {
    currency: isCurrencyCode(currency) ? currency : defaultCurrency,
    period: isBillingPeriod(period) ? period : defaultPeriod,
    bracketId: bracketId !== null && bracketIds.includes(bracketId) ? bracketId : first,
  };
}

const twoDecimals = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const wholeNumber = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** '₦1,000.00', '$0.83', 'Ksh80.00', '₵9.80': the spec's symbols before the amount, two decimals. */
export function formatMoney(amount: number, currency: CurrencyCode): string {
  const symbol = currencies.find((option) => option.value === currency)?.symbol;
  if (!symbol) throw new RangeError(`Unknown currency: ${String(currency)}`);
  const rounded = roundMoney(amount);
  return `${rounded < 0 ? '-' : ''}${symbol}${twoDecimals.format(Math.abs(rounded))}`;
}

/** A price as shown on a plan card: 'Free' at zero (spec "Business constants"). */
export const priceLabel = (amount: number, currency: CurrencyCode): string =>
  roundMoney(amount) === 0 ? 'Free' : formatMoney(amount, currency);

export type ContactBracket = { id: string; min: number; max: number | null; label: string };

/** 'min - max' with thousands separators (D10); an open-ended bracket reads '10,000,000+'. */
export function bracketLabel(bracket: { min: number; max: number | null }): string {
  return bracket.max === null
    ? `${wholeNumber.format(bracket.min)}+`
    : `${wholeNumber.format(bracket.min)} - ${wholeNumber.format(bracket.max)}`;
}

export function campaignModule(catalogue: Pick<Catalogue, 'modules'>): CatalogueModule {
  const campaign = catalogue.modules.find((module) => module.code === campaignModuleCode);
  if (!campaign) throw new Error(`The catalogue has no '${campaignModuleCode}' module.`);
  return campaign;
}

/** The brackets the selector offers: the first eight of the campaign module's pricing list (D10). */
export function contactBrackets(catalogue: Pick<Catalogue, 'modules'>): ContactBracket[] {
  return campaignModule(catalogue)
    .pricing.slice(0, offeredBracketCount)
    .map((entry) => ({ id: entry._id, ...entry.contact_bracket, label: bracketLabel(entry.contact_bracket) }));
}

/** The volume tier containing a contact count, or undefined outside every tier. */
export function rateTierFor(rates: RateTable, contacts: number) {
  if (!Number.isFinite(contacts) || contacts < 0) return undefined;
  return rates.tiers.find((tier) => contacts >= tier.min && (tier.max === null || contacts <= tier.max));
}

/**
 * Flex price per 1,000 credits (D11): the rate of the volume tier containing the bracket's
 * minimum, × 1,000, to two decimals. Undefined when no tier holds the bracket.
 */
export function flexPricePer1000(rates: RateTable, bracketMin: number, currency: CurrencyCode): number | undefined {
  const tier = rateTierFor(rates, bracketMin);
  return tier ? roundMoney(tier.rates[currency] * 1000) : undefined;
}

/**
 * The module's tier for a bracket (D12): the one with the smallest `max` that covers the
 * bracket's `max`; an open-ended tier covers everything, an open-ended bracket only that.
 */
export function moduleTierFor(module: CatalogueModule, bracketMax: number | null): PricingEntry | undefined {
  const ceiling = (entry: PricingEntry) => entry.contact_bracket.max ?? Number.POSITIVE_INFINITY;
  const wanted = bracketMax ?? Number.POSITIVE_INFINITY;
  return module.pricing
    .filter((entry) => ceiling(entry) >= wanted)
    .reduce<PricingEntry | undefined>(
      (best, entry) => (!best || ceiling(entry) < ceiling(best) ? entry : best),
      undefined,
    );
}

/** A price for the period: what is charged, and the undiscounted figure to strike through when they differ. */
export type PeriodPrice = { amount: number; original: number; discounted: boolean };

/**
 * A module's price (D12, spec "Business constants"): monthly is amount × (1 − month discount %); yearly is
 * 12 × amount × (1 − year discount %). Undefined when the module has no tier for the bracket.
 */
export function modulePrice(
  module: CatalogueModule,
  bracket: Pick<ContactBracket, 'max'>,
  currency: CurrencyCode,
  period: BillingPeriod,
): PeriodPrice | undefined {
  const tier = moduleTierFor(module, bracket.max);
  const monthly = tier?.prices.find((price) => price.currency === currency)?.amount;
  if (tier === undefined || monthly === undefined) return undefined;
  const original = roundMoney(period === 'year' ? 12 * monthly : monthly);
  const amount = roundMoney(original * (1 - tier.discounts[period].value / 100));
  return { amount, original, discounted: amount < original };
}

/**
 * The Growth total over the selected modules (spec "Business constants"). Campaigns is always counted, and a
 * module without a tier for the bracket counts as nothing.
 */
export function growthTotal(
  modules: readonly CatalogueModule[],
  selected: ReadonlySet<string>,
  bracket: Pick<ContactBracket, 'max'>,
  currency: CurrencyCode,
  period: BillingPeriod,
): PeriodPrice {
  let amount = 0;
  let original = 0;
  for (const module of modules) {
    if (module.code !== campaignModuleCode && !selected.has(module.code)) continue;
    const price = modulePrice(module, bracket, currency, period);
    amount += price?.amount ?? 0;
    original += price?.original ?? 0;
  }
  amount = roundMoney(amount);
  original = roundMoney(original);
  return { amount, original, discounted: amount < original };
}
