import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { homeFeatures } from '@/lib/content/home';
import { partners } from '@/lib/content/partners';
import { press } from '@/lib/content/press';
import { products } from '@/lib/content/products';
import { featureBlocksSchema, partnersSchema, pressSchema, testimonialsSchema } from '@/lib/content/schemas';
import { testimonials } from '@/lib/content/testimonials';
import { validContent } from '@/lib/content/validate';

// The content modules import 'server-only', which throws outside React's server build; `next
// build` is what keeps them out of the browser, so here it is a no-op.
vi.mock('server-only', () => ({}));

/** The site workspace, apps/site: this file sits at apps/site/test/lib/content. */
const siteRoot = join(import.meta.dirname, '..', '..', '..');

describe('the site content', () => {
  it('holds what the spec counts: 12 partners, 4 testimonials, 3 press items, 4 blocks a page', () => {
    expect(partners).toHaveLength(12);
    expect(testimonials).toHaveLength(4);
    expect(press).toHaveLength(3);
    expect(homeFeatures.map((block) => block.tagline)).toEqual(['inbox', 'channels', 'personalisation', 'report']);
    for (const product of products) expect(product.blocks).toHaveLength(4);
  });

  it('points at images that exist in public/', async () => {
    const publicDir = join(siteRoot, 'public');
    const images = [...partners.map((p) => p.logo), ...testimonials.map((t) => t.image), ...press.map((p) => p.image)];
    for (const image of images) await expect(readFile(join(publicDir, image))).resolves.toBeInstanceOf(Buffer);
  });
});

describe('a bad content edit', () => {
  const block = homeFeatures[0]!;

  it('names the file, the entry and the field', () => {
    const bad = partners.map((partner, index) => (index === 2 ? { ...partner, logo: 'logo.svg' } : partner));
    expect(() => validContent('partners.ts', partnersSchema, bad)).toThrow(
      'Invalid site content in apps/site/src/lib/content/partners.ts:\n  - [2].logo: must be an image under public/partners/',
    );
  });

  it('refuses a duplicate partner', () => {
    expect(() => validContent('partners.ts', partnersSchema, [...partners, partners[0]!])).toThrow(
      '[12]: duplicate partner "Kestrel Pay"',
    );
  });

  it('refuses feature blocks that do not alternate', () => {
    const blocks = homeFeatures.map((each, index) =>
      index === 1 ? { ...each, direction: 'text-left' as const } : each,
    );
    expect(() => validContent('home.ts', featureBlocksSchema, blocks)).toThrow(
      '[1].direction: blocks must alternate direction',
    );
  });

  it('refuses a fifth feature block and an unknown icon', () => {
    expect(() => validContent('home.ts', featureBlocksSchema, [...homeFeatures, block])).toThrow(
      'a page shows exactly 4 feature blocks',
    );
    const unknownIcon = [{ ...block, icon: 'rocket' }, ...homeFeatures.slice(1)];
    // @ts-expect-error -- an editor's typo, caught at build rather than by the type checker
    expect(() => validContent('home.ts', featureBlocksSchema, unknownIcon)).toThrow('[0].icon');
  });

  it('refuses a press link that is not https and an empty testimonial', () => {
    const insecure = press.map((item, index) => (index === 0 ? { ...item, href: 'http://example.com' } : item));
    expect(() => validContent('press.ts', pressSchema, insecure)).toThrow('[0].href: must be an https:// link');
    const empty = testimonials.map((item, index) => (index === 3 ? { ...item, content: '  ' } : item));
    expect(() => validContent('testimonials.ts', testimonialsSchema, empty)).toThrow('[3].content: must not be empty');
  });
});
