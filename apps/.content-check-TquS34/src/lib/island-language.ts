import { catalogueFor, intlLocales } from '@growmail/contracts/catalogues';
import type { Language } from '@growmail/contracts/language';
import type { FormWords, SharedWord, WordedForm } from '@/components/forms/form-words';
import { formWordsFr } from './form-words-fr';
import { productUpdatesWordsFr } from './product-updates-words-fr';

/**
 * What an island takes from a page in another language than English: the language, and for a
 * form its messages and words. Nothing on an English page, whose islands' props stay as they were
 * and whose script carries no French (D37).
 */
export const islandLanguage = (language: Language) => (language === 'en' ? {} : { language });
export const formLanguage = <Form extends WordedForm>(language: Language, ...forms: Form[]) =>
  language === 'en' ? {} : { language, messages: catalogueFor(language).messages, words: formWordsOf(forms) };

/**
 * The words of the named forms, the error box's close button and the honeypot's label: a page's
 * HTML carries each island's own words and no other form's (the newsletter box is on every page).
 */
function formWordsOf<Form extends WordedForm>(forms: Form[]): Pick<FormWords, Form | SharedWord> {
  const keys: (keyof FormWords)[] = [...forms, 'closeError', 'honeypot'];
  return Object.fromEntries(keys.map((key) => [key, formWordsFr[key]])) as Pick<FormWords, Form | SharedWord>;
}

/** The calculator's own messages (its rules' words), beside a form's, on a page in another language than English. */
export const calculatorLanguage = (language: Language) =>
  language === 'en'
    ? {}
    : { ...formLanguage(language, 'calculator'), calculatorMessages: catalogueFor(language).calculatorMessages };

/** The demo picker's words and the `Intl` locale of its times, on a page in another language than English. */
export const bookingLanguage = (language: Language) =>
  language === 'en'
    ? {}
    : { language, messages: catalogueFor(language).bookingMessages, locale: intlLocales[language] };

/** The push prompt's words and messages on a page in another language than English. */
export const pushLanguage = (language: Language) =>
  language === 'en' ? {} : { words: productUpdatesWordsFr, messages: catalogueFor(language).messages };
