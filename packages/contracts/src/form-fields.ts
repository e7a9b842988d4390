import { messages } from './messages.ts';

/**
 * Form facts with no schema library behind them, light enough for any page's JavaScript.
 * The zod schemas in forms.ts use the same pattern and messages; a test holds the two to
 * the same answers.
 */

/** Spec §5's "basic email pattern": something, @, something, a dot, something; no spaces. */
export const basicEmailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Characters no text field accepts: the C0 controls but tab and newline (a carriage return
 * only as part of CRLF), DEL and the C1 controls. They have no place in a name or a message,
 * PostgreSQL refuses NUL, and in an operator's terminal they can recolour or retitle it.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
export const controlCharacterPattern = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]|\r(?!\n)/;
export const hasControlCharacters = (value: string): boolean => controlCharacterPattern.test(value);

export const enquiryFields = ['fullname', 'email', 'subject', 'body'] as const;
export type EnquiryField = (typeof enquiryFields)[number];

/** The contact form's check of one field (spec §5): trimmed for emptiness, then the email pattern. */
export function enquiryFieldError(field: EnquiryField, value: string): string | null {
  const trimmed = value.trim();
  if (!trimmed) return messages.required[field];
  if (field === 'email' && (trimmed.length > 254 || !basicEmailPattern.test(trimmed))) return messages.invalidEmail;
  if (trimmed.length > (field === 'body' ? 5000 : 200)) return `At most ${field === 'body' ? 5000 : 200} characters.`;
  if (hasControlCharacters(trimmed)) return messages.controlCharacters;
  return null;
}

/**
 * The hidden field every form carries. People never see it; a bot that fills it gets an
 * ordinary success answer and nothing is stored.
 */
export const honeypotField = 'homepage';

/** The segment of the unsubscribe path that means every list (spec §7, D17). */
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
 * A field's error as the services send it in `error` (spec §3): "metadata.email: Invalid email
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

export type SubmissionAccepted = { id: string; message: string };
