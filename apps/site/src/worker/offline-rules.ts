import { formActions, languageField } from '@growmail/contracts/form-posts';
import { defaultLanguage, type Language } from '@growmail/contracts/language';
import { firstTouchField, formPageField } from '@growmail/contracts/page-context';
import { inLanguage, languageOf } from '@/lib/language';

/**
 * What the site's worker keeps and sends (D39), as plain rules with no worker API in them, so
 * unit tests read them as the worker does.
 */

/** The pages a visitor who opened any page can open offline, fetched once the worker runs. */
export const warmPages = ['/', '/pricing', '/contact', '/demo'] as const;

/** The page shown offline for a page never opened: the ways to reach us that work later. */
export const offlinePagePath = '/offline';

/** The offline page in the language of the page asked for (D37). */
export const offlinePageFor = (pathname: string): string => inLanguage(offlinePagePath, languageOf(pathname));

/**
 * What the worker keeps when it starts, for the pages open now: the most read pages and the
 * offline page, in each language those pages are in, and the open pages themselves.
 */
export function pagesToWarm(openPaths: readonly string[]): string[] {
  const languages = new Set(openPaths.length === 0 ? [defaultLanguage] : openPaths.map(languageOf));
  const kept = [...languages].flatMap((language) =>
    [...warmPages, offlinePagePath].map((path) => inLanguage(path, language)),
  );
  return [...new Set([...kept, ...openPaths])];
}

/** What a loaded page tells the worker when the visitor does not save data: keep the main pages. */
export const warmMessage = 'gm-warm';

/** The most pages kept on the device; the oldest go first. */
export const maxCachedPages = 40;

/** The most of the build's files (style, font, scripts) kept for them. */
export const maxCachedAssets = 60;

/** The lead forms' pages, whose posts are kept on the device when the network is gone. */
const leadPages = new Set<string>([
  formActions.enquiry,
  formActions.demo,
  formActions.startup,
  formActions.savings,
  '/calculator/calculate',
]);

/** The path without the French pages' prefix: `/fr/contact` posts as `/contact` does. */
const unprefixed = (path: string) => (path === '/fr' ? '/' : path.startsWith('/fr/') ? path.slice(3) : path);

/** Whether a post to this path is a lead form's, kept when it cannot be sent. */
export const isLeadPost = (url: URL) => leadPages.has(unprefixed(url.pathname.replace(/\/$/, '') || '/'));

/**
 * A lead form's post as the worker sends and keeps it: its fields, and the path of the page the
 * form was on (`form_page`), from the post's referrer when it is a page of this site. The worker's
 * own requests name the worker as their referrer, so the server reads the page from the body,
 * and a post replayed later keeps it as its source (D42) with the first landing already in it.
 */
export function withFormPage(body: string, referrer: string, origin: string): string {
  const fields = new URLSearchParams(body);
  let page: URL;
  try {
    page = new URL(referrer);
  } catch {
    return body;
  }
  if (page.origin !== origin || fields.has(formPageField)) return body;
  fields.set(formPageField, page.pathname);
  return fields.toString();
}

/**
 * Whether a page's answer may be kept on the device: a plain 200 page with no query string (a
 * personal link carries its token there, D36), and not marked `no-store` or `private` (every page a
 * personal link opens, and every page made for one answer, is `no-store`).
 */
export function mayKeepPage(url: URL, status: number, cacheControl: string | null): boolean {
  // The team console is never kept on the device, whatever its answer says (D40).
  if (status !== 200 || url.search || url.pathname === '/team' || url.pathname.startsWith('/team/')) return false;
  return !/\b(no-store|private)\b/i.test(cacheControl ?? '');
}

/** A submission's answer that means it never reached a server able to store it: keep it and try later. */
export const notReached = (status: number) => status === 502 || status === 503 || status === 504;

/** What became of a replayed submission: sent (any 2xx or redirect), to try again later, or refused. */
export function replayOutcome(status: number, opaqueRedirect: boolean): 'sent' | 'later' | 'refused' {
  if (opaqueRedirect || (status >= 200 && status < 400)) return 'sent';
  if (notReached(status) || status === 429 || status === 0 || status >= 500) return 'later';
  return 'refused';
}

/** The fields a person typed, as the saved page lists them: the form's hidden signals left out. */
export const hiddenFields = new Set([
  'form_name',
  'form_stamp',
  'homepage',
  'idempotency_key',
  languageField,
  formPageField,
  firstTouchField,
]);

/** The notice a page opened from the device carries, in the page's language (D43). */
export const offlineNotices: Record<Language, string> = {
  en: 'You are offline: this page may be out of date',
  fr: 'Vous êtes hors ligne\u202f: cette page n’est peut-être plus à jour',
};

/** The attribute that marks the notice: a page that carries it was opened from the device. */
export const offlineNoticeAttribute = 'data-offline-notice';

/**
 * The page with the notice, in the language of the page's path, as its body's first element; the
 * page is otherwise as it was kept.
 */
export const withOfflineNotice = (html: string, pathname: string) =>
  html.replace(
    /<body[^>]*>/i,
    (body) =>
      `${body}<p role="status" ${offlineNoticeAttribute} style="margin:0;padding:.75rem 1rem;background:#fef3c7;color:#422006;text-align:center;font-weight:600">${offlineNotices[languageOf(pathname)]}</p>`,
  );

/** What the worker answers for a page never kept when even the offline page was not, in the page's language. */
export const offlineTexts: Record<Language, string> = {
  en: 'You are offline, and this page was not kept on this device. Try again once you are back online.',
  fr: 'Vous êtes hors ligne et cette page n’est pas disponible sur cet appareil. Réessayez une fois la connexion revenue.',
};
