/**
 * The site's routing facts (spec "Screens and routes", decisions D5–D8), shared by the pages that link
 * and the server that resolves what a static export cannot.
 */

/**
 * Spellings that resolve to a canonical product page (D5), by its slug: the name of its file in
 * apps/site/src/content/products, where the products are listed (the site's tests check each here has one).
 */
export const productAliases: Readonly<Record<string, string>> = {
  '/products/automation': 'automations',
  '/products/transactional': 'transactionals',
  '/automations': 'automations',
  '/automation': 'automations',
  '/analytics': 'analytics',
  '/transactionals': 'transactionals',
};

export const productPath = (slug: string) => `/products/${slug}`;

/** The product page an unknown /products/* path shows (D5). */
export const fallbackProductSlug = 'campaign';

/** Where a developer lands when a docs path does not exist. */
export const docsFallbackPath = '/developers/reference/get-started';

/** The team console's own paths (D40): never a public page, whether the console is on or off. */
export const teamPath = '/team';
export const calculatorPath = '/calculator';
export const preferencesPath = '/unsubscription';
/** The page the newsletter's confirmation email links to, with `?token=` (D23). */
export const newsletterConfirmPath = '/newsletter/confirm';

/** localStorage key holding the query string of the visitor's landing (spec "Screens and routes"). */
export const utmStorageKey = 'utm';

/**
 * localStorage key set once the brand face is in the browser's cache: a later page then declares
 * the face before its first paint (issue 41, D43; the site's components/after-first-paint.tsx).
 */
export const brandFaceStorageKey = 'gm-brand-face';

/**
 * localStorage key holding the device's first landing (issue 40): JSON `{p, q, t}`, its path, its
 * `utm_*` pairs and its time in milliseconds; `firstTouchSchema` reads it. Replaced by the next
 * landing once `firstTouchDays` have passed; never a page a capability link opens.
 */
export const firstTouchStorageKey = 'first-touch';

/** How long a device keeps its first landing (issue 40). */
export const firstTouchDays = 90;

/**
 * The landing parameters kept under `utm` and sent on to the app (D31): the `utm_*` family, `ref`
 * and ad click ids. Anything else (an address, a form field, a token) is never stored or sent.
 */
export const marketingParameter =
  /^(utm_[A-Za-z0-9_]+|ref|gclid|gbraid|wbraid|fbclid|msclkid|ttclid|twclid|li_fat_id)$/;

/** The marketing pairs of a query string (no leading `?`), as written; '' when there are none. */
export const marketingQuery = (query: string) =>
  query
    .split('&')
    .filter((pair) => marketingParameter.test(pair.split('=')[0]!))
    .join('&');

export const siteEnvironments = ['development', 'testing', 'staging', 'production'] as const;
