import { describe, expect, it } from 'vitest';
import { normalisePhone, regionsFor } from '../../src/submissions/phone.ts';

describe('reading a phone number as the visitor wrote it', () => {
  it.each([
    ['0803 555 0101', 'en', '+2348035550101'],
    ['0712 345 678', 'en', '+254712345678'],
    ['024 123 4567', 'en', '+233241234567'],
    ['07 07 12 34 56', 'fr', '+2250707123456'],
    ['77 123 45 67', 'fr', '+221771234567'],
    ['6 71 23 45 67', 'fr', '+237671234567'],
    // A French page's visitor may still be in Lagos: the team's country is tried after the page's markets.
    ['0803 555 0101', 'fr', '+2348035550101'],
    ['+234 803 555 0101', 'fr', '+2348035550101'],
    ['00254712345678', 'en', '+254712345678'],
  ] as const)('reads %s on a page in %s as %s', (typed, language, stored) => {
    expect(normalisePhone(typed, regionsFor(language, 'NG'))).toBe(stored);
  });

  it('keeps what it cannot read exactly as typed, trimmed', () => {
    expect(normalisePhone(' 12345 ', regionsFor('en', 'NG'))).toBe('12345');
    expect(normalisePhone('+999 1234', regionsFor('en', 'NG'))).toBe('+999 1234');
  });

  it('tries the team’s country first when it is one of the page’s markets, and last otherwise', () => {
    expect(regionsFor('en', 'KE')).toEqual(['KE', 'NG', 'GH']);
    expect(regionsFor('fr', 'NG')).toEqual(['CI', 'SN', 'CM', 'NG']);
    expect(regionsFor('en', 'ZA')).toEqual(['NG', 'KE', 'GH', 'ZA']);
  });
});
