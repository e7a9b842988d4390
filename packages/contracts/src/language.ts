/**
 * The languages the site speaks (D37). English stays at the unprefixed paths; French lives under
 * `/fr/`. Every module that says something to a visitor takes one of these, and a lead and a
 * newsletter membership keep the one they were sent in.
 */
export const languages = ['en', 'fr'] as const;
export type Language = (typeof languages)[number];

/** The language of a page or an answer that names none: the unprefixed site's. */
export const defaultLanguage: Language = 'en';

export const isLanguage = (value: unknown): value is Language =>
  typeof value === 'string' && (languages as readonly string[]).includes(value);

/**
 * A catalogue's shape with its words left open: another language's catalogue of the same keys
 * (every key, nothing more) is checked against the English one with `satisfies`.
 */
export type Wording<T> = { readonly [K in keyof T]: T[K] extends string ? string : Wording<T[K]> };
