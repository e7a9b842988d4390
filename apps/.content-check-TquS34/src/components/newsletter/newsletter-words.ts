import { newsletterConsentWording } from '@growmail/contracts/form-fields';

/** The newsletter form's words in English (D37; the French are in lib/form-words-fr.ts). */
export const newsletterWords = {
  title: 'Get the newsletter',
  email: 'Email address',
  placeholder: 'you@company.com',
  subscribe: 'Subscribe',
  /** What the visitor agrees to; the server records the same words with the consent (D23). */
  consent: newsletterConsentWording as string,
};
