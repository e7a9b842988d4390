import { standInOrigin, standIns, type RuntimeUrlName } from '@growmail/contracts/runtime';
import type { Language } from '@growmail/contracts/language';
import { inLanguage } from './language';

/**
 * Values chosen when the server starts, not when the site is built (D21).
 *
 * The build writes the stand-ins of packages/contracts/src/runtime.ts into the HTML (islands'
 * props included), and the server replaces them with the configured values. Read them in
 * route shells and static components only, and hand them to islands as props: a stand-in
 * inside a JavaScript chunk would never be replaced (a test guards this).
 */
const development = process.env.NODE_ENV === 'development';
const standIn = (name: RuntimeUrlName, devValue: string) => (development ? devValue : standInOrigin(name));

export const runtime = {
  urls: {
    public: standIn('public', 'http://localhost:3000'),
    app: standIn('app', 'https://app.growmail.io'),
    guest: standIn('guest', 'http://localhost:3000'),
    blog: standIn('blog', 'https://blog.growmail.io'),
    modules: standIn('modules', 'http://localhost:3000/services/modules'),
    users: standIn('users', 'http://localhost:3000/services/users'),
    sales: standIn('sales', 'http://localhost:3000/services/sales'),
    messaging: standIn('messaging', 'http://localhost:3000/services/messaging'),
  },
  siteApiKey: development ? 'gm_site_public_dev' : standIns.siteApiKey,
  audienceId: development ? 'newsletter' : standIns.audienceId,
  /** Null in development, where no server removes the WhatsApp links (D34). */
  whatsAppDigits: development ? null : standIns.whatsAppDigits,
} as const;

export const appLinks = {
  register: `${runtime.urls.app}/register`,
  agencyRegister: `${runtime.urls.app}/register/agency`,
  login: `${runtime.urls.app}/login`,
  demo: `${runtime.urls.guest}/demo`,
};

/** The guest site's demo page in a language (D37): /demo, or /fr/demo. */
export const demoLink = (language: Language) => `${runtime.urls.guest}${inLanguage('/demo', language)}`;
