/** The newsletter confirmation's words in English (D37; the French are in lib/form-words-fr.ts). */
export const confirmWords = {
  form: 'Confirm your subscription',
  confirming: 'Confirming…',
  confirm: 'Confirm my subscription',
  noLink:
    'This page opens from the link in the confirmation email we send when you subscribe to our newsletter. Use that link to confirm.',
};
