/**
 * What the plans island says (D37), in English. A French page hands the island its own words as
 * a prop (lib/pricing-words-fr.ts), so the English pages' script carries no French. The
 * catalogue names its modules and their features in English; other words show them by module
 * code, and fall back to the catalogue's for a module they do not know yet. Words are plain
 * strings, so they can be an island's props: `{name}` marks what is filled in (`fillIn`).
 */
export const englishPricingWords = {
  currency: 'Currency',
  period: 'Billing period',
  contacts: 'Contacts',
  show: 'Show prices',
  /** `{currency}`, `{billed}` (a word of `billed`) and `{bracket}` (its label, or its `bracketPhrases`) are filled in. */
  status: 'Prices in {currency}, billed {billed}, for {bracket} contacts.',
  billed: { month: 'monthly', year: 'annually' } as Record<string, string>,
  perYear: 'per year',
  perMonth: 'per month',
  perYearShort: '/yr',
  perMonthShort: '/mo',
  flexPitch: 'Pay as you send. Buy credits when you need them, with no monthly commitment.',
  per1000: 'per 1,000 credits',
  payAsYouGo: 'Pay as you go',
  askUs: 'Ask us',
  growthPitch: 'One subscription for your growing audience. Start with Campaigns and add what you need.',
  total: 'Total for your modules',
  modules: 'Modules',
  always: ' (always included)',
  /** `{features}` is filled in with the module's features, lower-cased. */
  adds: 'Adds {features}.',
};

/**
 * The words of any language: English's, and what only another language needs, left out of
 * English's object so the English pages' script carries no key for it.
 */
export type PricingWords = typeof englishPricingWords & {
  /** The struck-through price's name for screen readers; English is `PriceTag`'s own ('Regular price '). */
  regular?: string;
  /** The billing periods in the choice, by value; English reads `billingPeriods`' own labels. */
  periods?: Record<string, string>;
  /** Currencies by code in the status line, where the catalogue's English names will not do. */
  currencies?: Record<string, string>;
  /** A currency's name in the choice, by code; without one the choice reads its symbol and code (`₦ NGN`). */
  currencyChoices?: Record<string, string>;
  /** Modules' names and features by code, where the catalogue's English ones will not do. */
  moduleNames?: Record<string, string>;
  moduleFeatures?: Record<string, readonly string[]>;
  /**
   * The bracket in the status line's sentence, where a language says a range otherwise than its
   * label (French: `jusqu’à 499 999 contacts`); `{min}` and `{max}` are filled in.
   */
  bracketPhrases?: { first: string; range: string; last: string };
};

/** A template of the words with its `{name}` places filled in. */
export const fillIn = (template: string, values: Record<string, string>): string =>
  template.replace(/\{(\w+)\}/g, (place, name: string) => values[name] ?? place);
