// Never in the browser: see validate.ts.
import 'server-only';
import * as z from 'zod/mini';
import { ogCardSchema } from '../og-card';

/** Shapes of the site's content files (D2): what an operator may edit, checked at build. */

const text = (max?: { length: number; message: string }) =>
  z
    .string()
    .check(z.trim(), z.minLength(1, 'must not be empty'), ...(max ? [z.maxLength(max.length, max.message)] : []));
/** A file under apps/site/public, by its URL path. */
const publicImage = (folder: string) =>
  z
    .string()
    .check(
      z.regex(new RegExp(`^/${folder}/[a-z0-9-]+\\.(svg|png|jpg|webp)$`), `must be an image under public/${folder}/`),
    );

const unique =
  <T>(key: (item: T) => string, what: string) =>
  (items: T[], context: z.core.$RefinementCtx<T[]>) => {
    const seen = new Set<string>();
    items.forEach((item, index) => {
      const value = key(item);
      if (seen.has(value)) context.addIssue({ code: 'custom', path: [index], message: `duplicate ${what} "${value}"` });
      seen.add(value);
    });
  };

export const partnersSchema = z
  .array(z.object({ name: text(), logo: publicImage('partners'), width: z.int().check(z.gte(32), z.lte(400)) }))
  .check(
    z.minLength(4, 'needs at least 4 logos (the demo and startup pages show 4)'),
    z.superRefine(unique((partner) => partner.name, 'partner')),
  );

export const testimonialsSchema = z
  .array(
    z.object({
      name: text(),
      role: text(),
      company: text(),
      content: text({ length: 400, message: 'keep a testimonial under 400 characters so the cards stay even' }),
      image: publicImage('testimonials'),
    }),
  )
  .check(
    z.minLength(2, 'needs at least 2 testimonials to choose among'),
    z.superRefine(unique((testimonial) => testimonial.name, 'testimonial')),
  );

export const pressSchema = z
  .array(
    z.object({
      publication: text(),
      headline: text(),
      summary: text(),
      date: z.iso.date('must be a date like 2026-05-14'),
      href: z.url({ protocol: /^https$/, error: 'must be an https:// link' }),
      image: publicImage('press'),
    }),
  )
  .check(z.length(3, 'the "In The News." section shows exactly 3 items'));

export const featureIcons = [
  'inbox',
  'megaphone',
  'workflow',
  'send',
  'chart',
  'users',
  'sparkles',
  'clock',
  'shield',
  'repeat',
  'layers',
  'mouse-pointer',
  'smartphone',
  'bell',
  'code',
  'filter',
] as const;
export const featureTaglines = ['inbox', 'channels', 'personalisation', 'report'] as const;
export const featureColours = ['brand', 'sky', 'violet', 'amber'] as const;

const featureBlock = z.strictObject({
  icon: z.enum(featureIcons),
  tagline: z.enum(featureTaglines),
  title: text(),
  description: text(),
  benefits: z
    .array(text())
    .check(z.minLength(2, 'list at least 2 benefits'), z.maxLength(5, 'list at most 5 benefits')),
  colour: z.enum(featureColours),
  highlight: z.strictObject({ value: text(), label: text() }),
  /** Where the block's call to action goes: a path on this site, or 'register' for the app's sign-up. */
  link: z.union([
    z.literal('register'),
    z.string().check(z.regex(/^\/[a-z0-9/#-]*$/, 'must be a path such as /products/campaign')),
  ]),
  cta: text(),
  /** Which side the text sits on; blocks alternate. */
  direction: z.enum(['text-left', 'text-right']),
});
export type FeatureBlock = z.output<typeof featureBlock>;
export type FeatureBlockInput = z.input<typeof featureBlock>;

/** Gives blocks their sides in turn, text on the left first, so the content need not spell them out. */
export const alternatingSides = (blocks: readonly Omit<FeatureBlockInput, 'direction'>[]): FeatureBlockInput[] =>
  blocks.map((block, index) => ({ ...block, direction: index % 2 === 0 ? 'text-left' : 'text-right' }));

export const featureBlocksSchema = z.array(featureBlock).check(
  z.length(4, 'a page shows exactly 4 feature blocks'),
  z.superRefine((blocks, context) => {
    blocks.forEach((block, index) => {
      if (index > 0 && block.direction === blocks[index - 1]!.direction)
        context.addIssue({ code: 'custom', path: [index, 'direction'], message: 'blocks must alternate direction' });
    });
    unique((block: FeatureBlock) => block.tagline, 'tagline')(blocks, context);
  }),
);

export const faqsSchema = z
  .array(z.object({ question: text(), answer: z.array(text()).check(z.minLength(1)) }))
  .check(z.length(3, 'the product pages answer exactly 3 questions (spec "Screens and routes")'));

/** A product page's blocks: each invites the visitor to sign up, on alternating sides, so its file says neither. */
const productBlocks = z.pipe(
  z.pipe(
    z.array(z.omit(featureBlock, { link: true, cta: true, direction: true })),
    z.transform((blocks) =>
      alternatingSides(blocks.map((block) => ({ ...block, link: 'register' as const, cta: 'Get started free' }))),
    ),
  ),
  featureBlocksSchema,
);

/**
 * A product page's file in content/products: the one source of its name, order, flyout line,
 * <head>, Open Graph card and copy (lib/content/products.ts reads the files).
 */
export const productSchema = z.strictObject({
  /** The product's name: the navigation, the page's heading and its <title>. */
  title: text(),
  description: text({ length: 160, message: 'keep the meta description under 160 characters' }),
  /** Where the product sits in the header and footer: lower first. */
  order: z.int(),
  /** The line under the name in the header's Products flyout. */
  navDescription: text(),
  icon: z.enum(featureIcons),
  /** The spelling the footer links to where the spec gives one of its own (D5); the server shows this page there. */
  footerPath: z.optional(z.string().check(z.regex(/^\/[a-z0-9/-]*$/, 'must be a path such as /products/campaign'))),
  card: ogCardSchema,
  hero: z.strictObject({ eyebrow: text(), headline: text(), lead: text() }),
  blocks: productBlocks,
});

const legalBlock = z.union([text(), z.object({ list: z.array(text()).check(z.minLength(1)) })]);
export const legalDocumentSchema = z.object({
  title: text(),
  updated: z.iso.date(),
  intro: z.array(text()).check(z.minLength(1)),
  sections: z
    .array(
      z.object({
        id: z.string().check(z.regex(/^[a-z0-9-]+$/, 'must be a lowercase anchor such as billing-disputes')),
        heading: text(),
        body: z.array(legalBlock).check(z.minLength(1)),
      }),
    )
    .check(z.minLength(3), z.superRefine(unique((section) => section.id, 'section id'))),
});
export type LegalDocument = z.output<typeof legalDocumentSchema>;

export const homeSchema = z.object({
  heroLead: text(),
  onboarding: z
    .array(z.object({ title: text(), description: text() }))
    .check(z.length(3, 'the onboarding shows 3 steps')),
  proof: z.array(z.object({ value: text(), label: text() })).check(z.minLength(3), z.maxLength(4)),
  closing: z.object({ title: text(), lead: text(), cta: text() }),
});
