import * as z from 'zod/mini';
import { messages } from './messages.ts';

/**
 * The rules every schema and form is built from: email, text, numbers and money. Each rule
 * is written once here, as a plain function for the pages that carry no schema library and
 * as a zod/mini schema built on that function for the schemas, so a form and the service it
 * posts to cannot disagree about an address.
 *
 * The schema builders are functions, not values, so a page that imports only `isEmail` or
 * `roundMoney` pulls in no zod at all.
 */

/** The forms' "basic email pattern" (Validation rules): something, @, something, a dot, something; no spaces. */
export const basicEmailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** The longest address SMTP can carry (RFC 5321). */
export const maxEmailLength = 254;

/**
 * Characters no text field accepts: the C0 controls but tab and newline (a carriage return
 * only as part of CRLF), DEL and the C1 controls. They have no place in a name or a message,
 * PostgreSQL refuses NUL, and in an operator's terminal they can recolour or retitle it.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
export const controlCharacterPattern = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]|\r(?!\n)/;
export const hasControlCharacters = (value: string): boolean => controlCharacterPattern.test(value);

/** Whether trimmed text is an email address the forms and services accept. */
export const isEmail = (text: string): boolean =>
  text.length <= maxEmailLength && basicEmailPattern.test(text) && !hasControlCharacters(text);

/** Rounds to cents, half away from zero, without binary surprises (0.00083 × 1000 is 0.83, not 0.8300000000000001). */
export function roundMoney(amount: number): number {
  if (!Number.isFinite(amount)) throw new RangeError(`Not a finite amount: ${amount}`);
  const cents = Math.round(Math.abs(Number((amount * 100).toPrecision(15))));
  const rounded = (Math.sign(amount) * cents) / 100;
  return rounded === 0 ? 0 : rounded;
}

/** The text rule of every field: no control characters (tab and newline are fine). */
export const plainText = () => z.refine<string>((value) => !hasControlCharacters(value), messages.controlCharacters);

const atMost = (max: number) => z.maxLength(max, `At most ${max} characters.`);

/** Required text: trimmed, then at least one character, at most `max`, and plain. */
export const requiredText = (message: string, max = 200) =>
  z.string({ error: message }).check(z.trim(), z.minLength(1, message), atMost(max), plainText());

/** Optional text under the same rule, trimmed. */
export const optionalText = (max = 200) => z.optional(z.string().check(z.trim(), atMost(max), plainText()));

/** A required email address: trimmed, then `isEmail`. */
export const email = () =>
  z
    .string({ error: messages.required.email })
    .check(z.trim(), z.minLength(1, messages.required.email), plainText(), z.refine(isEmail, messages.invalidEmail));

/**
 * A finite number from `min` to `max` (above `min` when `exclusiveMin`), so nothing downstream
 * meets 1e300; `message` when it is not a number.
 */
export const boundedNumber = (min: number, max: number, message?: string, { exclusiveMin = false } = {}) =>
  z.number(message ? { error: message } : undefined).check(exclusiveMin ? z.gt(min) : z.gte(min), z.lte(max));

/** A required choice among `options`' values; `message` when it is missing or not one of them. */
export const optionValue = <T extends readonly { value: string }[]>(options: T, message: string) =>
  z.enum(options.map((option) => option.value) as [T[number]['value'], ...T[number]['value'][]], { error: message });
