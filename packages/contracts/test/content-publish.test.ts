import { describe, expect, it } from 'vitest';
import { publishFormSchema, wordsOf } from '../src/content/publish.ts';

describe('the Publish form (D45)', () => {
  it('reads new words one per line or separated by spaces or commas, once each, and refuses what is not a word', () => {
    expect(wordsOf('Okonkwo\nAdebayo, Okonkwo  d’Ivoire\n')).toEqual(['Okonkwo', 'Adebayo', 'd’Ivoire']);
    expect(wordsOf('')).toEqual([]);
    expect(wordsOf('Okonkwo <script>')).toBeUndefined();
    expect(wordsOf('x'.repeat(41))).toBeUndefined();
    expect(wordsOf('3D')).toBeUndefined();
  });

  it('takes one draft or several, and needs at least one', () => {
    expect(publishFormSchema.parse({ entries: 'home' })).toEqual({ entries: ['home'] });
    expect(publishFormSchema.parse({ entries: ['home', 'faqs'], words: 'Okonkwo' })).toEqual({
      entries: ['home', 'faqs'],
      words: 'Okonkwo',
    });
    expect(publishFormSchema.safeParse({ words: 'Okonkwo' }).success).toBe(false);
    expect(publishFormSchema.safeParse({ entries: 'home', words: 'a <b>' }).success).toBe(false);
  });
});
