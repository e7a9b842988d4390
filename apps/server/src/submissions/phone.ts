import { parsePhoneNumberFromString } from 'libphonenumber-js/max';

/**
 * A phone number as stored: E.164 (+2348031234567) when it parses as a valid international
 * number, otherwise exactly what the visitor typed, trimmed. Nothing is rejected: a number
 * we cannot parse is still a way to reach a real person.
 */
export function normalisePhone(typed: string): string {
  const trimmed = typed.trim();
  const parsed = parsePhoneNumberFromString(trimmed.startsWith('00') ? `+${trimmed.slice(2)}` : trimmed);
  return parsed?.isValid() ? parsed.number : trimmed;
}
