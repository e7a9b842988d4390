import {
  calculatorPath,
  docsFallbackPath,
  fallbackProductSlug,
  preferencesPath,
  productAliases,
  productPath,
  teamPath,
} from '@growmail/contracts/routes';

/** What a request path resolves to, for the routes a static export cannot express (spec "Screens and routes", D5–D8). */
export type Resolution =
  | { kind: 'file'; path: string }
  | { kind: 'page'; route: string }
  | { kind: 'redirect'; location: string }
  | { kind: 'not-found' };

export type SiteIndex = {
  /** Exact URL paths of exported files, such as /favicon.ico or /_astro/client.B4stUBFQ.js. */
  hasFile: (path: string) => boolean;
  /** Routes that have an exported HTML page, such as / or /products/campaign. */
  hasPage: (route: string) => boolean;
};

const referral = /^\/register\/([^/]+)\/?$/;
const preferences = /^\/unsubscription\/[^/]+\/[^/]+\/[^/]+$/;
const looksLikeAsset = /(^\/_astro\/)|(\.[A-Za-z0-9]{1,12}$)/;

export function resolveRequest(pathname: string, site: SiteIndex, appUrl: string): Resolution {
  const code = referral.exec(pathname)?.[1];
  if (code !== undefined) {
    return { kind: 'redirect', location: `${appUrl}/register?ref=${encodeURIComponent(safeDecode(code))}` };
  }
  if (site.hasFile(pathname)) return { kind: 'file', path: pathname };

  const route = pathname.length > 1 ? pathname.replace(/\/+$/, '') || '/' : pathname;
  // A missing asset is a 404: answering with a page would hand HTML to a script tag.
  if (looksLikeAsset.test(route)) return { kind: 'not-found' };
  // The console answers its own paths when it runs; switched off, they are simply not there (D40).
  if (route === teamPath || route.startsWith(`${teamPath}/`)) return { kind: 'not-found' };
  if (site.hasPage(route)) return { kind: 'page', route };
  // Under /fr the same aliases and fallbacks apply after the prefix (D37), and lead to French pages.
  const french = frenchRest(route);
  if (french !== null && site.hasPage(frenchPrefix)) {
    const english = fallbackRoute(french, site);
    const twin = english === '/' ? frenchPrefix : `${frenchPrefix}${english}`;
    return { kind: 'page', route: site.hasPage(twin) ? twin : english };
  }
  return { kind: 'page', route: fallbackRoute(route, site) };
}

const frenchPrefix = '/fr';

/** The path after /fr (`/fr/automation` is `/automation`), or null outside the French tree. */
function frenchRest(route: string): string | null {
  if (route === frenchPrefix) return '/';
  return route.startsWith(`${frenchPrefix}/`) ? route.slice(frenchPrefix.length) : null;
}

function fallbackRoute(route: string, site: SiteIndex): string {
  const alias = productAliases[route];
  if (alias) return productPath(alias);
  if (route === '/products' || route.startsWith('/products/')) return productPath(fallbackProductSlug);
  if (route.startsWith(`${calculatorPath}/`)) return calculatorPath;
  if (route === '/developers' || route.startsWith('/developers/')) return nearestDocsPage(route, site);
  if (preferences.test(route)) return preferencesPath;
  return '/';
}

/** /developers/reference/contacts/anything shows the contacts reference; unknown branches show get-started. */
function nearestDocsPage(route: string, site: SiteIndex): string {
  const segments = route.split('/');
  for (let end = segments.length - 1; end > 2; end -= 1) {
    const ancestor = segments.slice(0, end).join('/');
    if (site.hasPage(ancestor)) return ancestor;
  }
  return docsFallbackPath;
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
