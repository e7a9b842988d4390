import type { PublishedEntry } from '@growmail/contracts/content/entries';
import { describe, expect, it } from 'vitest';
import { brandWords } from '@/lib/content/brand';
import { editableEntries } from '@/lib/content/editable';
import { contentFrom } from '@/lib/content/from-locals';
import { partners } from '@/lib/content/partners';
import { productsIn } from '@/lib/content/products';
import { testimonials } from '@/lib/content/testimonials';

/** The entries with one value changed, as a version that published it hands them in. */
async function entriesWith(id: string, change: (published: Record<string, unknown>) => void) {
  const entries = structuredClone(await editableEntries()) as PublishedEntry[];
  change(entries.find((entry) => entry.id === id)!.published as Record<string, unknown>);
  return entries;
}

describe('the content a page rendered on demand shows (D45)', () => {
  it('is the build’s on a built page, and the same from the build’s own entries', async () => {
    expect(contentFrom({})).toEqual({ testimonials, partners, productsIn, brand: brandWords });
    const served = contentFrom({ content: await editableEntries() });
    expect(served.testimonials).toEqual(testimonials);
    expect(served.partners).toEqual(partners);
    expect(served.brand).toEqual(brandWords);
    for (const language of ['en', 'fr'] as const) expect(served.productsIn(language)).toEqual(productsIn(language));
  });

  it('is the version’s when the server hands its entries in, read once per version', async () => {
    const entries = await entriesWith('testimonials', (published) => {
      const items = published.all as { order: number; content: string }[];
      items.find((item) => item.order === Math.max(...items.map(({ order }) => order)))!.order = 1;
    });
    const served = contentFrom({ content: entries });
    expect(served.testimonials[0]).toEqual(testimonials.at(-1));
    expect(contentFrom({ content: entries })).toBe(served);

    const renamed = await entriesWith('products.campaign', (published) => {
      (published.fr as { title: string }).title = 'Studio de campagnes';
    });
    const french = contentFrom({ content: renamed }).productsIn('fr');
    expect(french.find((product) => product.slug === 'campaign')).toMatchObject({
      title: 'Studio de campagnes',
      path: '/fr/products/campaign',
    });

    const offer = await entriesWith('brand', (published) => {
      (published.en as { startupPromo: string }).startupPromo = 'Startups: half price for a year';
    });
    const brand = contentFrom({ content: offer }).brand;
    expect(brand.en.startupPromo).toBe('Startups: half price for a year');
    expect(brand.fr).toEqual(brandWords.fr);
  });

  it('refuses values the build’s schemas refuse, rather than show them', async () => {
    const entries = await entriesWith('partners', (published) => {
      published.all = [];
    });
    expect(() => contentFrom({ content: entries })).toThrow();
  });
});
