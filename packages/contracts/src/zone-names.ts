// Plain words and no schema library: the server's mails and pages and the site's demo form use them.
import type { Language } from './language.ts';

/**
 * The cities French writes otherwise than the IANA zone's name does (D43); any other zone's city
 * is the last part of its name, underscores as spaces (`America/New_York`: New York).
 */
const frenchCities: Record<string, string> = {
  'Africa/Cairo': 'Le Caire',
  'Africa/Addis_Ababa': 'Addis-Abeba',
  'America/Sao_Paulo': 'São Paulo',
  'Europe/London': 'Londres',
  'Asia/Dubai': 'Dubaï',
  'Asia/Kolkata': 'Calcutta',
  'Asia/Singapore': 'Singapour',
};

const cityOf = (zone: string) => (zone.split('/').at(-1) ?? zone).replaceAll('_', ' ');

/**
 * A time zone as a French reader says it (D43): "heure d’Abidjan", "heure de Lagos", "heure du
 * Caire", "heure UTC"; never the IANA name ("heure de Africa/Abidjan").
 */
export function frenchZoneName(zone: string): string {
  if (zone === 'UTC' || zone === 'Etc/UTC') return 'heure UTC';
  const city = frenchCities[zone] ?? cityOf(zone);
  if (city.startsWith('Le ')) return `heure du ${city.slice('Le '.length)}`;
  return /^[AEIOUÉÈÊÂÎÔÛ]/i.test(city) ? `heure d’${city}` : `heure de ${city}`;
}

/**
 * A zone as a reader of the language says it after a time: "Africa/Lagos time" in English, as
 * before; "heure d’Abidjan" in French.
 */
export const zoneInWords = (zone: string, language: Language): string =>
  language === 'fr' ? frenchZoneName(zone) : `${zone.replaceAll('_', ' ')} time`;
