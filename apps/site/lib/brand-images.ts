import { publicRoutes } from './routes';

/**
 * The images generated at build from the brand (D1): an Open Graph card per page and the
 * PNG app icons. Paths only; app/og and app/icons draw them (lib/brand-image-render.tsx).
 */

export const ogImageSize = { width: 1200, height: 630 } as const;

/** What each page's card says; a route not listed here shares the home page's card. */
export const ogCards: Readonly<Record<string, { eyebrow: string; title: string }>> = {
  '/': { eyebrow: 'Customer engagement platform', title: 'Generate More Revenue From Your Existing Customers.' },
  '/pricing': { eyebrow: 'Pricing', title: 'Start free with 1,000 credits, then pay as you grow.' },
  '/calculator': { eyebrow: 'Savings calculator', title: 'See what you could save in one place.' },
  '/calculator/calculate': { eyebrow: 'Savings calculator', title: 'See what you could save in one place.' },
  '/contact': { eyebrow: 'Contact', title: 'Got questions? Talk to the Growmail team.' },
  '/demo': { eyebrow: 'Book a demo', title: 'Schedule a free demo of Growmail.' },
  '/startup': { eyebrow: 'Startup program', title: 'Up to 70% off enterprise-grade growth tools.' },
  '/products/campaign': { eyebrow: 'Broadcast Messaging', title: 'Campaigns that land in the inbox, and get read.' },
  '/products/automations': { eyebrow: 'Marketing Automation', title: 'Journeys that react to every customer.' },
  '/products/transactionals': { eyebrow: 'Transactional Emails', title: 'Receipts and resets, in seconds, unlimited.' },
  '/products/analytics': { eyebrow: 'App Analytics', title: 'See how customers use your app, event by event.' },
  '/developers/reference/get-started': { eyebrow: 'Developers', title: 'Get started with the Growmail API.' },
  '/developers/reference/automations': { eyebrow: 'API reference', title: 'Trigger automations from your app.' },
  '/developers/reference/contacts': { eyebrow: 'API reference', title: 'Create and update contacts.' },
  '/developers/reference/transactionals': { eyebrow: 'API reference', title: 'Send transactional email by API.' },
  '/developers/guides/webpush': { eyebrow: 'Guide', title: 'Web push notifications in five steps.' },
  '/privacy': { eyebrow: 'Privacy policy', title: 'How Growmail handles personal data.' },
  '/terms': { eyebrow: 'Terms and conditions', title: 'The terms of using Growmail.' },
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
