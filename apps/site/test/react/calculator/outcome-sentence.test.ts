import { savingsOutcomeIn } from '@growmail/contracts/catalogues';
import { formatDollars } from '@growmail/contracts/calculator';
import { describe, expect, it } from 'vitest';
import { calculatorWords } from '@/components/calculator/calculator-words';
import { formWordsFr } from '@/lib/form-words-fr';

/**
 * The calculator's result reads the same with and without script (D30): the outcome page's
 * sentence (packages/contracts) is the island's, up to where the island goes on to its list of
 * benefits ("…, and:", "… Vous pourrez en outre :").
 */
describe.each([
  { language: 'en', words: calculatorWords },
  { language: 'fr', words: formWordsFr.calculator },
] as const)('the calculator’s result in $language', ({ language, words }) => {
  it('says the savings in the island’s words on the page without script', () => {
    const island = `${words.saveUpTo} ${formatDollars(12_500, language)} ${words.everyYear}`;
    const sentence = savingsOutcomeIn(12_500, language);
    expect(island.slice(0, sentence.length - 1)).toBe(sentence.slice(0, -1));
  });

  it('says a setup is already cost efficient in the same words', () => {
    expect(savingsOutcomeIn(0, language)).toBe(words.efficientLead);
  });
});
