import { fallbackProductSlug, productAliases, productPath } from '@growmail/contracts/routes';
import { describe, expect, it } from 'vitest';
import { ogCards, ogImagePath } from '@/lib/brand-images';
import { products } from '@/lib/content/products';
import { docsPages } from '@/lib/docs/pages';
import { publicRoutes } from '@/lib/routes';

const timesListed = (path: string) => publicRoutes.filter((route) => route === path).length;

describe('the public routes', () => {
  it('list every docs page and every product page from its file, once each', () => {
    for (const page of [...docsPages, ...products]) expect(timesListed(page.path), page.path).toBe(1);
    expect(new Set(publicRoutes).size).toBe(publicRoutes.length);
  });

  it('give every listed page a social card of its own', () => {
    expect(publicRoutes.filter((route) => !ogCards[route])).toEqual([]);
    expect(new Set(publicRoutes.map(ogImagePath)).size).toBe(publicRoutes.length);
  });

  it("take a docs page's card from its frontmatter and a product page's from its file", () => {
    for (const page of docsPages) expect(ogCards[page.path], page.source).toEqual(page.card);
    for (const product of products) expect(ogCards[product.path], product.slug).toEqual(product.card);
  });

  it('send every product alias and unknown product path to a product that has a file', () => {
    const pages = products.map((product) => product.path);
    for (const slug of [...Object.values(productAliases), fallbackProductSlug])
      expect(pages).toContain(productPath(slug));
  });
});
