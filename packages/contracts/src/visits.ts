import * as z from 'zod/mini';
import { defaultLanguage, type Language } from './language.ts';
import { newsletterConfirmPath, preferencesPath, teamPath } from './routes.ts';

/**
 * What a counted page view is made of (D42): pure rules shared by the page that asks to be
 * counted and the server that counts it. Nothing here keeps an address, a user agent or a token.
 */

/** Where a page asks to be counted: outside /_astro/ and /services, answered no-store. */
export const visitCountPath = '/visit';

/**
 * What the page's beacon sends: `document.referrer`, the page that sent the visitor here ('' when
 * none). The counted page itself is the request's `Referer`. Only its host is kept.
 */
export const visitBeaconSchema = z.optional(z.string().check(z.maxLength(2048)));

/** The `utm_*` parameters a visit keeps (D31), in this order. */
export const utmParameters = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_content', 'utm_term'] as const;
export type UtmParameter = (typeof utmParameters)[number];

/** Ad click ids, kept as their kind only: their value identifies one click, so one person. */
export const clickIdKinds = [
  'gclid',
  'gbraid',
  'wbraid',
  'fbclid',
  'msclkid',
  'ttclid',
  'twclid',
  'li_fat_id',
] as const;
export type ClickIdKind = (typeof clickIdKinds)[number];

export const deviceClasses = ['mobile', 'tablet', 'desktop'] as const;
export type DeviceClass = (typeof deviceClasses)[number];

/** The longest `utm_*` value kept; a longer one is cut. */
const utmValueLength = 200;

/**
 * Pages never counted: the console, and the pages a capability link opens (D36), whose URL holds a
 * token or an address; in either language. One pattern, so the script that keeps a device's first
 * landing (issue 40) checks the address it is at by the same rule: an unknown path under one of
 * these shows the home page (D6), whose layout cannot tell.
 */
const uncountedPrefixes = [teamPath, newsletterConfirmPath, preferencesPath, '/demo/booking'];
export const uncountedPath = new RegExp(`^(/fr)?(${uncountedPrefixes.join('|')})(/|$)`);

/** Whether a page's path may be counted: not the console's, not one a capability link opens. */
export const isCountedPath = (path: string) => !uncountedPath.test(path);

/** A page view's source, as its landing URL shows it. */
export type ViewSource = {
  language: Language;
  utm: Partial<Record<UtmParameter, string>>;
  clickId: ClickIdKind | null;
};

/** The language, `utm_*` values and ad click id kind of a page's URL; every other parameter is dropped. */
export function viewSource(url: URL): ViewSource {
  const utm: ViewSource['utm'] = {};
  for (const name of utmParameters) {
    const value = url.searchParams.get(name)?.trim();
    if (value) utm[name] = value.slice(0, utmValueLength);
  }
  const clickId = clickIdKinds.find((kind) => url.searchParams.has(kind)) ?? null;
  const path = url.pathname;
  const language: Language = path === '/fr' || path.startsWith('/fr/') ? 'fr' : defaultLanguage;
  return { language, utm, clickId };
}

/** The device class a user agent names: tablets first, since an Android tablet's says no "Mobile". */
export function deviceClass(userAgent: string): DeviceClass {
  if (/iPad|Tablet|PlayBook|Silk|Kindle|Android(?!.*Mobile)/i.test(userAgent)) return 'tablet';
  if (/Mobi|iPhone|iPod|Android|Windows Phone/i.test(userAgent)) return 'mobile';
  return 'desktop';
}

/** The host of the page that sent the visitor here, or null: none, not a web page, or this site. */
export function referrerHost(referrer: string, ownHost: string): string | null {
  let url: URL;
  try {
    url = new URL(referrer);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  return url.host === ownHost ? null : url.hostname.toLowerCase().slice(0, 253);
}
