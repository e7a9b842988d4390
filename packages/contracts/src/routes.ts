/**
 * The site's routing facts (spec "Screens and routes", decisions D5–D8), shared by the pages that link
 * and the server that resolves what a static export cannot.
 */

export const productSlugs = ['campaign', 'automations', 'transactionals', 'analytics'] as const;
export type ProductSlug = (typeof productSlugs)[number];

/** Spellings that resolve to a canonical product page (D5). */
export const productAliases: Readonly<Record<string, ProductSlug>> = {
  '/products/automation': 'automations',
  '/products/transactional': 'transactionals',
  '/automations': 'automations',
  '/automation': 'automations',
  '/analytics': 'analytics',
  '/transactionals': 'transactionals',
};

export const productPath = (slug: ProductSlug) => `/products/${slug}`;

/** Where a developer lands when a docs path does not exist. */
export const docsFallbackPath = '/developers/reference/get-started';

export const calculatorPath = '/calculator';
export const preferencesPath = '/unsubscription';
/** The page the newsletter's confirmation email links to, with `?token=` (D23). */
export const newsletterConfirmPath = '/newsletter/confirm';

/** localStorage key holding the query string of the visitor's landing (spec "Screens and routes"). */
export const utmStorageKey = 'utm';

export const siteEnvironments = ['development', 'testing', 'staging', 'production'] as const;
