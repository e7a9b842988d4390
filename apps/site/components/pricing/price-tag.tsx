import { formatMoney, priceLabel, type CurrencyCode, type PeriodPrice } from '@growmail/contracts/pricing';

/**
 * A price with its undiscounted figure struck through above it. The struck line keeps its
 * height when empty, so changing period or currency never moves the card.
 */
export function PriceTag({ price, currency, per }: { price: PeriodPrice; currency: CurrencyCode; per: string }) {
  return (
    <div className="tabular-nums">
      <p className="h-6 text-ink-600">
        {price.discounted && (
          <s data-testid="original-price">
            <span className="sr-only">Regular price </span>
            {formatMoney(price.original, currency)}
          </s>
        )}
      </p>
      <p className="flex flex-wrap items-baseline gap-x-1.5">
        <span data-testid="price" className="text-3xl font-bold whitespace-nowrap text-ink-900 md:text-4xl">
          {priceLabel(price.amount, currency)}
        </span>
        {price.amount > 0 && <span className="text-sm text-ink-700">{per}</span>}
      </p>
    </div>
  );
}
