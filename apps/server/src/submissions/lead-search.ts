import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/max';
import { isEmail } from '@growmail/contracts/rules';
import { maskContacts } from '../people/masking.ts';
import type { LeadSearch, LeadSearchKeys } from '../repositories/leads.ts';

/**
 * Finding a lead by what a customer says on the phone (issue 54): a name, a company, a number
 * in any common format, part of an address, or a domain. Each lead keeps its search keys beside
 * its fields (`searchKeys`, written with it); a query is read here into one kind of lookup, and
 * the leads repository runs it on the indexes of migration 0026.
 */

const text = (value: unknown) => (typeof value === 'string' ? value : value === undefined ? '' : JSON.stringify(value));

/** The person's name, whichever form they used. */
export function leadName(fields: Record<string, unknown>): string {
  const whole = fields.fullname ?? fields.name;
  if (typeof whole === 'string') return whole;
  return [fields.firstname, fields.lastname].filter((part) => typeof part === 'string').join(' ');
}

/** The company they named, whichever form they used. */
export const leadCompany = (fields: Record<string, unknown>): string => text(fields.company ?? fields.company_name);

/** Text as search compares it: lower case, without accents (Fúnmiláyọ̀ is funmilayo), one space between words. */
export const searchable = (value: string): string =>
  value.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();

/** A number as a search key: E.164 when it was stored so (or written with `+`), otherwise its digits. */
const phoneKey = (value: string): string | null => {
  const digits = value.replace(/\D/g, '');
  if (digits.length === 0) return null;
  return value.trim().startsWith('+') ? `+${digits}` : digits;
};

/**
 * What a lead is found by, from its fields: its name and company as a role that sees contacts
 * masked is shown them (so a viewer's search matches only what the viewer sees, issue 53), and
 * its phone number. Its address is searched from its own column.
 */
export function searchKeys(fields: Record<string, unknown>): LeadSearchKeys {
  const phone = Object.entries(fields).find(([name, value]) => /phone/i.test(name) && typeof value === 'string');
  return {
    search_names: searchable(`${maskContacts(leadName(fields))} ${maskContacts(leadCompany(fields))}`),
    phone: phone ? phoneKey(phone[1] as string) : null,
  };
}

/** Written as a number is: digits with the signs numbers are written with, six digits or more. */
const looksLikePhone = (query: string) => /^[+\d\s().\-/]+$/.test(query) && query.replace(/\D/g, '').length >= 6;
const domainPattern = /^@[a-z0-9-]+(\.[a-z0-9-]+)+$/;

/**
 * The readings of a typed number: written with `+` or `00`, its own; written nationally, one in
 * each of the team's countries where it is valid (`0803 555 0101` in Nigeria is +2348035550101);
 * and its digits, for a number stored as typed because it read in none.
 */
function phoneReadings(query: string, regions: readonly CountryCode[]): string[] {
  const international = query.startsWith('00') ? `+${query.slice(2)}` : query;
  const readings = new Set<string>([phoneKey(international)!]);
  const parsed = international.startsWith('+')
    ? [parsePhoneNumberFromString(international)]
    : regions.map((region) => parsePhoneNumberFromString(international, region));
  for (const number of parsed) if (number?.isValid()) readings.add(number.number);
  return [...readings];
}

/** Why a query cannot be run, and whether it is refused because the role sees contacts masked. */
export type SearchRefusal = { problem: string; masked: boolean };

/**
 * Reads a query, trimmed, into a lookup. A role that sees contacts masked searches names and
 * companies only: a query that looks like an address or a number is refused whatever the leads
 * hold, so the answer never depends on a contact detail it cannot see.
 */
export function readSearch(
  query: string,
  regions: readonly CountryCode[],
  seesContacts: boolean,
): LeadSearch | SearchRefusal {
  const contactQuery = query.includes('@') || looksLikePhone(query);
  if (contactQuery && !seesContacts)
    return {
      problem: 'Your role sees addresses and phone numbers masked, so search by a name or a company instead.',
      masked: true,
    };
  const lower = query.toLowerCase();
  if (isEmail(lower)) return { kind: 'address', address: lower };
  if (domainPattern.test(lower)) return { kind: 'domain', domain: lower.slice(1) };
  if (looksLikePhone(query)) return { kind: 'phone', phones: phoneReadings(query, regions) };
  const words = [...new Set(searchable(query).split(' '))].slice(0, 8);
  if (!words.some((word) => [...word].length >= 3))
    return { problem: 'Type at least three letters of a name, a company or an address.', masked: false };
  return { kind: 'words', words, contacts: seesContacts };
}
