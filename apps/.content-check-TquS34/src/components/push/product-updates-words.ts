/** The push prompt's words in English (D37; the French are in lib/product-updates-words-fr.ts, passed as props). */
export const productUpdatesWords = {
  open: 'Get product updates',
  title: 'Product updates as browser notifications',
  email: 'Email address',
  placeholder: 'you@company.com',
  turningOn: 'Turning on…',
  turnOn: 'Turn on',
  notNow: 'Not now',
  blocked: 'Notifications are blocked for this site. Allow them in your browser settings.',
  unavailable: 'Notifications could not be turned on in this browser.',
  subscribed: 'You are subscribed. We will only send product news.',
  notSaved: 'Your subscription could not be saved. Please try again.',
};

export type ProductUpdatesWords = typeof productUpdatesWords;
