import type { Language } from '@growmail/contracts/language';
import { formatMoney, priceLabel, type CurrencyCode, type PeriodPrice } from '@growmail/contracts/pricing';

/**
 * A price with its undiscounted figure struck through above it and its unit below. Every line
 * keeps its height when empty, so a change of period, currency or bracket never moves the card.
 */
export function PriceTag({
  price,
  currency,
  per,
  label,
  regular = 'Regular price ',
  language,
}: {
  /** The struck-through price's name for screen readers, in the page's language. */
  regular?: string;
  price: PeriodPrice;
  currency: CurrencyCode;
  per: string;
  label: string;
  language: Language;
}) {
  return (
    <div className="tabular-nums">
      <p className="text-sm font-medium text-ink-700">{label}</p>
      <p className="h-6 text-ink-600">
        {price.discounted && (
          <s data-testid="original-price">
            <span className="sr-only">{regular}</span>
            {/* Its own element: the plans' first answer may write it before React (first-answer.tsx). */}
            <span suppressHydrationWarning>{formatMoney(price.original, currency, language)}</span>
          </s>
        )}
      </p>
      <p
        data-testid="price"
        className="text-3xl font-bold whitespace-nowrap text-ink-900 md:text-4xl"
        suppressHydrationWarning
      >
        {priceLabel(price.amount, currency, language)}
      </p>
      <p className="h-5 text-sm text-ink-700">{price.amount > 0 ? per : ''}</p>
    </div>
  );
}
