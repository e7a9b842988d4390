import { describe, expect, it } from 'vitest';
import type { ContactBracket } from '@growmail/contracts/pricing';
import { readSelection, selectionSearch } from '@/components/pricing/selection';

const brackets: ContactBracket[] = [
  { id: 'campaign-up-to-500k', min: 0, max: 499_999, label: '0 - 499,999' },
  { id: 'campaign-up-to-1m', min: 500_000, max: 999_999, label: '500,000 - 999,999' },
];

describe('the pricing selection in the URL', () => {
  it('defaults to US dollars, monthly and the first bracket', () => {
    expect(readSelection('', brackets)).toEqual({ currency: 'USD', period: 'month', bracket: brackets[0] });
  });

  it('reads currency, period and bracket from the query', () => {
    expect(readSelection('?currency=ngn&period=year&bracket=campaign-up-to-1m', brackets)).toEqual({
      currency: 'NGN',
      period: 'year',
      bracket: brackets[1],
    });
  });

  it('ignores values it does not know', () => {
    expect(readSelection('?currency=EUR&period=week&bracket=campaign-10m-plus', brackets)).toEqual({
      currency: 'USD',
      period: 'month',
      bracket: brackets[0],
    });
  });

  it('writes the selection and keeps other parameters', () => {
    const search = selectionSearch('?utm_source=news&currency=USD', {
      currency: 'KES',
      period: 'year',
      bracket: brackets[1]!,
    });
    expect(search).toBe('?utm_source=news&currency=KES&period=year&bracket=campaign-up-to-1m');
  });
});
