import { leadFieldLabels } from '@growmail/contracts/lead-labels';

/** The contact form's words in English (D37; the French are in lib/form-words-fr.ts). */
export const contactWords = {
  form: 'Send us a message',
  fullname: leadFieldLabels.fullname as string,
  email: 'Email address',
  subject: leadFieldLabels.subject as string,
  body: leadFieldLabels.body as string,
  sending: 'Sending…',
  send: 'Send message',
};
