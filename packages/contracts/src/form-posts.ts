/**
 * The facts a form's native post shares between the page that renders the form and the server
 * that answers it (D30): where it posts, the hidden fields it carries, and the state the server
 * writes into the page it sends back when a submission has errors.
 */

import { newsletterConfirmPath, preferencesPath } from './routes.ts';

/**
 * The forms that post natively, each to its own page's path. The calculator is also on
 * `/calculator/calculate`, which posts to itself; the home page's contact form posts to `/contact`.
 */
export const formActions = {
  enquiry: '/contact',
  demo: '/demo',
  startup: '/startup',
  savings: '/calculator',
  /** The footer's box, which sends its page's path along so that page comes back with a problem. */
  newsletter: '/newsletter',
  confirm: newsletterConfirmPath,
  preferences: preferencesPath,
} as const;
export type PostedForm = keyof typeof formActions;

/** The hidden field naming the form, so a submission posted to another form's action is refused. */
export const formNameField = 'form_name';

/**
 * The hidden field naming the language of the page a form is on (D37): `fr` on the French pages,
 * absent (English) on the others. Its problems, its outcome, its mails and its lead keep it.
 */
export const languageField = 'language';

/** Where a successful native post lands (303 See Other): `?form=…&reference=…`, never a field. */
export const outcomePath = '/sent';

/** A submission's reference as the outcome page shows it: the id the service gave it. */
export const referencePattern = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * The hidden form stamp's value in the built page. The server puts the stamp of the current
 * window in its place, the same for every visitor (D35), so a page without JavaScript proves it
 * was loaded, and no sooner than that (D30).
 */
export const formStampStandIn = 'gm-form-stamp-stand-in';

/**
 * The state a form's page is rendered with on demand after a native post (D35): the values
 * typed, the message of each field in error, and one for the whole form (a 429 or a 503). The
 * form's island takes it as props, so hydration finds the page as it was rendered.
 */
export type FormPageState = {
  /** Each field's text as sent: a box's value when ticked, a radio's or an option's when chosen. */
  values: Record<string, string>;
  errors: Record<string, string>;
  alert?: string;
};

/** The error summary's heading (the GOV.UK pattern). */
export const errorSummaryTitle = 'There is a problem';
