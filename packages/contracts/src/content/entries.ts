import * as z from 'zod/mini';
import type { Language } from '../language.ts';
import { productPath } from '../routes.ts';
import {
  brandSchema,
  faqsSchema,
  homeFeaturesSchema,
  homeSchema,
  legalDocumentSchema,
  partnersSchema,
  pressSchema,
  productSchema,
  testimonialsSchema,
} from './schemas.ts';
import { pricesSchema } from './prices.ts';

/**
 * What marketing edits from the console's Site section (D45), by kind: the page it belongs to,
 * what it is, whether each language has its own (edited side by side) or both show one list, and
 * the schema a language's value is checked by, the build's own, so a save refuses what the build
 * would. A kind with `keyed` has one entry per file (a product page, a legal document), named
 * `kind.key`; the others are one entry, named by the kind.
 */
export type ContentKind = {
  page: ContentPage;
  label: string;
  languages: 'each' | 'shared';
  schema: z.ZodMiniType;
  /** For a kind with one entry per file, the page an entry is shown at: an entry is a page the site has. */
  keyed?: (key: string) => string;
  /**
   * The pages that show the kind's entries, besides an entry's own (`keyed`), by their English
   * path; each has its French twin. A path ending in `/*` is every entry's own page under it
   * (`/products/*`: every product page). The Site section's preview links each, so a change to a
   * list is seen on every page that uses it (D45): a page that comes to show a kind is added here.
   */
  pages: readonly string[];
  /** The permission that saves it (team-access.ts): every kind but the prices is `content.edit`. */
  permission: 'content.edit' | 'prices.edit';
};

/** The site's pages, as the Site section groups its entries, in its order. */
export const contentPages = ['Home', 'Product pages', 'Pricing', 'Legal pages'] as const;
export type ContentPage = (typeof contentPages)[number];

export const contentKinds = {
  home: {
    page: 'Home',
    label: 'Hero, steps, figures and closing',
    languages: 'each',
    schema: homeSchema,
    pages: ['/'],
    permission: 'content.edit',
  },
  brand: {
    page: 'Home',
    label: 'Brand words: tagline, description and startup offer',
    languages: 'each',
    schema: brandSchema,
    // The tagline is home's; the description and the startup offer are in every page's footer and
    // header: home, and /demo as a page rendered on demand.
    pages: ['/', '/demo'],
    permission: 'content.edit',
  },
  'home-features': {
    page: 'Home',
    label: 'Feature blocks',
    languages: 'each',
    schema: homeFeaturesSchema,
    pages: ['/'],
    permission: 'content.edit',
  },
  testimonials: {
    page: 'Home',
    label: 'Testimonials (also on /demo)',
    languages: 'shared',
    schema: testimonialsSchema,
    pages: ['/', '/demo'],
    permission: 'content.edit',
  },
  press: {
    page: 'Home',
    label: 'In The News.',
    languages: 'shared',
    schema: pressSchema,
    pages: ['/'],
    permission: 'content.edit',
  },
  partners: {
    page: 'Home',
    label: 'Partners (also on /demo and the startup page)',
    languages: 'shared',
    schema: partnersSchema,
    pages: ['/', '/demo', '/startup', '/products/*'],
    permission: 'content.edit',
  },
  products: {
    page: 'Product pages',
    label: 'Product page',
    languages: 'each',
    schema: productSchema,
    keyed: productPath,
    // Its name and line are in every page's header and footer: home stands for them.
    pages: ['/'],
    permission: 'content.edit',
  },
  faqs: {
    page: 'Product pages',
    label: 'Questions every product page answers',
    languages: 'each',
    schema: faqsSchema,
    pages: ['/products/*'],
    permission: 'content.edit',
  },
  prices: {
    page: 'Pricing',
    label: 'Prices of every module (admins only)',
    languages: 'shared',
    schema: pricesSchema,
    // Every pricing page in each currency: the Site section lists them itself (site-page.tsx).
    pages: [],
    permission: 'prices.edit',
  },
  legal: {
    page: 'Legal pages',
    label: 'Legal document',
    languages: 'each',
    schema: legalDocumentSchema,
    keyed: (key) => `/${key}`,
    pages: [],
    permission: 'content.edit',
  },
} as const satisfies Record<string, ContentKind>;
export type ContentKindName = keyof typeof contentKinds;

/**
 * An entry as the site publishes it: its kind, page and label, and its published values as the
 * source writes them (what the form shows and a draft replaces), each language's own or `all`.
 */
export type PublishedEntry = {
  id: string;
  kind: ContentKindName;
  page: ContentPage;
  /** What it is: the kind's label, or for a page of its own, its title. */
  label: string;
  published: Partial<Record<DraftLanguage, unknown>>;
};

/**
 * Where a build writes its entries' published values: the server keeps the file beside the
 * version it came with and hands it to the console's pages, never to a visitor, so the Site
 * section shows what the version being served publishes (D45).
 */
export const publishedEntriesPath = '/content-entries.json';

/** An entry's own page, by its English path: a product page's, a legal document's; undefined for a list or a page's copy. */
export function ownPageOf(id: string): string | undefined {
  const found = entryOf(id);
  const kind: ContentKind | undefined = found && contentKinds[found.kind];
  return found?.key === undefined ? undefined : kind?.keyed?.(found.key);
}

/**
 * Every page that shows an entry, by its English path: its own, then its kind's `pages`, a path
 * ending in `/*` read as every page of `ownPages` under it (the own pages of the site's entries).
 */
export function pagesShowing(id: string, ownPages: readonly string[]): string[] {
  const found = entryOf(id);
  if (!found) return [];
  const own = ownPageOf(id);
  const pages = contentKinds[found.kind].pages.flatMap((path) =>
    path.endsWith('/*') ? ownPages.filter((page) => page.startsWith(path.slice(0, -1))) : [path],
  );
  return [...new Set([...(own ? [own] : []), ...pages])];
}

/** Where a draft's value is kept: each language's own, or `all` for a list both languages show. */
export type DraftLanguage = Language | 'all';
export const draftLanguagesOf = (kind: ContentKind): readonly DraftLanguage[] =>
  kind.languages === 'each' ? ['en', 'fr'] : ['all'];

const entryPattern = /^([a-z]+(?:-[a-z]+)*)(?:\.([a-z0-9]+(?:-[a-z0-9]+)*))?$/;

/**
 * An entry's kind and key from its id (`home`, `products.campaign`); undefined for an id no kind
 * has. Whether a keyed entry exists is the site's to say: its page is one the site has.
 */
export function entryOf(id: string): { kind: ContentKindName; key?: string } | undefined {
  const match = entryPattern.exec(id);
  if (!match || !Object.hasOwn(contentKinds, match[1]!)) return undefined;
  const kind = match[1] as ContentKindName;
  if ('keyed' in contentKinds[kind] !== (match[2] !== undefined)) return undefined;
  return match[2] === undefined ? { kind } : { kind, key: match[2] };
}

/** An entry in a console path: a kind and, for a kind with one entry per file, its key. */
export const contentEntryParams = z.object({
  entry: z.string().check(
    z.maxLength(80),
    z.refine((id) => entryOf(id) !== undefined),
  ),
});

const revision = z.pipe(z.string().check(z.regex(/^\d{1,9}$/)), z.transform(Number));

/**
 * What an entry's form posts beside its fields: the published version and the draft's revision
 * it was opened at, and a list's button when one was pressed (content/form.ts, `withListAction`).
 */
export const draftFormSchema = z.looseObject({
  _base: z.string().check(z.regex(/^[0-9a-f]{16}$/)),
  _revision: revision,
  _list: z.optional(z.string().check(z.maxLength(200))),
});

/** Taking a draft over: the revision its page showed. */
export const takeOverSchema = z.object({ _revision: revision });
