import { describe, expect, it } from 'vitest';
import { pricingViewFor, sampleViewFor } from '../src/choice-views.ts';

const ids = ['campaign-up-to-500k', 'campaign-up-to-1m'];

describe('the page a pricing query names (D30)', () => {
  it('names the file of the normalised choice, in a folder of the page', () => {
    expect(pricingViewFor('/pricing', '?currency=ngn&period=year&bracket=campaign-up-to-1m', ids)).toBe(
      '/_views/pricing/NGN-year-campaign-up-to-1m.html',
    );
    expect(pricingViewFor('/', '?currency=KES', ids)).toBe('/_views/index/KES-month-campaign-up-to-500k.html');
  });

  it('reads each value by the island’s rule: unknown ones fall back, other parameters are ignored', () => {
    expect(pricingViewFor('/pricing', '?utm_source=x&currency=GHS&bracket=nope&period=week', ids)).toBe(
      '/_views/pricing/GHS-month-campaign-up-to-500k.html',
    );
    expect(pricingViewFor('/pricing', '?currency=GHS&currency=NGN', ids)).toBe(
      '/_views/pricing/GHS-month-campaign-up-to-500k.html',
    );
  });

  it('names nothing for the default choice or a query without a pricing field: the page as built', () => {
    for (const search of [
      '',
      '?',
      '?utm_source=news',
      '?currency=USD',
      '?currency=EUR&period=week&bracket=x',
      '?lang=go',
    ])
      expect(pricingViewFor('/pricing', search, ids), search).toBeUndefined();
  });

  it('names the CFA franc copies, and on a French page takes XOF as the default (D38)', () => {
    expect(pricingViewFor('/pricing', '?currency=xof', ids)).toBe('/_views/pricing/XOF-month-campaign-up-to-500k.html');
    expect(pricingViewFor('/pricing', '?currency=XAF&period=year', ids)).toBe(
      '/_views/pricing/XAF-year-campaign-up-to-500k.html',
    );
    for (const search of ['?currency=XOF', '?currency=EUR', '?period=month', '?utm_source=x'])
      expect(pricingViewFor('/fr/pricing', search, ids), search).toBeUndefined();
    expect(pricingViewFor('/fr/pricing', '?currency=USD', ids)).toBe(
      '/_views/fr/pricing/USD-month-campaign-up-to-500k.html',
    );
    expect(pricingViewFor('/fr', '?currency=EUR&period=year', ids)).toBe(
      '/_views/fr/XOF-year-campaign-up-to-500k.html',
    );
    // Only the prefix makes a page French.
    expect(pricingViewFor('/france', '?currency=XOF', ids)).toBe('/_views/france/XOF-month-campaign-up-to-500k.html');
  });

  it('never names a path outside the page’s folder, whatever the query', () => {
    for (const search of ['?bracket=../../../etc/passwd', '?currency=%2F..%2F', `?currency=${'N'.repeat(5000)}`])
      expect(pricingViewFor('/pricing', search, ids) ?? '/_views/pricing/', search).toMatch(
        /^\/_views\/pricing\/(?:[A-Z]{3}-(?:month|year)-campaign-up-to-(?:500k|1m)\.html)?$/,
      );
  });
});

describe('the page a sample language names (D30)', () => {
  it('names a known language’s file beside the page', () => {
    expect(sampleViewFor('/developers/reference/contacts', '?lang=python')).toBe(
      '/_views/developers/reference/contacts/python.html',
    );
  });

  it('names nothing for curl, which the page shows as built, nor for an unknown language', () => {
    for (const search of [
      '',
      '?lang=curl',
      '?lang=cobol',
      '?lang=',
      '?lang=PYTHON',
      '?lang=%3Cscript%3E',
      '?lang=../x',
    ])
      expect(sampleViewFor('/developers/reference/contacts', search), search).toBeUndefined();
  });
});
