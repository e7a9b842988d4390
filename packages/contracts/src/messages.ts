/**
 * What the lead forms tell a visitor (spec "Validation rules", "Error catalogue"), word for word. The site shows them and
 * the server answers with them, so the two never drift apart.
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
  enquiryReceived: 'Thank you for reaching out! We will get back to you shortly.',
  demoSubmitted: 'Request submitted successfully',
  startupSubmitted: 'Application submitted successfully',
  formFailed: 'An error occurred. Please try again.',
  subscribed: 'You are subscribed. Look out for our next newsletter.',
  confirmationSent: 'Thanks! Check your inbox and open the link we sent to confirm your subscription.',
  badConfirmationLink: 'This confirmation link is not valid or has expired. Subscribe again to get a new one.',
  confirmFailed: 'We could not confirm your subscription. Please try again.',
  alreadySubscribed: 'You are already subscribed. Thank you!',
  subscribeFailed: 'We could not subscribe you. Please try again.',
  preferencesSaved: 'Preferences set successfully.',
  preferencesFailed: 'Could not set your preferences. Please try again.',
  badApiKey: 'The API key is not valid.',
  badTrackingLink: 'This link is not valid.',
  tooManyRequests: 'Too many requests. Please wait a minute and try again.',
  tooLarge: 'The request is too large.',
  controlCharacters: 'Contains characters that are not allowed.',
  serviceUnavailable: 'We cannot take requests just now. Please try again in a minute; nothing you typed is lost.',
} as const;
