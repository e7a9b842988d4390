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
    ['1 000 crédits', 1],
    ['1\u00a0000 crédits', 1],
    ['Entre 100 000 et 1 000 000', 3],
    ['99,9 % des emails', 1],
    ['99,9% des emails', 1],
    ['+16 \u00a0%', 1],
    ['jusqu’à 500 $', 1],
    ['5\u202f000\u202f$', 1],
    ['5\u202f000$', 1],
    ['12\u202f500 F\u202fCFA', 1],
    ['80,00 Ksh, 9,80 GH₵, 1 000,00 ₦', 4],
    ['lundi 23 novembre à 09:00', 1],
    ['de 9:30 à 17:00', 2],
    ['à 9 h 00', 1],
    ['à 9h30', 1],
    ['à 9\u202fh\u202f30', 1],
    ["l'offre Growth", 1],
  ])('finds the faults in %j', (text, count) => {
    expect(frenchSpacingFaults(text)).toHaveLength(count);
  });

  it.each([
    'Bonjour\u202f! Quoi\u202f?! Ainsi\u202f: oui\u202f; «\u202ftexte\u202f».',
    'Un ratio de 3:1, ou 3:1:2.',
    'Le lundi à 9\u00a0h\u00a000, puis à 14\u00a0h\u00a030, et à 3\u00a0h du matin, pendant 24\u00a0heures.',
    'Aujourd’hui, l’offre Growth.',
    'Ouvrez https://growmail.io/fr/sent?form=enquiry ou mailto:hello@growmail.io',
    'Vos 1\u202f000 premiers crédits, 99,9\u202f% en boîte de réception, +16\u202f% d’ouvertures.',
    'De 1\u202f000 à 5\u202f000\u00a0$, 12\u202f500\u00a0F\u202fCFA, 80,00\u00a0Ksh, de 500 à 999 clients.',
    new Intl.NumberFormat('fr').format(1_234_567.5),
    // Intl('fr') writes U+00A0 before %, where the copy writes U+202F: either keeps it on the line.
    new Intl.NumberFormat('fr', { style: 'percent', maximumFractionDigits: 1 }).format(0.999),
    new Intl.NumberFormat('fr', { style: 'currency', currency: 'USD', currencyDisplay: 'narrowSymbol' }).format(5000),
    new Intl.NumberFormat('fr', { style: 'currency', currency: 'XOF' }).format(12_500),
    'Depuis 2026, 1500 équipes et 12 mois offerts.',
    'Cherchez https://growmail.io/docs?q=99%25%20de 1 à 5.',
  ])('finds none in %j', (text) => {
    expect(frenchSpacingFaults(text)).toEqual([]);
  });
});

describe('French typography in the catalogues (D37)', () => {
  it('puts a narrow no-break space before ? ! : ; %, inside « » and between digit groups in every French text', () => {
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
