import type { Wording } from './language.ts';

/**
 * What the lead forms tell a visitor (spec "Validation rules", "Error catalogue"), word for word. The site shows them and
 * the server answers with them, so the two never drift apart. The French catalogue, of the same
 * keys, is ./messages-fr.ts: a page's island is given its page's catalogue, so an English page
 * never ships the French words.
 */
export const messages = {
  required: {
    fullname: 'Full name is required.',
    email: 'Email address is required.',
    subject: 'Subject of message is required.',
    body: 'Body of message is required.',
    firstname: 'First name is required.',
    lastname: 'Last name is required.',
    company_name: 'Company name is required.',
    phone_number: 'Phone number is required.',
    subscribers: 'Number of users is required.',
    user_count: 'Number of app users is required.',
    annual_budget: 'Annual email marketing budget is required.',
  },
  invalidEmail: 'Invalid email address.',
  networkFailure: 'Oops! An error occurred. Please try again.',
  demoSubmitted: 'Request submitted successfully',
  startupSubmitted: 'Application submitted successfully',
  formFailed: 'An error occurred. Please try again.',
  badConfirmationLink: 'This confirmation link is not valid or has expired. Subscribe again to get a new one.',
  confirmFailed: 'We could not confirm your subscription. Please try again.',
  subscribeFailed: 'We could not subscribe you. Please try again.',
  preferencesSaved: 'Preferences set successfully.',
  preferencesFailed: 'Could not set your preferences. Please try again.',
  controlCharacters: 'Contains characters that are not allowed.',
} as const;

/**
 * The lead forms' words in one language: the English catalogue's keys, and two that the English
 * pages' script does without (the byte budgets): the error summary's heading (form-posts'
 * `errorSummaryTitle` in English) and the "at most" message, `{max}` standing for the limit.
 */
export type Messages = Wording<typeof messages> & { readonly errorSummary?: string; readonly tooLong?: string };

/** A field's "at most" message in the catalogue's words. */
export const tooLongMessage = (catalogue: Messages, max: number): string =>
  (catalogue.tooLong ?? 'At most {max} characters.').replace('{max}', String(max));
