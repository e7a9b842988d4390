import { bookingZones } from '@growmail/contracts/demo-booking';
import { formatDate } from '@growmail/contracts/dates';
import { frenchZoneLabel, frenchZoneName, hasFrenchCity, steadyOffset } from '@growmail/contracts/zone-names';
import type { FastifyInstance } from 'fastify';
import { parse } from 'node-html-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '@growmail/test-support/app';

/**
 * Names a French reader in West or Central Africa reads as written in French (D43): the two CFA
 * francs by their regions, time zones by their cities, the first of the month as "1er".
 */
let app: FastifyInstance;
beforeAll(async () => {
  app = await testApp();
});
afterAll(() => app.close());

const page = async (path: string) => {
  const response = await app.inject(path);
  expect(response.statusCode, path).toBe(200);
  return parse(response.body);
};

describe('the French names of currencies, zones and dates (D43)', () => {
  it('names the two CFA francs by their regions in the French currency choice', async () => {
    const choices = (await page('/fr/pricing'))
      .querySelectorAll('input[name="currency"]')
      .map((radio) => [radio.getAttribute('value'), radio.parentNode?.text.trim()]);
    expect(choices).toContainEqual(['XOF', 'FCFA – UEMOA (XOF)']);
    expect(choices).toContainEqual(['XAF', 'FCFA – CEMAC (XAF)']);
    expect((await page('/fr/pricing')).querySelector('#pricing')?.text).not.toMatch(/F\s+CFA/);
  });

  it('writes the contact brackets as French writes a range, and says the first in words (D10)', async () => {
    const html = await page('/fr/pricing');
    const options = html.querySelectorAll('#pricing-bracket option').map((option) => option.text);
    expect(options[0]).toBe('0\u2013499\u202f999');
    expect(options.join(' ')).not.toMatch(/\d - \d/);
    expect(html.querySelector('#pricing [role="status"]')?.text).toMatch(/, jusqu’à 499\u202f999 contacts\.$/);
    expect((await page('/pricing')).querySelector('#pricing [role="status"]')?.text).toMatch(
      /, for 0 - 499,999 contacts\.$/,
    );
  });

  it('offers Abidjan’s time first, chosen, on the French demo page without JavaScript, each zone by its city', async () => {
    const options = (await page('/fr/demo')).querySelectorAll('select[name="zone"] option');
    expect(options[0]?.getAttribute('value')).toBe('Africa/Abidjan');
    expect(options[0]?.hasAttribute('selected')).toBe(true);
    const labels = options.map((option) => option.text);
    // The French-speaking capitals together, first, each zone without summer time with its offset.
    expect(labels.slice(0, 12)).toEqual([
      'Heure d’Abidjan (GMT)',
      'Heure de Dakar (GMT)',
      'Heure de Bamako (GMT)',
      'Heure d’Ouagadougou (GMT)',
      'Heure de Niamey (GMT+1)',
      'Heure de Lomé (GMT)',
      'Heure de Porto-Novo (GMT+1)',
      'Heure de Douala, Yaoundé (GMT+1)',
      'Heure de Libreville (GMT+1)',
      'Heure de N’Djamena (GMT+1)',
      'Heure de Kinshasa (GMT+1)',
      'Heure de Lagos (GMT+1)',
    ]);
    expect(labels).toContain('Heure du Caire');
    expect(labels).toContain('Heure d’Addis-Abeba (GMT+3)');
    expect(labels).toContain('Temps universel (UTC)');
    expect(labels).toContain('Heure de Paris');
    expect(labels).toContain('Heure de New York');
    expect(labels).toContain('Heure de Calcutta (GMT+5\u00a0h\u00a030)');
    expect(labels.join(' ')).not.toMatch(/Africa|America|Europe|Asia|Australia|_/);
    expect(labels).toHaveLength(bookingZones.length);
  });

  it('keeps the English demo page on the team’s zone, named as before', async () => {
    const first = (await page('/demo')).querySelector('select[name="zone"] option[selected]');
    expect(first?.getAttribute('value')).toBe('Africa/Lagos');
    expect(first?.text).toBe('Africa / Lagos');
  });

  it('says a zone as a reader does, with the elision and the article French wants', () => {
    expect(frenchZoneName('Africa/Abidjan')).toBe('heure d’Abidjan');
    expect(frenchZoneName('Africa/Douala')).toBe('heure de Douala');
    expect(frenchZoneName('Africa/Kinshasa')).toBe('heure de Kinshasa');
    expect(frenchZoneName('Africa/Cairo')).toBe('heure du Caire');
    expect(frenchZoneName('Europe/Istanbul')).toBe('heure d’Istanbul');
    expect(frenchZoneName('America/New_York')).toBe('heure de New York');
    expect(frenchZoneName('Africa/Ouagadougou')).toBe('heure d’Ouagadougou');
    expect(frenchZoneName('Africa/Lome')).toBe('heure de Lomé');
    expect(frenchZoneName('Africa/Algiers')).toBe('heure d’Alger');
    expect(frenchZoneName('UTC')).toBe('temps universel');
  });

  // A browser may post any zone, and the list then shows it: never `heure de Lome`.
  it.each(Intl.supportedValuesOf('timeZone').filter((zone) => zone.startsWith('Africa/')))(
    'has a French name for %s',
    (zone) => {
      expect(hasFrenchCity(zone)).toBe(true);
      expect(frenchZoneLabel(zone)).toMatch(/^Heure (?:de |d’|du )\p{Lu}/u);
    },
  );

  it('gives an offset only to a zone that keeps it all year', () => {
    expect(steadyOffset('Africa/Abidjan')).toBe('GMT');
    expect(steadyOffset('Asia/Kolkata')).toBe('GMT+5:30');
    expect(steadyOffset('Europe/Paris')).toBeUndefined();
    expect(steadyOffset('America/New_York')).toBeUndefined();
    // Morocco leaves GMT+1 during Ramadan.
    expect(steadyOffset('Africa/Casablanca', 2026)).toBeUndefined();
  });

  it('writes the first of the month as “1er” in French, and every other day as Intl does', () => {
    const french = new Intl.DateTimeFormat('fr', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
    const english = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', timeZone: 'UTC' });
    expect(formatDate(french, new Date('2026-11-01'))).toBe('1er novembre 2026');
    expect(formatDate(french, new Date('2026-11-11'))).toBe('11 novembre 2026');
    expect(formatDate(french, new Date('2026-11-21'))).toBe('21 novembre 2026');
    expect(formatDate(english, new Date('2026-11-01'))).toBe('1 November');
  });

  it('shows the French terms as last updated on the “1er novembre”', async () => {
    expect((await page('/fr/terms')).querySelector('time')?.text).toBe('1er novembre 2026');
  });
});
