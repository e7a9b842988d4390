import { describe, expect, it } from 'vitest';
import { marketingQuery } from '../src/routes.ts';

describe('marketingQuery (D31)', () => {
  it('keeps the utm_* family, ref and ad click ids as they were written', () => {
    expect(marketingQuery('utm_source=news&utm_campaign=black%20friday&ref=FRIEND42&gclid=a&fbclid=b&msclkid=c')).toBe(
      'utm_source=news&utm_campaign=black%20friday&ref=FRIEND42&gclid=a&fbclid=b&msclkid=c',
    );
  });

  it('drops an address, a form field or a token', () => {
    expect(
      marketingQuery('fullname=Ada+Obi&email=ada%40acme.test&utm_medium=email&token=SECRET123&body=Hello&homepage='),
    ).toBe('utm_medium=email');
  });

  it('is empty when nothing is a marketing parameter', () => {
    expect(marketingQuery('token=SECRET123')).toBe('');
    expect(marketingQuery('')).toBe('');
    expect(marketingQuery('utm_=x&reference=y&xutm_source=z')).toBe('');
  });
});
