import {
  defaultCurrency,
  defaultPeriod,
  isBillingPeriod,
  isCurrencyCode,
  type BillingPeriod,
  type ContactBracket,
  type CurrencyCode,
} from '@growmail/contracts/pricing';

/** What the pricing section shows, kept in the URL query so a view can be shared. */
export type PricingSelection = { currency: CurrencyCode; period: BillingPeriod; bracket: ContactBracket };

export const queryKeys = { currency: 'currency', period: 'period', bracket: 'bracket' } as const;

/** The selection a query asks for; anything unknown falls back to the defaults and the first bracket. */
export function readSelection(search: string, brackets: readonly ContactBracket[]): PricingSelection {
  const params = new URLSearchParams(search);
  const currency = params.get(queryKeys.currency)?.toUpperCase();
  const period = params.get(queryKeys.period);
  const bracketId = params.get(queryKeys.bracket);
  const first = brackets[0];
  if (!first) throw new Error('The pricing section needs at least one contact bracket.');
  return {
    currency: isCurrencyCode(currency) ? currency : defaultCurrency,
    period: isBillingPeriod(period) ? period : defaultPeriod,
    bracket: brackets.find((bracket) => bracket.id === bracketId) ?? first,
  };
}

/** The query for a new selection, keeping every other parameter (utm and the like) as it was. */
export function selectionSearch(search: string, selection: PricingSelection): string {
  const params = new URLSearchParams(search);
  params.set(queryKeys.currency, selection.currency);
  params.set(queryKeys.period, selection.period);
  params.set(queryKeys.bracket, selection.bracket.id);
  return `?${params.toString()}`;
}
