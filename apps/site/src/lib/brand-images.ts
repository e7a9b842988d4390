import { products } from './content/products';
import { docsPages } from './docs/pages';
import type { OgCard } from './og-card';
import { publicRoutes } from './routes';

/**
 * The images generated at build from the brand (D1): an Open Graph card per page and the
 * PNG app icons. Paths only; src/pages/og and src/pages/icons draw them (lib/brand-image-render.tsx).
 */

export const ogImageSize = { width: 1200, height: 630 } as const;

/** The cards of the pages that are not content files; docs and product pages carry their own. */
const pageCards: Readonly<Record<string, OgCard>> = {
  '/': { eyebrow: 'Customer engagement platform', title: 'Generate More Revenue From Your Existing Customers.' },
  '/pricing': { eyebrow: 'Pricing', title: 'Start free with 1,000 credits, then pay as you grow.' },
  '/calculator': { eyebrow: 'Savings calculator', title: 'See what you could save in one place.' },
  '/calculator/calculate': { eyebrow: 'Savings calculator', title: 'See what you could save in one place.' },
  '/contact': { eyebrow: 'Contact', title: 'Got questions? Talk to the Growmail team.' },
  '/demo': { eyebrow: 'Book a demo', title: 'Schedule a free demo of Growmail.' },
  '/startup': { eyebrow: 'Startup program', title: 'Up to 70% off enterprise-grade growth tools.' },
  '/privacy': { eyebrow: 'Privacy policy', title: 'How Growmail handles personal data.' },
  '/terms': { eyebrow: 'Terms and conditions', title: 'The terms of using Growmail.' },
  '/developers/changelog': { eyebrow: 'API changelog', title: 'What changed in the Growmail API.' },
};

/** What each page's card says; a route not listed here shares the home page's card. */
export const ogCards: Readonly<Record<string, OgCard>> = {
  ...pageCards,
  ...Object.fromEntries([...products, ...docsPages].map((page) => [page.path, page.card])),
};

/** Every route that gets a card of its own: the sitemap's routes. */
export const ogRoutes: readonly string[] = publicRoutes;

/** `/` → `/og/home.png`, `/products/campaign` → `/og/products/campaign.png`. */
export function ogImagePath(route: string): string {
  const own = ogRoutes.includes(route) ? route : '/';
  return `/og${own === '/' ? '/home' : own}.png`;
}

/** PNG icons of the web app manifest; full-bleed ('maskable') versions also serve iOS. */
export const appIconSizes = [192, 512] as const;
export type AppIconSize = (typeof appIconSizes)[number] | typeof appleIconSize;
export const appleIconSize = 180;

export function appIconPath(size: AppIconSize, purpose: 'any' | 'maskable' = 'any'): string {
  return `/icons/icon-${size}${purpose === 'maskable' ? '-maskable' : ''}.png`;
}

/** Every icon drawn at build: the manifest's, its maskable 512, and Apple's touch icon. */
export const appIcons: readonly { path: string; size: AppIconSize; maskable: boolean }[] = [
  ...appIconSizes.map((size) => ({ path: appIconPath(size), size, maskable: false })),
  { path: appIconPath(512, 'maskable'), size: 512, maskable: true },
  { path: appIconPath(appleIconSize, 'maskable'), size: appleIconSize, maskable: true },
];
