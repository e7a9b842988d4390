import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { products, productsIn } from '@/lib/content/products';
import { productSchema } from '@growmail/contracts/content/schemas';
import { contentError, productSlug } from '@/lib/content/schemas';

/** A real product file, as an editor would start a new one. */
const campaign = readFileSync(
  join(import.meta.dirname, '..', '..', '..', 'src', 'content', 'products', 'campaign.yaml'),
  'utf8',
);
type Entry = { card?: { title?: string }; order?: number; blocks: unknown[]; navDescripton?: string };
const edited = (change: (entry: Entry) => void) => {
  const entry = parse(campaign) as Entry;
  change(entry);
  return entry;
};
/** The collection 'products' checks each file with productSchema; the build names the file, this the field. */
const check = (file: string, entry: unknown) => {
  const result = productSchema.safeParse(entry);
  if (!result.success) throw contentError(`src/content/products/${file}`, result.error);
  return result.data;
};

describe('the product files', () => {
  it('hold the spec\'s four products, in the order of the navigation (spec "Screens and routes")', () => {
    const spec = [
      ['/products/campaign', 'Broadcast Messaging'],
      ['/products/automations', 'Marketing Automation'],
      ['/products/transactionals', 'Transactional Emails'],
      ['/products/analytics', 'App Analytics'],
    ];
    const listed = products.map((product) => [product.path, product.title]);
    expect(listed.filter(([path]) => spec.some(([specPath]) => specPath === path))).toEqual(spec);
  });

  it('take the URL from the file name and give every block a sign-up link, on alternating sides', () => {
    expect(productSlug('web-push.yaml')).toBe('web-push');
    expect(products.find((product) => product.slug === 'campaign')).toMatchObject({
      path: '/products/campaign',
      title: 'Broadcast Messaging',
    });
    const product = check('web-push.yaml', parse(campaign));
    expect(product.blocks.map((block) => [block.link, block.cta, block.direction])).toEqual([
      ['register', 'Get started free', 'text-left'],
      ['register', 'Get started free', 'text-right'],
      ['register', 'Get started free', 'text-left'],
      ['register', 'Get started free', 'text-right'],
    ]);
  });
});

describe('a bad product file', () => {
  it.each([
    ['no card', (entry: Entry) => delete entry.card, '  - .card: '],
    ['a card without its title', (entry: Entry) => delete entry.card!.title, '  - .card.title: '],
    ['no order', (entry: Entry) => delete entry.order, '  - .order: '],
    ['a misspelt field', (entry: Entry) => (entry.navDescripton = 'Typo'), '  - (root): unknown field "navDescripton"'],
    [
      'three feature blocks',
      (entry: Entry) => (entry.blocks.length = 3),
      '  - .blocks: a page shows exactly 4 feature blocks',
    ],
  ])('is refused, naming the field, when it has %s', (_name, change, message) => {
    const bad = edited(change);
    expect(() => check('campaign.yaml', bad)).toThrow(
      'Invalid site content in apps/site/src/content/products/campaign.yaml:\n',
    );
    expect(() => check('campaign.yaml', bad)).toThrow(message);
  });

  it('stops the build when its file name is not a URL segment', () => {
    expect(() => productSlug('Web Push.yaml')).toThrow('content/products/Web Push.yaml');
  });

  it('have a French twin each, by the same name, at the same place under /fr (D37)', () => {
    const french = productsIn('fr');
    expect(french.map((product) => [product.slug, product.order])).toEqual(
      products.map((product) => [product.slug, product.order]),
    );
    expect(french.map((product) => product.path)).toEqual(products.map((product) => `/fr${product.path}`));
    expect(french.find((product) => product.slug === 'automations')?.footerPath).toBe('/fr/products/automation');
    expect(french.flatMap((product) => product.blocks.map((block) => block.cta))).toEqual(
      Array(16).fill('Commencer gratuitement'),
    );
  });
});
