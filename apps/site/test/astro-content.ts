import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import type * as z from 'zod/mini';
import { contentError } from '@/lib/content/schemas';
import { contentSources, type FolderSource, type ListSource } from '@/lib/content/sources';

/**
 * `astro:content` for the unit tests, which run without Astro (vitest.config.ts points the
 * import here): the collections of src/content.config.ts, read from the same files and checked
 * by the same schemas and list rules. The build runs Astro's own loaders; the e2e tests see
 * what they made.
 */
type Entry = { id: string; data: unknown; body?: string; filePath: string };

const site = join(import.meta.dirname, '..');
const frontmatter = /^---\n([\s\S]*?)\n---\n/;

function checked(filePath: string, schema: z.ZodMiniType, data: unknown) {
  const result = schema.safeParse(data);
  if (!result.success) throw contentError(filePath, result.error);
  return result.data;
}

/** A glob loader: one entry per file under a folder, its id from its path. */
const folder =
  ({ base, pattern, schema, id }: FolderSource) =>
  (): Entry[] => {
    const extension = pattern.slice(pattern.lastIndexOf('.'));
    return readdirSync(join(site, base), { recursive: pattern.startsWith('**/'), encoding: 'utf8' })
      .filter((file) => file.endsWith(extension))
      .sort()
      .map((file) => {
        const filePath = `${base}/${file}`;
        const text = readFileSync(join(site, filePath), 'utf8');
        const match = extension === '.mdx' || extension === '.md' ? frontmatter.exec(text) : null;
        const data: unknown = parse(match ? match[1]! : text);
        return {
          id: id ? id(file) : file.slice(0, -extension.length),
          data: checked(filePath, schema, data),
          body: match && text.slice(match[0].length),
          filePath,
        };
      }) as Entry[];
  };

/** A file loader: one entry per key of a YAML file, and the whole list checked by its rules. */
const list =
  ({ file: filePath, schema, rules }: ListSource) =>
  (): Entry[] => {
    const items = Object.entries(parse(readFileSync(join(site, filePath), 'utf8')) as Record<string, unknown>);
    const entries = items.map(([id, item]) => ({ id, data: checked(filePath, schema, item), filePath }));
    checked(
      filePath,
      rules,
      entries.map((entry) => entry.data),
    );
    return entries;
  };

const collections: Record<string, () => Entry[]> = {
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

export async function getCollection(name: string) {
  const load = collections[name];
  if (!load) throw new Error(`No collection ${name} in src/content.config.ts`);
  return load();
}

export async function getEntry(name: string, id: string) {
  return (await getCollection(name)).find((entry) => entry.id === id);
}
