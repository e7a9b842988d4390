import type { Wording } from './language.ts';

/**
 * What the services answer with that no page script needs to know ahead (spec "Error catalogue"):
 * an outcome or a refusal the browser shows as the server words it. They are kept apart from
 * ./messages.ts so the forms' script on every page does not carry them (issue 21's budget). The
 * French catalogue is ./service-messages-fr.ts; ./catalogues.ts picks one by language.
 */
export const serviceMessages = {
  savingsReceived: 'Thanks! Your savings estimate is on its way to our team.',
  enquiryReceived: 'Thank you for reaching out! We will get back to you shortly.',
  subscribed: 'You are subscribed. Look out for our next newsletter.',
  confirmationSent: 'Thanks! Check your inbox and open the link we sent to confirm your subscription.',
  alreadySubscribed: 'You are already subscribed. Thank you!',
  badApiKey: 'The API key is not valid.',
  badTrackingLink: 'This link is not valid.',
  tooManyRequests: 'Too many requests. Please wait a minute and try again.',
  tooLarge: 'The request is too large.',
  serviceUnavailable: 'We cannot take requests just now. Please try again in a minute; nothing you typed is lost.',
  serverError: 'Something went wrong on our side. Please try again.',
  notFound: 'Not found.',
  badRequest: 'The request is not valid.',
  badJson: 'The request body is not valid JSON.',
  notJson: 'Send the request as application/json.',
  badAddress: 'The address is not valid.',
} as const;

/** The services' words in one language: the English catalogue's keys. */
export type ServiceMessages = Wording<typeof serviceMessages>;
