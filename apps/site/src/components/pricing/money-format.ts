/**
 * How a page writes an amount, as data in the page: the plans' first answer (first-answer.tsx)
 * writes the Growth total with it before React has come.
 */
import { currencies, priceLabel, type CurrencyCode } from '@growmail/contracts/pricing';
import type { Language } from '@growmail/contracts/language';

/** How a page writes amounts in a currency: its symbol and decimals, its language, and its word for nothing. */
export type MoneyFormat = {
  currency: CurrencyCode;
  symbol: string;
  decimals: number;
  language: Language;
  free: string;
};

export const moneyFormat = (currency: CurrencyCode, language: Language): MoneyFormat => {
  const option = currencies.find((entry) => entry.value === currency)!;
  return {
    currency,
    symbol: option.symbol,
    decimals: option.decimals,
    language,
    free: priceLabel(0, currency, language),
  };
};

/** `priceLabel`, from a `MoneyFormat` alone; a test holds the two to the same answers. */
export function writeMoney(amount: number, money: MoneyFormat): string {
  const scale = 10 ** money.decimals;
  const rounded = (Math.sign(amount) * Math.round(Number((Math.abs(amount) * scale).toPrecision(15)))) / scale;
  if (rounded === 0) return money.free;
  const digits = { minimumFractionDigits: money.decimals, maximumFractionDigits: money.decimals };
  if (money.language === 'en' && money.decimals === 2)
    return `${rounded < 0 ? '-' : ''}${money.symbol}${new Intl.NumberFormat('en-US', digits).format(Math.abs(rounded))}`;
  return new Intl.NumberFormat(money.language, {
    style: 'currency',
    currency: money.currency,
    currencyDisplay: 'narrowSymbol',
    ...digits,
  })
    .formatToParts(rounded)
    .map((part) => (part.type === 'currency' ? money.symbol : part.value))
    .join('');
}
