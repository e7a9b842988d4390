import { messages, tooLongMessage, type Messages } from './messages.ts';
import { hasControlCharacters, isEmail } from './rules.ts';

/**
 * Form facts with no schema library behind them, light enough for any page's JavaScript.
 * They and the zod schemas in forms.ts are built on the same rules (primitives.ts); a test
 * holds the two to the same answers.
 */

export const enquiryFields = ['fullname', 'email', 'subject', 'body'] as const;
export type EnquiryField = (typeof enquiryFields)[number];

/** The longest text each contact form field takes; the email's limit is part of `isEmail`. */
export const enquiryMaxLengths = { fullname: 200, subject: 200, body: 5000 } as const;

/**
 * The contact form's check of one field, as enquirySchema checks it: trimmed for emptiness, then
 * its rule; its message from the page's catalogue (English unless given another).
 */
export function enquiryFieldError(field: EnquiryField, value: string, catalogue: Messages = messages): string | null {
  const trimmed = value.trim();
  if (!trimmed) return catalogue.required[field];
  if (hasControlCharacters(trimmed)) return catalogue.controlCharacters;
  if (field === 'email') return isEmail(trimmed) ? null : catalogue.invalidEmail;
  const max = enquiryMaxLengths[field];
  return trimmed.length > max ? tooLongMessage(catalogue, max) : null;
}

/**
 * The hidden field every form carries. People never see it; a bot that fills it gets an
 * ordinary success answer. A lead form's submission with it filled is quarantined, other
 * forms store nothing.
 */
export const honeypotField = 'homepage';

/**
 * The field a lead form sends its signed time stamp in: the server issues the stamp when the
 * form appears, and a submission sent sooner after it than a person could fill the form in is
 * quarantined.
 */
export const formStampField = 'form_stamp';

/** The segment of the unsubscribe path that means every list (spec "Calls made", D17). */
export const allListsSegment = '*';

/**
 * The unsubscribe call's path parts from a tracking id (D17): its parts are dot-separated and
 * the list id comes first, which makes it the fourth-to-last segment of the call.
 */
export function unsubscribePath(trackingId: string, scope: 'list' | 'all'): string {
  const parts = trackingId.split('.');
  if (scope === 'all') parts[0] = allListsSegment;
  return parts.map(encodeURIComponent).join('/');
}

/**
 * What the footer tells a visitor before they subscribe. The server records this exact
 * wording with their consent (D23), so the site and the record cannot differ.
 */
export const newsletterConsentWording =
  'Tips on growing revenue from your customers, once a month. We email you a link to confirm, and every email lets you unsubscribe.';

/**
 * A field's error as the services send it in `error` (spec "Entities"): "metadata.email: Invalid email
 * address." The server writes it with `formatFieldError`, the forms read it back with
 * `parseFieldError`; a test holds the two together.
 */
export const formatFieldError = (path: readonly PropertyKey[], message: string): string =>
  path.length > 0 ? `${path.map(String).join('.')}: ${message}` : message;

/** The field path and message of a field error; null for an error that names no field. */
export function parseFieldError(text: string): { path: string[]; message: string } | null {
  const match = /^([\w]+(?:\.[\w]+)*): (.+)$/s.exec(text);
  return match ? { path: match[1]!.split('.'), message: match[2]! } : null;
}

/** What every form's service answers when it has stored a submission. */
export type SubmissionAccepted = { id: string; message: string };
