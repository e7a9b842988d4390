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
    user_count: 'Number of users is required.',
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
  /** The error summary's heading (the GOV.UK pattern); form-posts' `errorSummaryTitle` in English. */
  errorSummary: 'There is a problem',
  /** `{max}` is the field's limit. */
  tooLong: 'At most {max} characters.',
} as const;

/** The lead forms' words in one language: the English catalogue's keys. */
export type Messages = Wording<typeof messages>;

/** A field's "at most" message, its limit written as the language's numbers are. */
export const tooLongMessage = (catalogue: Messages, max: number): string =>
  catalogue.tooLong.replace('{max}', String(max));
