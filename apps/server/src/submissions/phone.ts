import type { Language } from '@growmail/contracts/language';
import { isSupportedCountry, parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/max';

/**
 * The site's markets, by the language of their pages (its currencies' countries), the most
 * written first: where a number written without its country code is looked for.
 */
export const marketsByLanguage: Record<Language, readonly CountryCode[]> = {
  en: ['NG', 'KE', 'GH'],
  fr: ['CI', 'SN', 'CM'],
};

/** Every market, for reading a number when the language of its page is not known. */
export const marketRegions: readonly CountryCode[] = [...marketsByLanguage.en, ...marketsByLanguage.fr];

/** Whether a setting names a country libphonenumber knows (ISO 3166 alpha-2, upper case). */
export const isPhoneCountry = (code: string): code is CountryCode => isSupportedCountry(code);

/**
 * Where a number typed on a page of `language` is read: the team's country first when it is one
 * of that language's markets, then those markets, then the team's country.
 */
export function regionsFor(language: Language, teamCountry: CountryCode): CountryCode[] {
  const markets = marketsByLanguage[language];
  return [...new Set([...(markets.includes(teamCountry) ? [teamCountry] : []), ...markets, teamCountry])];
}

/**
 * A phone number as stored: E.164 (+2348031234567) when it is valid written internationally
 * (`+`, or `00`), or written nationally in one of `regions` (the first in which it is valid);
 * otherwise exactly what the visitor typed, trimmed. Nothing is rejected: a number we cannot
 * read is still a way to reach a real person.
 */
export function normalisePhone(typed: string, regions: readonly CountryCode[]): string {
  const trimmed = typed.trim();
  const international = trimmed.startsWith('00') ? `+${trimmed.slice(2)}` : trimmed;
  if (international.startsWith('+')) {
    const parsed = parsePhoneNumberFromString(international);
    return parsed?.isValid() ? parsed.number : trimmed;
  }
  for (const region of regions) {
    const parsed = parsePhoneNumberFromString(trimmed, region);
    if (parsed?.isValid()) return parsed.number;
  }
  return trimmed;
}

/** A checked setting's country code, typed as one libphonenumber knows. */
export function phoneCountry(code: string): CountryCode {
  if (!isPhoneCountry(code)) throw new Error(`${code} is not a country libphonenumber knows.`);
  return code;
}
