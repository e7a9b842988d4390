import type { TeamRole } from '@growmail/contracts/team';
import { may } from '@growmail/contracts/team-access';
import { findNumbers } from 'libphonenumber-js/max';
import { marketRegions } from '../submissions/phone.ts';

/** An address as a masked role sees it (D41): the first letter and the domain. */
export function maskAddress(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '•••';
  return `${email[0]}•••${email.slice(at)}`;
}

/** A phone number as a masked role sees it: its last two characters. */
export const maskPhone = (phone: string): string => (phone.length <= 2 ? '•••' : `•••${phone.slice(-2)}`);

/**
 * The countries whose numbers people write without their country code: the site's markets. A
 * number written with `+` or `00` is found whatever its country.
 */
const localRegions = marketRegions;

/** Something, @, something with a dot; the address ends before a space or a sign that cannot be in it. */
const addressPattern = /[^\s@<>()[\]{}"',;:]+@[^\s@<>()[\]{}"',;:]+\.[^\s@<>()[\]{}"',;:]*[^\s@<>()[\]{}"',;:.]/gu;

/**
 * What libphonenumber would take for a number, but is not one: digits after a letter or digit
 * and a joiner (`ORD-2024-000123`) are part of an id, and a date such as 2026-01-31 is a date.
 */
const notANumber = (text: string, start: number, end: number) =>
  /[\p{L}\p{N}][-/_#]$/u.test(text.slice(Math.max(0, start - 2), start)) ||
  /^(\d{4}-\d{1,2}-\d{1,2}|\d{1,2}[-/.]\d{1,2}[-/.]\d{2,4})$/.test(text.slice(start, end));

/** Digits with the signs numbers are written with between them. */
const digitRun = /\+?\d[\d\s().\-/]*\d/g;
/**
 * Whether a run has the digits of a number, so it is worth reading: in libphonenumber's metadata
 * the shortest number has six with its country code (Austria's +43 and four), and no local number
 * in the markets has fewer than seven. Amounts and years are skipped without a lookup.
 */
const longEnough = (run: string) => run.replace(/\D/g, '').length >= (run.startsWith('+') ? 6 : 7);
/** Characters either side of a run that libphonenumber reads too: a letter glued to the digits, a `(` before them. */
const context = 8;

/**
 * Where libphonenumber finds a valid number in the text, read as written in each local region in
 * turn (a number with its country code is found in any), until one covers the run.
 */
function phoneSpans(text: string): Array<[number, number]> {
  const spans: Array<[number, number]> = [];
  for (const run of text.matchAll(digitRun)) {
    if (!longEnough(run[0])) continue;
    const from = Math.max(0, run.index - context);
    const window = text.slice(from, run.index + run[0].length + context);
    for (const region of localRegions) {
      const found = findNumbers(window, { defaultCountry: region, v2: true })
        .map(({ startsAt, endsAt }): [number, number] => [from + startsAt, from + endsAt])
        .filter(([start, end]) => !notANumber(text, start, end));
      spans.push(...found);
      if (found.some(([start, end]) => start <= run.index && end >= run.index + run[0].length)) break;
    }
  }
  return spans.sort((a, b) => a[0] - b[0]);
}

function maskPhones(text: string): string {
  let masked = '';
  let from = 0;
  for (const [start, end] of phoneSpans(text)) {
    if (end <= from) continue;
    const begin = Math.max(start, from);
    masked += text.slice(from, begin) + maskPhone(text.slice(begin, end));
    from = end;
  }
  return masked + text.slice(from);
}

/**
 * Free text with every address and phone number in it masked as the fields are. libphonenumber
 * may take the start of a number into the one before it (`+221 77 123 45 67, 77 123…`), so the
 * masked text is read again until nothing more is found.
 */
export function maskContacts(text: string): string {
  let masked = text.replace(addressPattern, maskAddress);
  for (let pass = 0; pass < 4; pass++) {
    const again = maskPhones(masked);
    if (again === masked) break;
    masked = again;
  }
  return masked;
}

/** A form's field by its name: a phone or an address field masked whole, any other as free text. */
function maskField(name: string, value: string): string {
  if (/phone/i.test(name)) return maskPhone(value);
  if (/email/i.test(name)) return maskAddress(value);
  return maskContacts(value);
}

const shownWhole = (text: string) => text;

/** What a member of this role is shown of people's contact details: all of it, or masked (D41). */
export const contactsFor = (role: TeamRole) =>
  may(role, 'contacts.see')
    ? { address: shownWhole, text: shownWhole, field: (_name: string, value: string) => value }
    : { address: maskAddress, text: maskContacts, field: maskField };
