import type { Catalogue, CatalogueModule, PricingEntry, RateTable } from './catalogue.ts';
import { campaignModuleCode, currencyCodes, type CurrencyCode } from './catalogue-codes.ts';
import { defaultLanguage, type Language } from './language.ts';
import { formatCents, roundMoney } from './rules.ts';

export { campaignModuleCode, type CurrencyCode };

/**
 * The pricing rules of spec "Business constants" and decisions D10–D12, as pure functions of the catalogue.
 * The site computes every price it shows with these, at build and in the browser.
 */

/**
 * Currency options of spec "Entities" and the CFA francs of D38, in the order the selector
 * offers them. `decimals` is the minor unit prices show: the CFA francs have none. Both write
 * `FCFA`, as West and Central African business French does (D43): `Intl` writes `F CFA` for XOF
 * and `FCFA` for XAF, and the copy names one franc one way.
 */
export const currencies = [
  { value: 'NGN', label: 'Nigerian naira', symbol: '₦', decimals: 2 },
  { value: 'USD', label: 'US dollar', symbol: '$', decimals: 2 },
  { value: 'KES', label: 'Kenyan shilling', symbol: 'Ksh', decimals: 2 },
  { value: 'GHS', label: 'Ghanaian cedi', symbol: '₵', decimals: 2 },
  { value: 'XOF', label: 'West African CFA franc', symbol: 'FCFA', decimals: 0 },
  { value: 'XAF', label: 'Central African CFA franc', symbol: 'FCFA', decimals: 0 },
] as const;

const defaultCurrencies: Record<Language, CurrencyCode> = { en: 'USD', fr: 'XOF' };

/**
 * The currencies as French pages offer them (issue 56): the two CFA francs first, their readers'
 * currencies and the default, then the others in `currencies`' order. The francs are the
 * currencies written without decimals, so a stable sort on `decimals` puts them first, in the
 * fewest bytes of the plans' script. English pages keep `currencies`' order, the spec's.
 */
export const francsFirst = () => [...currencies].sort((a, b) => a.decimals - b.decimals);

/**
 * The currency a page of the language shows before a choice (D38): US dollars in English, CFA
 * francs of the WAEMU in French. Fixed per page rather than taken from the visitor's locale: the
 * prerendered page then shows exactly what the browser shows (no swap after load), a link
 * without `currency` means the same for everyone, and dollars are read in all four
 * English-speaking markets and match the calculator's currency.
 */
export const defaultCurrencyFor = (language: Language): CurrencyCode => defaultCurrencies[language];

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
 * The selection a query asks for on a page in `language`; anything unknown falls back to the
 * default, the currency to the language's, and the bracket to the first offered. The server
 * renders a query's page by this rule and the island hydrates by it, so the two always agree.
 */
export function pricingChoice(
  search: string,
  bracketIds: readonly string[],
  language: Language = defaultLanguage,
): PricingChoice {
  const params = new URLSearchParams(search);
  const currency = params.get(pricingQueryKeys.currency)?.toUpperCase();
  const period = params.get(pricingQueryKeys.period);
  const bracketId = params.get(pricingQueryKeys.bracket);
  const first = bracketIds[0];
  if (first === undefined) throw new Error('The pricing section needs at least one contact bracket.');
  return {
    currency: isCurrencyCode(currency) ? currency : defaultCurrencyFor(language),
    period: isBillingPeriod(period) ? period : defaultPeriod,
    bracketId: bracketId !== null && bracketIds.includes(bracketId) ? bracketId : first,
  };
}

const wholeNumber = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

function currencyOption(currency: CurrencyCode) {
  const option = currencies.find((entry) => entry.value === currency);
  if (!option) throw new RangeError(`Unknown currency: ${String(currency)}`);
  return option;
}

/**
 * An amount rounded to the currency's minor unit, half away from zero: to the cent, or to the
 * whole franc for the CFA francs (D38), which have no minor unit.
 */
export function roundAmount(amount: number, currency: CurrencyCode): number {
  const cents = roundMoney(amount);
  if (currencyOption(currency).decimals > 0) return cents;
  const whole = Math.sign(cents) * Math.round(Math.abs(cents));
  return whole === 0 ? 0 : whole;
}

/**
 * An amount as a page in `language` shows it. English keeps the spec's own form, its symbol
 * against the number with two decimals ('₦1,000.00', 'Ksh80.00'); every other amount is
 * written by `Intl` for the language, with the symbol of `currencies` where `Intl` puts its
 * own: '1 000,00 ₦' in French, and the CFA francs without decimals in both languages
 * ('12 500 FCFA', 'FCFA 12,500'; D38).
 */
export function formatMoney(amount: number, currency: CurrencyCode, language: Language = defaultLanguage): string {
  const { symbol, decimals } = currencyOption(currency);
  const rounded = roundAmount(amount, currency);
  if (language === 'en' && decimals === 2) return formatCents(rounded, symbol);
  return new Intl.NumberFormat(language, {
    style: 'currency',
    currency,
    currencyDisplay: 'narrowSymbol',
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  })
    .formatToParts(rounded)
    .map((part) => (part.type === 'currency' ? symbol : part.value))
    .join('');
}

const free: Record<Language, string> = { en: 'Free', fr: 'Gratuit' };

/** A price as shown on a plan card: 'Free' at zero (spec "Business constants"). */
export const priceLabel = (amount: number, currency: CurrencyCode, language: Language = defaultLanguage): string =>
  roundAmount(amount, currency) === 0 ? free[language] : formatMoney(amount, currency, language);

export type ContactBracket = { id: string; min: number; max: number | null; label: string };

/**
 * 'min - max' with thousands separators (D10); an open-ended bracket reads '10,000,000+'. French
 * writes a range with an en dash and no spaces, its numbers as `Intl` writes them ('0–499 999'),
 * and the open bracket in words ('10 000 000 et plus', D10, D37).
 */
export function bracketLabel(bracket: { min: number; max: number | null }, language: Language = 'en'): string {
  const format = language === 'en' ? wholeNumber : new Intl.NumberFormat(language, { maximumFractionDigits: 0 });
  const [min, max] = [bracket.min, bracket.max ?? 0].map((count) => format.format(count));
  if (language === 'en') return bracket.max === null ? `${min}+` : `${min} - ${max}`;
  return bracket.max === null ? `${min} et plus` : `${min}\u2013${max}`;
}

export function campaignModule(catalogue: Pick<Catalogue, 'modules'>): CatalogueModule {
  const campaign = catalogue.modules.find((module) => module.code === campaignModuleCode);
  if (!campaign) throw new Error(`The catalogue has no '${campaignModuleCode}' module.`);
  return campaign;
}

/** The brackets the selector offers: the first eight of the campaign module's pricing list (D10). */
export function contactBrackets(catalogue: Pick<Catalogue, 'modules'>, language: Language = 'en'): ContactBracket[] {
  return campaignModule(catalogue)
    .pricing.slice(0, offeredBracketCount)
    .map((entry) => ({
      id: entry._id,
      ...entry.contact_bracket,
      label: bracketLabel(entry.contact_bracket, language),
    }));
}

/** The volume tier containing a contact count, or undefined outside every tier. */
export function rateTierFor(rates: RateTable, contacts: number) {
  if (!Number.isFinite(contacts) || contacts < 0) return undefined;
  return rates.tiers.find((tier) => contacts >= tier.min && (tier.max === null || contacts <= tier.max));
}

/**
 * Flex price per 1,000 credits (D11): the rate of the volume tier containing the bracket's
 * minimum, × 1,000, to two decimals (whole francs for the CFA francs, D38). Undefined when no
 * tier holds the bracket.
 */
export function flexPricePer1000(rates: RateTable, bracketMin: number, currency: CurrencyCode): number | undefined {
  const tier = rateTierFor(rates, bracketMin);
  return tier ? roundAmount(tier.rates[currency] * 1000, currency) : undefined;
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
  const original = roundAmount(period === 'year' ? 12 * monthly : monthly, currency);
  const amount = roundAmount(original * (1 - tier.discounts[period].value / 100), currency);
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
  amount = roundAmount(amount, currency);
  original = roundAmount(original, currency);
  return { amount, original, discounted: amount < original };
}
