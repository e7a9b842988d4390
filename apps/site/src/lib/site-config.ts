import type { Language } from '@growmail/contracts/language';

/**
 * The brand in one place (D1): an operator rebrands here without touching components.
 * Links that change per environment (app, guest site, blog) come from lib/runtime.ts.
 */
export const siteConfig = {
  name: 'Growmail',
  tagline: 'Generate More Revenue From Your Existing Customers.',
  description:
    'Growmail brings email campaigns, marketing automation, transactional email, app analytics, SMS and web push into one platform, so every customer hears from you at the right moment.',
  contactEmail: 'hello@growmail.io',
  social: [
    { name: 'LinkedIn', href: 'https://www.linkedin.com/company/growmail' },
    { name: 'X', href: 'https://x.com/growmail' },
    { name: 'Facebook', href: 'https://www.facebook.com/growmail' },
    { name: 'Instagram', href: 'https://www.instagram.com/growmail' },
  ],
  /** Browser UI and app-icon colour: brand-700 in src/styles/globals.css. */
  themeColor: '#0a6e4f',
  startupPromo: 'Access up to 70% discount on enterprise-grade growth tools for your startup.',
} as const;

/** The brand's words in each language (D37): English is siteConfig's own. */
export const brandWords: Record<Language, { tagline: string; description: string; startupPromo: string }> = {
  en: siteConfig,
  fr: {
    tagline: 'Vendez plus à vos clients actuels.',
    description:
      'Growmail réunit campagnes email, automatisation marketing, emails transactionnels, analytique, SMS et notifications web push sur une seule plateforme, pour que chaque client ait de vos nouvelles au bon moment.',
    startupPromo: 'Jusqu’à 70\u202f% de remise pour votre startup sur des outils dignes des grandes entreprises.',
  },
};
