import { entryOf, type PublishedEntry } from '@growmail/contracts/content/entries';
import {
  brandSchema,
  partnersSchema,
  productSchema,
  testimonialsSchema,
  type BrandWords,
} from '@growmail/contracts/content/schemas';
import type { Language } from '@growmail/contracts/language';
import type { OnDemandLocals } from '@growmail/contracts/on-demand';
import { brandWords } from './brand';
import { partners, partnersOf } from './partners';
import { productsIn, productsOf, type Product, type ProductFile } from './products';
import { testimonials, testimonialsOf } from './testimonials';

/**
 * The content marketing edits that a page rendered on demand shows (D45): the products and the
 * brand's words in the header and footer, /demo's testimonial, and the partner logos of /demo and /startup. A page
 * built with the site reads the build's own; a page the server renders reads the version the
 * server serves, which it hands in `locals` (`content`), because the renderer is the release's
 * and its modules hold the release's words. A kind an on-demand page comes to show is added here.
 */
export type SiteContent = {
  testimonials: typeof testimonials;
  partners: typeof partners;
  productsIn: (language: Language) => readonly Product[];
  brand: Record<Language, BrandWords>;
};

const built: SiteContent = { testimonials, partners, productsIn, brand: brandWords };

/** Each version's content, made once from its entries: the server hands one array per version. */
const made = new WeakMap<readonly PublishedEntry[], SiteContent>();

/** The content to show: the version's the server handed in, or the build's. */
export function contentFrom(locals: Pick<OnDemandLocals, 'content'>): SiteContent {
  const entries = locals.content;
  if (!entries) return built;
  let content = made.get(entries);
  if (!content) {
    content = contentOf(entries);
    made.set(entries, content);
  }
  return content;
}

/**
 * The content from a version's published values, read by the build's own schemas and made into
 * what pages show by the same functions as the build's (a version's values are its build's, so
 * they pass). A kind the version lacks keeps the build's.
 */
function contentOf(entries: readonly PublishedEntry[]): SiteContent {
  const list = (id: 'testimonials' | 'partners') => entries.find((entry) => entry.id === id)?.published.all;
  const [testimonialItems, partnerItems] = [list('testimonials'), list('partners')];
  const pages = (language: Language) => {
    const files = entries.flatMap((entry): ProductFile[] => {
      const key = entryOf(entry.id)?.key;
      const value = entry.published[language];
      return entry.kind === 'products' && key && value !== undefined
        ? [{ id: key, data: productSchema.parse(value) }]
        : [];
    });
    return files.length > 0 ? productsOf(language, files) : built.productsIn(language);
  };
  const products = { en: pages('en'), fr: pages('fr') };
  const brand = entries.find((entry) => entry.id === 'brand')?.published;
  const brandIn = (language: Language) =>
    brand?.[language] === undefined ? built.brand[language] : brandSchema.parse(brand[language]);
  return {
    testimonials:
      testimonialItems === undefined ? built.testimonials : testimonialsOf(testimonialsSchema.parse(testimonialItems)),
    partners: partnerItems === undefined ? built.partners : partnersOf(partnersSchema.parse(partnerItems)),
    productsIn: (language) => products[language],
    brand: { en: brandIn('en'), fr: brandIn('fr') },
  };
}
