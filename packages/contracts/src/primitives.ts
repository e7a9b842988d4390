import * as z from 'zod/mini';
import { languages } from './language.ts';
import { messages, tooLongMessage } from './messages.ts';
import { hasControlCharacters, isEmail } from './rules.ts';

/**
 * The field schemas every contracts schema is built from: email, required and optional text,
 * bounded numbers and option values, in zod/mini. Each checks with the plain rule of rules.ts,
 * so a form and the service it posts to cannot disagree about an address. Pages that carry
 * no schema library import rules.ts alone: this module brings zod with it.
 */

/** The text rule of every field: no control characters (tab and newline are fine). */
export const plainText = () => z.refine<string>((value) => !hasControlCharacters(value), messages.controlCharacters);

const atMost = (max: number) => z.maxLength(max, tooLongMessage(messages, max));

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

/**
 * The language of the page a form was sent from (D37), which its answer, its mails and its lead
 * keep: optional, English when absent. A native post carries it as a hidden field (`language`).
 */
export const optionalLanguage = () => z.optional(z.enum(languages, { error: "language must be 'en' or 'fr'." }));
