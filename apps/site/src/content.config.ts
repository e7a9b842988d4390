import { defineCollection } from 'astro:content';
import { file, glob, type Loader } from 'astro/loaders';
import type * as z from 'zod/mini';
import {
  contentError,
  docsPageSchema,
  legalDocumentSchema,
  partnerSchema,
  partnersSchema,
  pressItemSchema,
  pressSchema,
  productSchema,
  productSlug,
  testimonialSchema,
  testimonialsSchema,
} from './lib/content/schemas';

/**
 * A file of entries keyed by slug, each checked by the collection's schema, and the whole list
 * by `rules` too: how many there must be and what may not repeat are rules of the list, which
 * an entry's schema cannot see.
 */
function listFile(path: string, rules: z.ZodMiniType): Loader {
  const entries = file(path);
  return {
    name: 'growmail:list-file',
    async load(context) {
      await entries.load(context);
      const result = rules.safeParse(context.store.values().map((entry) => entry.data));
      if (!result.success) throw contentError(path, result.error);
    },
  };
}

/**
 * The site's content (D2), each collection one folder or file under src/content, checked at
 * build by its schema in lib/content/schemas.ts. Navigation, sitemap, Open Graph cards,
 * llms.txt, the .md copies and the search index are derived from these, so a new docs page or
 * product page is one file.
 */
export const collections = {
  docs: defineCollection({
    loader: glob({ pattern: '**/*.mdx', base: './src/content/docs' }),
    schema: docsPageSchema,
  }),
  products: defineCollection({
    loader: glob({ pattern: '*.yaml', base: './src/content/products', generateId: ({ entry }) => productSlug(entry) }),
    schema: productSchema,
  }),
  legal: defineCollection({
    loader: glob({ pattern: '*.yaml', base: './src/content/legal' }),
    schema: legalDocumentSchema,
  }),
  partners: defineCollection({
    loader: listFile('src/content/partners.yaml', partnersSchema),
    schema: partnerSchema,
  }),
  press: defineCollection({
    loader: listFile('src/content/press.yaml', pressSchema),
    schema: pressItemSchema,
  }),
  testimonials: defineCollection({
    loader: listFile('src/content/testimonials.yaml', testimonialsSchema),
    schema: testimonialSchema,
  }),
};
