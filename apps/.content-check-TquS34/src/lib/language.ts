import { defaultLanguage, type Language } from '@growmail/contracts/language';

/**
 * Where each language lives (D37): English at the unprefixed paths, French under /fr with the
 * same path after the prefix. Every page is built once per language from the same components,
 * which take the page's `language` as a prop.
 */
export const languagePrefix: Record<Language, string> = { en: '', fr: '/fr' };

/** The path of an English page in a language: `/pricing` is `/fr/pricing`, `/` is `/fr`, `/#pricing` is `/fr#pricing`. */
export const inLanguage = (path: string, language: Language): string => {
  const prefix = languagePrefix[language];
  if (!prefix) return path;
  return path === '/' || path.startsWith('/#') ? `${prefix}${path.slice(1)}` : `${prefix}${path}`;
};

/** The language a path is in, by its prefix. */
export const languageOf = (path: string): Language =>
  path === '/fr' || path.startsWith('/fr/') || path.startsWith('/fr#') ? 'fr' : defaultLanguage;

/** The English path of a page in any language: `/fr/pricing` is `/pricing`, `/fr` is `/`. */
export const englishPath = (path: string): string => {
  if (languageOf(path) === 'en') return path;
  const rest = path.slice('/fr'.length);
  return rest === '' ? '/' : rest.startsWith('#') ? `/${rest}` : rest;
};

/** The other language's twin of a page. */
export const twinPath = (path: string, language: Language): { language: Language; path: string } => {
  const other: Language = language === 'fr' ? 'en' : 'fr';
  return { language: other, path: inLanguage(englishPath(path), other) };
};

/** Each language named in itself, as a language link shows it. */
export const languageNames: Record<Language, string> = { en: 'English', fr: 'Français' };

/** The Open Graph locale of a language's pages. */
export const ogLocales: Record<Language, string> = { en: 'en_GB', fr: 'fr_FR' };
