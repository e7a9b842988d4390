/**
 * Finding one email address in stored text, the same way on SQLite and PostgreSQL.
 *
 * The database narrows the search (`mentioning` in repositories/people.ts, through a trigram
 * index); the code then decides: a match counts only as a whole address (`ann@x.io` is not in
 * `joann@x.io`), in a string value of the parsed JSON, whatever its case.
 */

/** The address as it appears inside a JSON string, lower-cased: what to look for in a JSON column. */
export const jsonNeedle = (address: string): string => JSON.stringify(address.toLowerCase()).slice(1, -1);

// Characters that may stand next to an address's local part, or continue its domain.
const localPart = "\\p{L}\\p{N}.!#$%&'*+/=?^_`{|}~-";
const domainPart = '\\p{L}\\p{N}-';
const escapeRegExp = (text: string) => text.replace(/[\\^$.*+?()[\]{}|/]/g, (char) => `\\${char}`);

/** Where an address stands written whole in text, in any case. */
export function addressPattern(address: string): RegExp {
  return new RegExp(`(?<![${localPart}])${escapeRegExp(address)}(?![${domainPart}]|\\.[${domainPart}])`, 'giu');
}

/** Whether any string in a parsed JSON value names the address. */
export function names(value: unknown, pattern: RegExp): boolean {
  if (typeof value === 'string') return value.search(pattern) >= 0;
  if (Array.isArray(value)) return value.some((item) => names(item, pattern));
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).some(([key, item]) => names(key, pattern) || names(item, pattern));
  }
  return false;
}

/** What an erased address becomes in other people's records. */
export const erasedMark = '[erased]';

/** The parsed JSON value with every mention of the address replaced by the erased mark. */
export function without(value: unknown, pattern: RegExp): unknown {
  if (typeof value === 'string') return value.replace(pattern, erasedMark);
  if (Array.isArray(value)) return value.map((item) => without(item, pattern));
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key.replace(pattern, erasedMark), without(item, pattern)]),
    );
  }
  return value;
}
