/**
 * The brand in one place (D1): an operator rebrands here without touching components.
 * Links that change per environment (app, guest site, blog) come from lib/runtime.ts. The brand's
 * words (tagline, description, startup offer) are marketing's, in content/brand.yaml (D45).
 */
export const siteConfig = {
  name: 'Growmail',
  contactEmail: 'hello@growmail.io',
  social: [
    { name: 'LinkedIn', href: 'https://www.linkedin.com/company/growmail' },
    { name: 'X', href: 'https://x.com/growmail' },
    { name: 'Facebook', href: 'https://www.facebook.com/growmail' },
    { name: 'Instagram', href: 'https://www.instagram.com/growmail' },
  ],
  /** Browser UI and app-icon colour: brand-700 in src/styles/globals.css. */
  themeColor: '#0a6e4f',
} as const;
