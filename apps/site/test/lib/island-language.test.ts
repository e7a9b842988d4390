import { describe, expect, it } from 'vitest';
import { calculatorLanguage, formLanguage } from '@/lib/island-language';
import { formWordsFr } from '@/lib/form-words-fr';

/** The forms whose words an island's props carry. */
const wordsIn = (props: object) => ('words' in props ? Object.keys(props.words as object).sort() : []);

describe('the words a French page hands its form islands (D37)', () => {
  it('hands each island its own form’s words, the close button’s and the honeypot’s, and no other form’s', () => {
    expect(formLanguage('fr', 'newsletter')).toMatchObject({
      language: 'fr',
      words: {
        newsletter: formWordsFr.newsletter,
        closeError: formWordsFr.closeError,
        honeypot: 'Laissez ce champ vide',
      },
    });
    expect(wordsIn(formLanguage('fr', 'newsletter'))).toEqual(['closeError', 'honeypot', 'newsletter']);
    expect(wordsIn(formLanguage('fr', 'confirm', 'newsletter'))).toEqual([
      'closeError',
      'confirm',
      'honeypot',
      'newsletter',
    ]);
    expect(wordsIn(calculatorLanguage('fr'))).toEqual(['calculator', 'closeError', 'honeypot']);
  });

  it('hands an English page’s islands nothing, so they keep the words in their own script', () => {
    expect(formLanguage('en', 'contact')).toEqual({});
    expect(calculatorLanguage('en')).toEqual({});
  });
});
