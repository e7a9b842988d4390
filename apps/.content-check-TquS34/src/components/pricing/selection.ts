import type { Language } from '@growmail/contracts/language';
import {
  pricingChoice,
  pricingQueryKeys,
  type BillingPeriod,
  type ContactBracket,
  type CurrencyCode,
} from '@growmail/contracts/pricing';

/** What the pricing section shows, kept in the URL query so a view can be shared. */
export type PricingSelection = { currency: CurrencyCode; period: BillingPeriod; bracket: ContactBracket };

/** The selection a query asks for on a page in `language`, by the rule the server renders it with (D30). */
export function readSelection(
  search: string,
  brackets: readonly ContactBracket[],
  language?: Language,
): PricingSelection {
  const { currency, period, bracketId } = pricingChoice(
    search,
    brackets.map((bracket) => bracket.id),
    language,
  );
  return { currency, period, bracket: brackets.find((bracket) => bracket.id === bracketId)! };
}

/** The query for a new selection, keeping every other parameter (utm and the like) as it was. */
export function selectionSearch(search: string, selection: PricingSelection): string {
  const params = new URLSearchParams(search);
  params.set(pricingQueryKeys.currency, selection.currency);
  params.set(pricingQueryKeys.period, selection.period);
  params.set(pricingQueryKeys.bracket, selection.bracket.id);
  return `?${params.toString()}`;
}

/** The query a pricing form's controls hold now, as a GET of the form would send it. */
export function formSearch(form: HTMLFormElement): string {
  return `?${new URLSearchParams([...new FormData(form)].map(([name, value]) => [name, String(value)]))}`;
}
