import { describe, expect, it } from 'vitest';
import { englishPath, inLanguage, languageOf, twinPath } from '@/lib/language';

describe('the paths of the two languages (D37)', () => {
  it('puts French under /fr with the same path after the prefix', () => {
    expect(inLanguage('/', 'fr')).toBe('/fr');
    expect(inLanguage('/pricing', 'fr')).toBe('/fr/pricing');
    expect(inLanguage('/#pricing', 'fr')).toBe('/fr#pricing');
    expect(inLanguage('/pricing', 'en')).toBe('/pricing');
  });

  it('finds each page’s language and its twin in the other', () => {
    expect(languageOf('/fr')).toBe('fr');
    expect(languageOf('/fr/products/campaign')).toBe('fr');
    expect(languageOf('/francais')).toBe('en');
    expect(englishPath('/fr')).toBe('/');
    expect(englishPath('/fr/terms')).toBe('/terms');
    expect(twinPath('/calculator/calculate', 'en')).toEqual({ language: 'fr', path: '/fr/calculator/calculate' });
    expect(twinPath('/fr', 'fr')).toEqual({ language: 'en', path: '/' });
  });
});
