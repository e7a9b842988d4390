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

  it('lets the button location win over a location in the stored query', () => {
    expect(registerUrl(base, 'location=elsewhere&utm_source=x', 'footer')).toBe(`${base}?location=footer&utm_source=x`);
  });

  it('encodes what needs encoding', () => {
    expect(registerUrl(base, 'utm_campaign=black friday', 'header')).toBe(
      `${base}?utm_campaign=black+friday&location=header`,
    );
  });
});
