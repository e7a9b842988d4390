import { products, productsIn } from './content/products';
import { docsPages } from './docs/pages';
import { inLanguage, languageOf } from './language';
import type { OgCard } from '@growmail/contracts/content/schemas';
import { isUntranslated, publicRoutes } from './routes';

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

/** The French twins' cards (D37): a page shared from /fr/ shows French. */
const frenchPageCards: Readonly<Record<string, OgCard>> = {
  '/fr': { eyebrow: 'Plateforme d’engagement client', title: 'Vendez plus à vos clients actuels.' },
  '/fr/pricing': {
    eyebrow: 'Tarifs',
    title: 'Commencez gratuitement avec 1\u00a0000 crédits, puis payez selon votre croissance.',
  },
  '/fr/calculator': {
    eyebrow: 'Calculateur d’économies',
    title: 'Calculez ce qu’une seule plateforme vous ferait économiser.',
  },
  '/fr/calculator/calculate': {
    eyebrow: 'Calculateur d’économies',
    title: 'Calculez ce qu’une seule plateforme vous ferait économiser.',
  },
  '/fr/contact': { eyebrow: 'Nous contacter', title: 'Une question\u00a0? Parlez à l’équipe Growmail.' },
  '/fr/demo': { eyebrow: 'Réservez une démo', title: 'Une démo gratuite de Growmail, à l’heure qui vous convient.' },
  '/fr/startup': {
    eyebrow: 'Programme startup',
    title: 'Jusqu’à 70\u00a0% de remise sur des outils de croissance éprouvés.',
  },
  '/fr/privacy': {
    eyebrow: 'Politique de confidentialité',
    title: 'Comment Growmail traite les données personnelles.',
  },
  '/fr/terms': { eyebrow: 'Conditions générales', title: 'Les conditions d’utilisation de Growmail.' },
};

/** What each page's card says; a route not listed here shares its language's home card. */
export const ogCards: Readonly<Record<string, OgCard>> = {
  ...pageCards,
  ...frenchPageCards,
  ...Object.fromEntries([...products, ...productsIn('fr'), ...docsPages].map((page) => [page.path, page.card])),
};

/** Every route that gets a card of its own: the sitemap's routes and their French twins. */
export const ogRoutes: readonly string[] = [
  ...publicRoutes,
  ...publicRoutes.filter((route) => !isUntranslated(route)).map((route) => inLanguage(route, 'fr')),
];

/** `/` → `/og/home.png`, `/fr` → `/og/fr/home.png`, `/products/campaign` → `/og/products/campaign.png`. */
export function ogImagePath(route: string): string {
  const home = inLanguage('/', languageOf(route));
  if (!ogRoutes.includes(route) || route === home) return `/og${home === '/' ? '' : home}/home.png`;
  return `/og${route}.png`;
}

/** The card drawn for a route: its own, or its language's home card. */
export const ogCardFor = (route: string): OgCard => ogCards[route] ?? ogCards[inLanguage('/', languageOf(route))]!;

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
