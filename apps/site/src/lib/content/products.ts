import type { Language } from '@growmail/contracts/language';
import { productPath } from '@growmail/contracts/routes';
import { getCollection } from 'astro:content';
import type * as z from 'zod/mini';
import { inLanguage } from '@/lib/language';
import type { productSchema } from '@growmail/contracts/content/schemas';

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

/** Every block of a product page links to sign-up (`productSchema` in @growmail/contracts/content/schemas), with these words. */
const blockCta: Record<Language, string> = { en: 'Get started free', fr: 'Commencer gratuitement' };

/**
 * The French product pages (D37), one file each in content/products/fr by the English file's
 * name, at /fr/products/…; the site's tests check every English product has its twin.
 */
const frenchProducts: readonly Product[] = (await getCollection('productsFr'))
  .map(({ id, data }) => ({
    ...data,
    ...(data.footerPath ? { footerPath: inLanguage(data.footerPath, 'fr') } : {}),
    blocks: data.blocks.map((block) => ({ ...block, cta: blockCta.fr })),
    slug: id,
    path: inLanguage(productPath(id), 'fr'),
  }))
  .sort((a, b) => a.order - b.order);

/** The product pages in a language. */
export const productsIn = (language: Language): readonly Product[] => (language === 'fr' ? frenchProducts : products);
