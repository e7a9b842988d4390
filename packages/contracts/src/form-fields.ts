import { messages } from './messages.ts';

/**
 * Form facts with no schema library behind them, light enough for any page's JavaScript.
 * The zod schemas in forms.ts use the same pattern and messages; a test holds the two to
 * the same answers.
 */

/** Spec §5's "basic email pattern": something, @, something, a dot, something; no spaces. */
export const basicEmailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const enquiryFields = ['fullname', 'email', 'subject', 'body'] as const;
export type EnquiryField = (typeof enquiryFields)[number];

/** The contact form's check of one field (spec §5): trimmed for emptiness, then the email pattern. */
export function enquiryFieldError(field: EnquiryField, value: string): string | null {
  const trimmed = value.trim();
  if (!trimmed) return messages.required[field];
  if (field === 'email' && (trimmed.length > 254 || !basicEmailPattern.test(trimmed))) return messages.invalidEmail;
  if (trimmed.length > (field === 'body' ? 5000 : 200)) return `At most ${field === 'body' ? 5000 : 200} characters.`;
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

export type SubmissionAccepted = { id: string; message: string };
