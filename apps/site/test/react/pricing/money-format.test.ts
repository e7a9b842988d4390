import { describe, expect, it } from 'vitest';
import { languages } from '@growmail/contracts/language';
import { currencies, priceLabel } from '@growmail/contracts/pricing';
import { moneyFormat, writeMoneyCode, type MoneyFormat } from '@/components/pricing/money-format';

// The function as the page's inline script has it.
const writeMoney = new Function(`return ${writeMoneyCode}`)() as (amount: number, format: MoneyFormat) => string;

describe('the amount the plans write before React (issue 57)', () => {
  const amounts = [
    0,
    0.004,
    0.005,
    1,
    9.99,
    12.5,
    1234.5,
    999_999.995,
    12_500,
    1_000_000,
    0.1 + 0.2,
    19.99 + 29.99 + 49.99,
  ];
  it.each(languages)('is written as priceLabel writes it, in every currency, in %s', (language) => {
    for (const { value: currency } of currencies)
      for (const amount of amounts)
        expect(writeMoney(amount, moneyFormat(currency, language)), `${amount} ${currency}`).toBe(
          priceLabel(amount, currency, language),
        );
  });
});
