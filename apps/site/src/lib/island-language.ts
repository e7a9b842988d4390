import { catalogueFor } from '@growmail/contracts/catalogues';
import type { Language } from '@growmail/contracts/language';
import { formWordsFr } from './form-words-fr';

/**
 * What an island takes from a page in another language than English: the language, and for a
 * form its messages and words. Nothing on an English page, whose islands' props stay as they were
 * and whose script carries no French (D37).
 */
export const islandLanguage = (language: Language) => (language === 'en' ? {} : { language });
export const formLanguage = (language: Language) =>
  language === 'en' ? {} : { language, messages: catalogueFor(language).messages, words: formWordsFr };
