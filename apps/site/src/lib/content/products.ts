import { productPath } from '@growmail/contracts/routes';
import { getCollection } from 'astro:content';
import type * as z from 'zod/mini';
import type { productSchema } from './schemas';

export type Product = z.output<typeof productSchema> & {
  /** The file's name: campaign.yaml is the product 'campaign'. */
  slug: string;
  /** Its page, /products/campaign. */
  path: string;
};

/**
 * The product pages (spec "Screens and routes", Feature pages), one file each in
 * content/products, in their order: the route shell, header, footer, sitemap and Open Graph
 * cards all list these, so a new product page is one content file.
 */
export const products: readonly Product[] = (await getCollection('products'))
  .map(({ id, data }) => ({ ...data, slug: id, path: productPath(id) }))
  .sort((a, b) => a.order - b.order);
