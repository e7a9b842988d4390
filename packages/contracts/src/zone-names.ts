// Plain words and no schema library: the server's mails and pages and the site's demo form use them.
import type { Language } from './language.ts';

/**
 * The cities French writes otherwise than the IANA zone's name does (D43): every `Africa/*`
 * zone, as a browser may post any of them and the list then shows it, and the others the demo
 * picker offers. Any other zone's city is the last part of its name, underscores as spaces
 * (`America/New_York`: New York).
 */
const frenchCities: Record<string, string> = {
  'Africa/Abidjan': 'Abidjan',
  'Africa/Accra': 'Accra',
  'Africa/Addis_Ababa': 'Addis-Abeba',
  'Africa/Algiers': 'Alger',
  'Africa/Asmara': 'Asmara',
  'Africa/Asmera': 'Asmara',
  'Africa/Bamako': 'Bamako',
  'Africa/Bangui': 'Bangui',
  'Africa/Banjul': 'Banjul',
  'Africa/Bissau': 'Bissau',
  'Africa/Blantyre': 'Blantyre',
  'Africa/Brazzaville': 'Brazzaville',
  'Africa/Bujumbura': 'Bujumbura',
  'Africa/Cairo': 'Le Caire',
  'Africa/Casablanca': 'Casablanca',
  'Africa/Ceuta': 'Ceuta',
  'Africa/Conakry': 'Conakry',
  'Africa/Dakar': 'Dakar',
  'Africa/Dar_es_Salaam': 'Dar es Salaam',
  'Africa/Djibouti': 'Djibouti',
  'Africa/Douala': 'Douala',
  'Africa/El_Aaiun': 'Laâyoune',
  'Africa/Freetown': 'Freetown',
  'Africa/Gaborone': 'Gaborone',
  'Africa/Harare': 'Harare',
  'Africa/Johannesburg': 'Johannesburg',
  'Africa/Juba': 'Djouba',
  'Africa/Kampala': 'Kampala',
  'Africa/Khartoum': 'Khartoum',
  'Africa/Kigali': 'Kigali',
  'Africa/Kinshasa': 'Kinshasa',
  'Africa/Lagos': 'Lagos',
  'Africa/Libreville': 'Libreville',
  'Africa/Lome': 'Lomé',
  'Africa/Luanda': 'Luanda',
  'Africa/Lubumbashi': 'Lubumbashi',
  'Africa/Lusaka': 'Lusaka',
  'Africa/Malabo': 'Malabo',
  'Africa/Maputo': 'Maputo',
  'Africa/Maseru': 'Maseru',
  'Africa/Mbabane': 'Mbabane',
  'Africa/Mogadishu': 'Mogadiscio',
  'Africa/Monrovia': 'Monrovia',
  'Africa/Nairobi': 'Nairobi',
  'Africa/Ndjamena': 'N’Djamena',
  'Africa/Niamey': 'Niamey',
  'Africa/Nouakchott': 'Nouakchott',
  'Africa/Ouagadougou': 'Ouagadougou',
  'Africa/Porto-Novo': 'Porto-Novo',
  'Africa/Sao_Tome': 'São Tomé',
  'Africa/Timbuktu': 'Tombouctou',
  'Africa/Tripoli': 'Tripoli',
  'Africa/Tunis': 'Tunis',
  'Africa/Windhoek': 'Windhoek',
  'America/Sao_Paulo': 'São Paulo',
  'Europe/London': 'Londres',
  'Asia/Dubai': 'Dubaï',
  'Asia/Kolkata': 'Calcutta',
  'Asia/Singapore': 'Singapour',
};

/** Where one zone keeps the time of several capitals a reader looks for: Cameroon's. */
const frenchListCities: Record<string, string> = { 'Africa/Douala': 'Douala, Yaoundé' };

const cityOf = (zone: string) => (zone.split('/').at(-1) ?? zone).replaceAll('_', ' ');

/** Whether French has its own name for a zone's city (every `Africa/*` zone has). */
export const hasFrenchCity = (zone: string): boolean => zone in frenchCities;

/**
 * A time zone as a French reader says it (D43): "heure d’Abidjan", "heure de Lagos", "heure du
 * Caire", "temps universel"; never the IANA name ("heure de Africa/Abidjan").
 */
export function frenchZoneName(zone: string, cities: Record<string, string> = frenchCities): string {
  if (zone === 'UTC' || zone === 'Etc/UTC') return 'temps universel';
  const city = cities[zone] ?? frenchCities[zone] ?? cityOf(zone);
  if (city.startsWith('Le ')) return `heure du ${city.slice('Le '.length)}`;
  return /^[AEIOUÉÈÊÂÎÔÛ]/i.test(city) ? `heure d’${city}` : `heure de ${city}`;
}

/**
 * A zone's offset from GMT when it keeps one all year ("GMT", "GMT+1", "GMT+5:30"); none for a
 * zone that changes it (Europe, the Americas, Morocco in Ramadan), whose offset would be wrong
 * for part of the year. Read at the first and fifteenth of each month of `year`.
 */
export function steadyOffset(zone: string, year = new Date().getUTCFullYear()): string | undefined {
  const format = new Intl.DateTimeFormat('en-GB', { timeZone: zone, timeZoneName: 'shortOffset' });
  const offsets = new Set(
    Array.from({ length: 24 }, (_, index) => {
      const at = new Date(Date.UTC(year, Math.floor(index / 2), index % 2 === 0 ? 1 : 15, 12));
      return format.formatToParts(at).find((part) => part.type === 'timeZoneName')?.value;
    }),
  );
  // Some ICU versions write Greenwich's own offset 'GMT+0'.
  return offsets.size === 1 ? [...offsets][0]?.replace(/^GMT\+0$/, 'GMT') : undefined;
}

/**
 * A zone as the French demo picker lists it: "Heure d’Abidjan (GMT)", "Heure de Douala, Yaoundé
 * (GMT+1)", "Heure de Calcutta (GMT+5 h 30)", "Heure de Paris", "Temps universel (UTC)".
 */
export function frenchZoneLabel(zone: string): string {
  if (zone === 'UTC' || zone === 'Etc/UTC') return 'Temps universel (UTC)';
  const name = frenchZoneName(zone, frenchListCities);
  // Half hours as French writes a time: 'GMT+5\u00a0h\u00a030'.
  const offset = steadyOffset(zone)?.replace(/:(\d\d)$/, '\u00a0h\u00a0$1');
  return `${name.charAt(0).toUpperCase()}${name.slice(1)}${offset ? ` (${offset})` : ''}`;
}

/**
 * A zone as a reader of the language says it after a time: "Africa/Lagos time" in English, as
 * before; "heure d’Abidjan" in French.
 */
export const zoneInWords = (zone: string, language: Language): string =>
  language === 'fr' ? frenchZoneName(zone) : `${zone.replaceAll('_', ' ')} time`;

/**
 * Cities the runtime's ICU still lists under names their zones have since changed
 * (`Intl.supportedValuesOf('timeZone')` gives `Asia/Calcutta`, not `Asia/Kolkata`). The zone
 * stays as ICU names it, since that is the value stored and compared; only its words are today's.
 */
const renamedCities: Record<string, string> = {
  'Africa/Asmera': 'Asmara',
  'America/Godthab': 'Nuuk',
  'Asia/Calcutta': 'Kolkata',
  'Asia/Katmandu': 'Kathmandu',
  'Asia/Rangoon': 'Yangon',
  'Asia/Saigon': 'Ho Chi Minh City',
  'Atlantic/Faeroe': 'Faroe Islands',
  'Europe/Kiev': 'Kyiv',
  'Pacific/Enderbury': 'Kanton',
};

/** A zone's city in English, by its name today. */
const englishCityOf = (zone: string) => renamedCities[zone] ?? cityOf(zone);

/** A zone in English words, as the console's zone list offers it: "Lagos · West Africa Time", "Kolkata · India Standard Time". */
export function englishZoneLabel(zone: string): string {
  if (zone === 'UTC' || zone === 'Etc/UTC') return 'Coordinated Universal Time';
  const format = new Intl.DateTimeFormat('en-GB', { timeZone: zone, timeZoneName: 'longGeneric' });
  const generic = format.formatToParts(0).find((part) => part.type === 'timeZoneName')?.value;
  return generic ? `${englishCityOf(zone)} · ${generic}` : englishCityOf(zone);
}

let choices: Array<{ zone: string; label: string }> | undefined;

/** Every zone the runtime knows, by its IANA name, with its words: the list a zone is picked from. Made once. */
export function zoneChoices(): Array<{ zone: string; label: string }> {
  choices ??= Intl.supportedValuesOf('timeZone').map((zone) => ({ zone, label: englishZoneLabel(zone) }));
  return choices;
}

const typed = (text: string) => text.trim().toLowerCase().replaceAll('_', ' ');

/**
 * The zone named by its city as a person types it ("lagos", "New York", "Kolkata" or "Calcutta"), or by its words as the
 * list shows them ("Lagos · West Africa Time"); none when no zone, or more than one, has it.
 */
export function zoneOfCity(text: string): string | undefined {
  const wanted = typed(text);
  const found = zoneChoices().filter(
    ({ zone, label }) =>
      typed(cityOf(zone)) === wanted || typed(englishCityOf(zone)) === wanted || label.toLowerCase() === wanted,
  );
  return found.length === 1 ? found[0]!.zone : undefined;
}
