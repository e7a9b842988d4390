import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type * as z from 'zod/mini';
import { homeFeatures } from '@/lib/content/home';
import { legalDocument } from '@/lib/content/legal';
import { partners } from '@/lib/content/partners';
import { press } from '@/lib/content/press';
import { products } from '@/lib/content/products';
import {
  featureBlocksSchema,
  partnersSchema,
  pressSchema,
  testimonialsSchema,
} from '@growmail/contracts/content/schemas';
import { contentError } from '@/lib/content/schemas';
import { testimonials } from '@/lib/content/testimonials';
import { siteConfig } from '@/lib/site-config';

/** The site workspace, apps/site: this file sits at apps/site/test/lib/content. */
const siteRoot = join(import.meta.dirname, '..', '..', '..');

/**
 * A list checked as the build checks it (src/content.config.ts): partners.yaml, press.yaml and
 * testimonials.yaml by their list's rules, and the home page's feature blocks when home.ts loads.
 */
const check = (file: string, schema: z.ZodMiniType, data: unknown) => {
  const result = schema.safeParse(data);
  if (!result.success) throw contentError(file, result.error);
  return result.data;
};
const withOrder = <T>(items: readonly T[]) => items.map((item, index) => ({ ...item, order: (index + 1) * 10 }));

describe('the site content', () => {
  it('holds what the spec counts: 12 partners, 4 testimonials, 3 press items, 4 blocks a page', () => {
    expect(partners).toHaveLength(12);
    expect(testimonials).toHaveLength(4);
    expect(press).toHaveLength(3);
    expect(homeFeatures.map((block) => block.tagline)).toEqual(['inbox', 'channels', 'personalisation', 'report']);
    for (const product of products) expect(product.blocks).toHaveLength(4);
  });

  it('keeps the order the files give: partners and testimonials by order, press newest first', () => {
    expect(partners.slice(0, 2).map((partner) => partner.name)).toEqual(['Kestrel Pay', 'Lumen Grocers']);
    expect(testimonials[0]!.name).toBe('Amara Okafor');
    expect(press.map((item) => item.date)).toEqual([...press.map((item) => item.date)].sort().reverse());
  });

  it('points at images that exist in public/', async () => {
    const publicDir = join(siteRoot, 'public');
    const images = [...partners.map((p) => p.logo), ...testimonials.map((t) => t.image), ...press.map((p) => p.image)];
    for (const image of images) await expect(readFile(join(publicDir, image))).resolves.toBeInstanceOf(Buffer);
  });

  it('gives the legal documents the contact address of the site config', async () => {
    for (const id of ['terms', 'privacy'] as const) {
      const text = JSON.stringify(await legalDocument(id));
      expect(text).toContain(siteConfig.contactEmail);
      expect(text).not.toContain('{contactEmail}');
    }
  });
});

describe('a bad content edit', () => {
  const block = homeFeatures[0]!;

  it('names the file, the entry and the field', () => {
    const bad = withOrder(partners).map((partner, index) => (index === 2 ? { ...partner, logo: 'logo.svg' } : partner));
    expect(() => check('src/content/partners.yaml', partnersSchema, bad)).toThrow(
      'Invalid site content in apps/site/src/content/partners.yaml:\n  - [2].logo: must be an image under public/partners/',
    );
  });

  it('refuses a duplicate partner, and two partners in the same place', () => {
    const listed = withOrder(partners);
    expect(() =>
      check('src/content/partners.yaml', partnersSchema, [...listed, { ...listed[0]!, order: 130 }]),
    ).toThrow('[12]: duplicate partner "Kestrel Pay"');
    expect(() =>
      check('src/content/partners.yaml', partnersSchema, [...listed, { ...listed[0]!, name: 'Other', order: 10 }]),
    ).toThrow('[12]: duplicate order "10"');
  });

  it('refuses feature blocks that do not alternate', () => {
    const blocks = homeFeatures.map((each, index) =>
      index === 1 ? { ...each, direction: 'text-left' as const } : each,
    );
    expect(() => check('home.ts', featureBlocksSchema, blocks)).toThrow(
      '[1].direction: blocks must alternate direction',
    );
  });

  it('refuses a fifth feature block and an unknown icon', () => {
    expect(() => check('home.ts', featureBlocksSchema, [...homeFeatures, block])).toThrow(
      'a page shows exactly 4 feature blocks',
    );
    const unknownIcon = [{ ...block, icon: 'rocket' }, ...homeFeatures.slice(1)];
    expect(() => check('home.ts', featureBlocksSchema, unknownIcon)).toThrow('[0].icon');
  });

  it('refuses a press link that is not https and an empty testimonial', () => {
    const insecure = press.map((item, index) => (index === 0 ? { ...item, href: 'http://example.com' } : item));
    expect(() => check('src/content/press.yaml', pressSchema, insecure)).toThrow('[0].href: must be an https:// link');
    const empty = withOrder(testimonials).map((item, index) => (index === 3 ? { ...item, content: '  ' } : item));
    expect(() => check('src/content/testimonials.yaml', testimonialsSchema, empty)).toThrow(
      '[3].content: must not be empty',
    );
  });
});
