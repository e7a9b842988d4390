import { describe, expect, it } from 'vitest';
import {
  catalogueFor,
  catalogues,
  preferredLanguage,
  savingsOutcomeIn,
  textsByKey,
  translated,
} from '../src/catalogues.ts';
import { enquiryFieldError } from '../src/form-fields.ts';
import { errorSummaryTitle } from '../src/form-posts.ts';
import { enquirySchema } from '../src/forms.ts';
import { leadSchema } from '../src/leads.ts';
import { messages } from '../src/messages.ts';
import { messagesFr } from '../src/messages-fr.ts';
import { serviceMessages } from '../src/service-messages.ts';
import { serviceMessagesFr } from '../src/service-messages-fr.ts';

const texts = (catalogue: object) => textsByKey(catalogue);

describe('the French catalogues (D37)', () => {
  it.each(Object.entries(catalogues.fr))('%s has every English key, each in other words', (name, french) => {
    const english = texts(catalogues.en[name as keyof typeof catalogues.en] as object);
    const words = texts(french as object);
    // The two words the English pages' script does without (the byte budgets) are French only.
    const frenchOnly = name === 'messages' ? ['errorSummary', 'tooLong'] : [];
    expect([...words.keys()].filter((key) => !frenchOnly.includes(key))).toEqual([...english.keys()]);
    for (const key of frenchOnly) expect(words.get(key), key).toBeTruthy();
    for (const [path, text] of words) {
      expect(text, path).not.toBe(english.get(path));
      expect(text, path).toMatch(/\S/);
    }
  });

  it('never gives two keys the same English words with different French', () => {
    const english = textsByKey(catalogues.en);
    const french = textsByKey(catalogues.fr);
    const frenchOf = new Map<string, { key: string; french: string | undefined }>();
    for (const [key, text] of english) {
      const first = frenchOf.get(text);
      if (first) expect(french.get(key), `${key} and ${first.key} share "${text}"`).toBe(first.french);
      else frenchOf.set(text, { key, french: french.get(key) });
    }
  });

  it('says each field’s problem in its own French words, whichever form said it', () => {
    expect(translated(`metadata.user_count: ${messages.required.user_count}`, 'fr')).toBe(
      `metadata.user_count: ${messagesFr.required.user_count}`,
    );
    expect(translated(`metadata.subscribers: ${messages.required.subscribers}`, 'fr')).toBe(
      `metadata.subscribers: ${messagesFr.required.subscribers}`,
    );
    expect(translated(messages.required.user_count, 'fr', 'user_count')).toBe(messagesFr.required.user_count);
    expect(messagesFr.required.user_count).toMatch(/utilisateurs/);
  });

  it('titles the error summary as the English pages do, and in French', () => {
    expect(errorSummaryTitle).toBe('There is a problem');
    expect(messagesFr.errorSummary).toBe('Le formulaire contient des erreurs');
  });

  it('picks a catalogue by language, English by default', () => {
    expect(catalogueFor(undefined).messages).toBe(messages);
    expect(catalogueFor('fr').messages).toBe(messagesFr);
    expect(catalogueFor('fr').serviceMessages).toBe(serviceMessagesFr);
    expect(catalogueFor('en').serviceMessages).toBe(serviceMessages);
  });

  it('checks a field in the catalogue it is given, as the schema checks it', () => {
    expect(enquiryFieldError('email', '', messagesFr)).toBe('Veuillez indiquer votre adresse email.');
    expect(enquiryFieldError('email', 'ada@example', messagesFr)).toBe(messagesFr.invalidEmail);
    expect(enquiryFieldError('body', 'x'.repeat(5001), messagesFr)).toBe('5000 caractères au maximum.');
    expect(enquiryFieldError('body', 'x'.repeat(5001))).toBe('At most 5000 characters.');
  });

  it('says a schema’s English problem in French, path kept', () => {
    const result = enquirySchema.safeParse({ fullname: '', email: 'x', subject: 's', body: 'b' });
    const [fullname, email] = result.error!.issues.map((issue) => issue.message);
    expect(translated(fullname!, 'fr')).toBe(messagesFr.required.fullname);
    expect(translated(email!, 'fr')).toBe(messagesFr.invalidEmail);
    expect(translated(`metadata.email: ${messages.invalidEmail}`, 'fr')).toBe(
      `metadata.email: ${messagesFr.invalidEmail}`,
    );
    expect(translated(serviceMessages.tooManyRequests, 'fr')).toBe(serviceMessagesFr.tooManyRequests);
    expect(translated('At most 5000 characters.', 'fr')).toBe('5\u202f000 caractères au maximum.');
    expect(translated(serviceMessages.tooManyRequests, 'en')).toBe(serviceMessages.tooManyRequests);
    expect(translated('Something no catalogue holds.', 'fr')).toBe('Something no catalogue holds.');
  });

  it('reads the preferred language from Accept-Language', () => {
    expect(preferredLanguage(undefined)).toBe('en');
    expect(preferredLanguage('fr-CI,fr;q=0.9,en;q=0.8')).toBe('fr');
    expect(preferredLanguage('en-GB,en;q=0.9,fr;q=0.8')).toBe('en');
    expect(preferredLanguage('de, fr;q=0.5')).toBe('fr');
    expect(preferredLanguage('de-DE')).toBe('en');
    expect(preferredLanguage('fr;q=0, en')).toBe('en');
    expect(preferredLanguage('*')).toBe('en');
  });

  it('writes the calculator’s outcome in French with Intl’s figures and the dollars in words', () => {
    expect(savingsOutcomeIn(12500, 'fr')).toBe(
      'Vous pouvez économiser jusqu’à 12\u202f500,00\u00a0dollars US chaque année en confiant vos messages à Growmail.',
    );
    expect(savingsOutcomeIn(12500, 'fr')).toContain('12\u202f500,00');
    expect(savingsOutcomeIn(12500, undefined)).toMatch(/^You can save up to \$12,500\.00/);
  });

  it('takes the form language as an optional field', () => {
    const valid = { fullname: 'Awa', email: 'awa@example.com', subject: 'Tarifs', body: 'Bonjour' };
    expect(enquirySchema.safeParse({ ...valid, language: 'fr' }).success).toBe(true);
    expect(enquirySchema.safeParse(valid).success).toBe(true);
    expect(enquirySchema.safeParse({ ...valid, language: 'de' }).success).toBe(false);
    expect(leadSchema.safeParse({ type: 'startup', language: 'xx', metadata: {} }).success).toBe(false);
  });
});
