import { productSlugs, productPath } from '@growmail/contracts/routes';

/** The canonical, indexable routes, for the sitemap. */
export const publicRoutes: readonly string[] = [
  '/',
  '/pricing',
  '/calculator',
  '/calculator/calculate',
  '/contact',
  '/demo',
  '/startup',
  ...productSlugs.map(productPath),
  '/developers/reference/get-started',
  '/developers/reference/automations',
  '/developers/reference/contacts',
  '/developers/reference/transactionals',
  '/developers/guides/webpush',
  '/privacy',
  '/terms',
];
