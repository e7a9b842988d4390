import { describe, expect, it } from 'vitest';
import { registerUrl } from '@/lib/register-url';

describe('registerUrl', () => {
  const base = 'https://app.example.com/register';

  it('names the button location when no utm is stored', () => {
    expect(registerUrl(base, null, 'header')).toBe(`${base}?location=header`);
  });

  it('keeps the stored utm query and adds the location', () => {
    expect(registerUrl(base, 'utm_source=news&utm_medium=email', 'hero')).toBe(
      `${base}?utm_source=news&utm_medium=email&location=hero`,
    );
  });

  it('sends only marketing parameters, so a stored location, address or token never travels (D31)', () => {
    expect(
      registerUrl(base, 'location=elsewhere&utm_source=x&email=ada%40acme.test&token=SECRET&gclid=G1', 'footer'),
    ).toBe(`${base}?utm_source=x&gclid=G1&location=footer`);
  });

  it('encodes what needs encoding', () => {
    expect(registerUrl(base, 'utm_campaign=black friday', 'header')).toBe(
      `${base}?utm_campaign=black+friday&location=header`,
    );
  });
});
