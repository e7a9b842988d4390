import type { contactWords } from '@/components/contact/contact-words';
import type { newsletterWords } from '@/components/newsletter/newsletter-words';
import type { leadWords } from '@/components/forms/lead-words';
import type { calculatorWords } from '@/components/calculator/calculator-words';
import type { preferencesWords } from '@/components/preferences/preferences-words';
import type { confirmWords } from '@/components/newsletter/confirm-words';

/**
 * The words of the form islands that are not messages (labels, buttons, names). Each form's
 * English words are a module of their own beside it (contact/contact-words.ts…), so each
 * island's script carries its own form's words and no other's (the byte budgets). A French page
 * hands its islands the French set as a prop (lib/form-words-fr.ts, D37), so the English pages'
 * script carries no French.
 */
export const closeErrorWord = 'Close the error message';

/** The hidden honeypot field's label, which some screen readers still read aloud. */
export const honeypotWord = 'Leave this field empty';

export type FormWords = {
  contact: typeof contactWords;
  newsletter: typeof newsletterWords;
  lead: typeof leadWords;
  calculator: typeof calculatorWords;
  preferences: typeof preferencesWords;
  confirm: typeof confirmWords;
  closeError: string;
  honeypot: string;
};

/** The forms that have words of their own (every key of FormWords but the shared ones every form uses). */
export type WordedForm = Exclude<keyof FormWords, SharedWord>;

/** The words every form island uses: the error box's close button and the honeypot's label. */
export type SharedWord = 'closeError' | 'honeypot';
