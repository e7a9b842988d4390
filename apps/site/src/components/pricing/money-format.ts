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

/**
 * `priceLabel` from a `MoneyFormat` alone, as the source of a function `(amount, format) => string`
 * for the plans' inline script (first-answer.tsx), written small by hand as the head's scripts
 * are; a test runs it beside `priceLabel` for every currency in both languages. It rounds as
 * `roundMoney` does, to the currency's minor unit.
 */
export const writeMoneyCode =
  'function(a,m){var c=Math.pow(10,m.decimals),r=Math.sign(a)*Math.round(+(Math.abs(a)*c).toPrecision(15))/c,' +
  'g={minimumFractionDigits:m.decimals,maximumFractionDigits:m.decimals};' +
  'return r==0?m.free:m.language=="en"&&m.decimals==2?(r<0?"-":"")+m.symbol+new Intl.NumberFormat("en-US",g).format(Math.abs(r))' +
  ':new Intl.NumberFormat(m.language,Object.assign({style:"currency",currency:m.currency,currencyDisplay:"narrowSymbol"},g))' +
  '.formatToParts(r).map(function(p){return p.type=="currency"?m.symbol:p.value}).join("")}';
