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

/** Every block of a product page links to sign-up (`productSchema` in @growmail/contracts/content/schemas), with these words. */
const blockCta: Record<Language, string> = { en: 'Get started free', fr: 'Commencer gratuitement' };

/** A product page's file: its name (campaign.yaml is 'campaign') and what its schema made of it. */
export type ProductFile = { id: string; data: z.output<typeof productSchema> };

/**
 * The product pages in a language from their files, in their order. A French page (D37) is at
 * /fr/products/…, by the English file's name, and its footer link and calls to action are French.
 */
export function productsOf(language: Language, files: readonly ProductFile[]): readonly Product[] {
  const inPage = ({ id, data }: ProductFile): Product =>
    language === 'en'
      ? { ...data, slug: id, path: productPath(id) }
      : {
          ...data,
          ...(data.footerPath ? { footerPath: inLanguage(data.footerPath, language) } : {}),
          blocks: data.blocks.map((block) => ({ ...block, cta: blockCta[language] })),
          slug: id,
          path: inLanguage(productPath(id), language),
        };
  return files.map(inPage).sort((a, b) => a.order - b.order);
}

/**
 * The product pages (spec "Screens and routes", Feature pages), one file each in
 * content/products, in their order: the route shell, header, footer, sitemap and Open Graph
 * cards all list these, so a new product page is one content file.
 */
export const products = productsOf('en', await getCollection('products'));

/** The French product pages, one file each in content/products/fr; the site's tests check every English product has its twin. */
const frenchProducts = productsOf('fr', await getCollection('productsFr'));

/** The product pages in a language. */
export const productsIn = (language: Language): readonly Product[] => (language === 'fr' ? frenchProducts : products);
