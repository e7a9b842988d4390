import { defineCollection } from 'astro:content';
import { file, glob, type Loader } from 'astro/loaders';
import type * as z from 'zod/mini';
import { contentError } from './lib/content/schemas';
import { contentSources, type FolderSource, type ListSource } from './lib/content/sources';

/** One entry per file of a folder, its id from the file's path. */
const folder = <Schema extends z.ZodMiniType>({ base, pattern, schema, id }: FolderSource<Schema>) =>
  defineCollection({
    loader: glob({ pattern, base: `./${base}`, ...(id ? { generateId: ({ entry }) => id(entry) } : {}) }),
    schema,
  });

/**
 * A file of entries keyed by slug, each checked by the collection's schema, and the whole list
 * by `rules` too: how many there must be and what may not repeat are rules of the list, which
 * an entry's schema cannot see.
 */
function list<Schema extends z.ZodMiniType>({ file: path, schema, rules }: ListSource<Schema>) {
  const entries = file(path);
  const loader: Loader = {
    name: 'growmail:list-file',
    async load(context) {
      await entries.load(context);
      const result = rules.safeParse(context.store.values().map((entry) => entry.data));
      if (!result.success) throw contentError(path, result.error);
    },
  };
  return defineCollection({ loader, schema });
}

/**
 * The site's content (D2), each collection one folder or file under src/content, as
 * lib/content/sources.ts names them, checked at build by its schema. Navigation, sitemap, Open
 * Graph cards, llms.txt, the .md copies and the search index are derived from these, so a new
 * docs page or product page is one file.
 */
export const collections = {
  docs: folder(contentSources.docs),
  changelog: folder(contentSources.changelog),
  products: folder(contentSources.products),
  productsFr: folder(contentSources.productsFr),
  legal: folder(contentSources.legal),
  legalFr: folder(contentSources.legalFr),
  partners: list(contentSources.partners),
  press: list(contentSources.press),
  testimonials: list(contentSources.testimonials),
  brand: list(contentSources.brand),
  home: list(contentSources.home),
  homeFeatures: list(contentSources.homeFeatures),
  faqs: list(contentSources.faqs),
};
