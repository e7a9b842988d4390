import { productPath } from '@growmail/contracts/routes';
import type * as z from 'zod/mini';
import { parse } from 'yaml';
import { listContent, readContent } from './files';
import { productSchema } from './schemas';
import { validContentFile } from './validate';

export type Product = z.output<typeof productSchema> & {
  /** The file's name: campaign.yaml is the product 'campaign'. */
  slug: string;
  /** Its page, /products/campaign. */
  path: string;
};

const slugPattern = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/** One content file as a product, checked, so a bad edit stops the build naming the file and field. */
export function parseProduct(file: string, content: string): Product {
  const slug = file.replace(/\.yaml$/, '');
  if (!slugPattern.test(slug))
    throw new Error(`src/content/products/${file}: name the file in kebab-case, such as web-push.yaml`);
  const product = validContentFile(`src/content/products/${file}`, productSchema, parse(content));
  return { ...product, slug, path: productPath(slug) };
}

/**
 * The product pages (spec "Screens and routes", Feature pages), one file each in
 * content/products, in their order: the route shell, header, footer, sitemap and Open Graph
 * cards all list these, so a new product page is one content file.
 */
export const products: readonly Product[] = listContent('products', '.yaml')
  .map((file) => parseProduct(file, readContent(`products/${file}`)))
  .sort((a, b) => a.order - b.order);
