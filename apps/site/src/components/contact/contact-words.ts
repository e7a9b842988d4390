/** The contact form's words in English (D37; the French are in lib/form-words-fr.ts). */
export const contactWords = {
  form: 'Send us a message',
  fullname: 'Full name',
  email: 'Email address',
  subject: 'Subject',
  body: 'Message',
  sending: 'Sending…',
  send: 'Send message',
};
