import * as z from 'zod/mini';
import {
  brandSchema,
  faqsSchema,
  homeFeaturesSchema,
  homeSchema,
  legalDocumentSchema,
  partnerSchema,
  partnersSchema,
  pressItemSchema,
  pressSchema,
  productSchema,
  testimonialSchema,
  testimonialsSchema,
} from '@growmail/contracts/content/schemas';
import { changelogEntrySchema, docsPageSchema, productSlug } from './schemas';

/** A collection of one entry per file under `base` (Astro's glob loader). */
export type FolderSource<Schema extends z.ZodMiniType = z.ZodMiniType> = {
  /** The folder, from apps/site. */
  base: string;
  /** Which files in it are entries: `*.yaml` in the folder itself, `**\/*.mdx` in it and below. */
  pattern: `*.${string}` | `**/*.${string}`;
  /** What checks each entry. */
  schema: Schema;
  /** The entry's id from its file's path in `base`; the path without its extension otherwise. */
  id?: (file: string) => string;
};

/** A collection of one entry per key of a YAML file (Astro's file loader). */
export type ListSource<Schema extends z.ZodMiniType = z.ZodMiniType> = {
  /** The file, from apps/site. */
  file: string;
  /** What checks each entry. */
  schema: Schema;
  /** What checks the whole list: how many there must be, what may not repeat. */
  rules: z.ZodMiniType;
};

/** A file keyed by language holds the English and the French, and nothing else. */
const bothLanguages = z.array(z.unknown()).check(z.length(2, 'needs its English and its French, keyed en and fr'));

/**
 * Where each collection's entries live and what checks them (D2): src/content.config.ts hands
 * these to Astro's loaders, and the unit tests' `astro:content` (test/astro-content.ts) reads
 * the same files by them, so the two cannot list different collections.
 */
export const contentSources = {
  docs: { base: 'src/content/docs', pattern: '**/*.mdx', schema: docsPageSchema },
  changelog: { base: 'src/content/changelog', pattern: '*.md', schema: changelogEntrySchema },
  products: { base: 'src/content/products', pattern: '*.yaml', schema: productSchema, id: productSlug },
  /** The French twins of the product pages (D37), one per English file, by the same name. */
  productsFr: { base: 'src/content/products/fr', pattern: '*.yaml', schema: productSchema, id: productSlug },
  legal: { base: 'src/content/legal', pattern: '*.yaml', schema: legalDocumentSchema },
  /** The French translations of the legal documents (D37); the English text prevails in a dispute. */
  legalFr: { base: 'src/content/legal/fr', pattern: '*.yaml', schema: legalDocumentSchema },
  partners: { file: 'src/content/partners.yaml', schema: partnerSchema, rules: partnersSchema },
  press: { file: 'src/content/press.yaml', schema: pressItemSchema, rules: pressSchema },
  testimonials: { file: 'src/content/testimonials.yaml', schema: testimonialSchema, rules: testimonialsSchema },
  /** The brand's words, keyed by language (D45: marketing's, edited in the console). */
  brand: { file: 'src/content/brand.yaml', schema: brandSchema, rules: bothLanguages },
  /** The home page's copy, keyed by language (D45: marketing's, edited in the console). */
  home: { file: 'src/content/home.yaml', schema: homeSchema, rules: bothLanguages },
  /** The home page's feature blocks, keyed by language. */
  homeFeatures: {
    file: 'src/content/home-features.yaml',
    schema: z.object({ blocks: homeFeaturesSchema }),
    rules: bothLanguages,
  },
  /** The questions every product page answers, keyed by language. */
  faqs: { file: 'src/content/faqs.yaml', schema: z.object({ questions: faqsSchema }), rules: bothLanguages },
} satisfies Record<string, FolderSource | ListSource>;
