import { describe, expect, it } from 'vitest';
import { frenchSpacingFaults, stringsIn } from '@growmail/test-support/french-typography';
import { catalogues, savingsOutcomeIn, translated } from '../src/catalogues.ts';
import { newsletterConsentWordingFr } from '../src/messages-fr.ts';

// The check itself (tests/support/french-typography.ts), shown on a few texts: the guard tests of
// the catalogues, the mails and the French pages pass only as long as it finds what it should.
describe('the French typography check', () => {
  it.each([
    ['Bonjour !', 1],
    ['Bonjour!', 1],
    ['Quand \u202f: demain', 1],
    ['« texte »', 2],
    ['«texte»', 2],
    ['Quoi ?!', 1],
    ['1 sur 12: Kestrel Pay', 1],
    ['Ajoute\u00a0: analyse', 1],
  ])('finds the faults in %j', (text, count) => {
    expect(frenchSpacingFaults(text)).toHaveLength(count);
  });

  it.each([
    'Bonjour\u202f! Quoi\u202f?! Ainsi\u202f: oui\u202f; «\u202ftexte\u202f».',
    'Le lundi à 14:30, un ratio de 3:1.',
    'Ouvrez https://growmail.io/fr/sent?form=enquiry ou mailto:hello@growmail.io',
  ])('finds none in %j', (text) => {
    expect(frenchSpacingFaults(text)).toEqual([]);
  });
});

describe('French typography in the catalogues (D37)', () => {
  it('puts a narrow no-break space before ? ! : ; and inside « » in every French text', () => {
    const texts = [
      ...stringsIn(catalogues.fr),
      newsletterConsentWordingFr,
      savingsOutcomeIn(123_456.5, 'fr'),
      savingsOutcomeIn(0, 'fr'),
      translated('At most 1000 characters.', 'fr'),
    ];
    expect(texts.flatMap(frenchSpacingFaults)).toEqual([]);
  });

  it('keeps English in its own typography, with no narrow no-break space', () => {
    expect(stringsIn(catalogues.en).filter((text) => text.includes('\u202f'))).toEqual([]);
  });
});
