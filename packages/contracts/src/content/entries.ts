import type * as z from 'zod/mini';
import type { Language } from '../language.ts';
import {
  faqsSchema,
  homeFeaturesSchema,
  homeSchema,
  legalDocumentSchema,
  partnersSchema,
  pressSchema,
  productSchema,
  testimonialsSchema,
} from './schemas.ts';

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
  keyed?: true;
  /** The permission that saves it (team-access.ts): every kind but the prices is `content.edit`. */
  permission: 'content.edit' | 'prices.edit';
};

/** The site's pages, as the Site section groups its entries, in its order. */
export const contentPages = ['Home', 'Product pages', 'Legal pages'] as const;
export type ContentPage = (typeof contentPages)[number];

export const contentKinds = {
  home: {
    page: 'Home',
    label: 'Hero, steps, figures and closing',
    languages: 'each',
    schema: homeSchema,
    permission: 'content.edit',
  },
  'home-features': {
    page: 'Home',
    label: 'Feature blocks',
    languages: 'each',
    schema: homeFeaturesSchema,
    permission: 'content.edit',
  },
  testimonials: {
    page: 'Home',
    label: 'Testimonials (also on /demo)',
    languages: 'shared',
    schema: testimonialsSchema,
    permission: 'content.edit',
  },
  press: { page: 'Home', label: 'In The News.', languages: 'shared', schema: pressSchema, permission: 'content.edit' },
  partners: {
    page: 'Home',
    label: 'Partners (also on /demo and the startup page)',
    languages: 'shared',
    schema: partnersSchema,
    permission: 'content.edit',
  },
  products: {
    page: 'Product pages',
    label: 'Product page',
    languages: 'each',
    schema: productSchema,
    keyed: true,
    permission: 'content.edit',
  },
  faqs: {
    page: 'Product pages',
    label: 'Questions every product page answers',
    languages: 'each',
    schema: faqsSchema,
    permission: 'content.edit',
  },
  legal: {
    page: 'Legal pages',
    label: 'Legal document',
    languages: 'each',
    schema: legalDocumentSchema,
    keyed: true,
    permission: 'content.edit',
  },
} as const satisfies Record<string, ContentKind>;
export type ContentKindName = keyof typeof contentKinds;

/** Where a draft's value is kept: each language's own, or `all` for a list both languages show. */
export type DraftLanguage = Language | 'all';
export const draftLanguagesOf = (kind: ContentKind): readonly DraftLanguage[] =>
  kind.languages === 'each' ? ['en', 'fr'] : ['all'];
