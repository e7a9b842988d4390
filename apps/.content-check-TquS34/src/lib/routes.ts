import { products } from './content/products';
import { changelogPath } from './docs/changelog';
import { docsPages } from './docs/pages';

/** The canonical, indexable routes, for the sitemap and the Open Graph cards; docs and product pages come from their files. */
export const publicRoutes: readonly string[] = [
  '/',
  '/pricing',
  '/calculator',
  '/calculator/calculate',
  '/contact',
  '/demo',
  '/startup',
  ...products.map((product) => product.path),
  ...docsPages.map((page) => page.path),
  changelogPath,
  '/privacy',
  '/terms',
];

/** The developer docs and their changelog: the only pages without a French twin (D37). */
export const isUntranslated = (route: string) =>
  route === changelogPath || docsPages.some((page) => page.path === route);
