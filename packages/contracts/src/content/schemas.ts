import * as z from 'zod/mini';
import { languages } from '../language.ts';
import { markdownProblem } from './markdown.ts';

/**
 * Shapes of the site's content that marketing edits (D2, D45): partners, testimonials, press,
 * product pages, FAQs, legal documents and the home page's copy. The site's collections
 * (apps/site/src/content.config.ts) check each entry against these at build, and each file that
 * holds a list (partners, press, testimonials) against its list's rules, so a bad edit stops the
 * build naming the file and the field; the console checks a draft against the same schemas when
 * it is saved. docs/content.md says which content is marketing's and which stays with developers.
 */

/** A required line of text, trimmed, with an optional limit and the words that explain it. */
export const contentText = (max?: { length: number; message: string }) =>
  z
    .string()
    .check(z.trim(), z.minLength(1, 'must not be empty'), ...(max ? [z.maxLength(max.length, max.message)] : []));
const text = contentText;

/**
 * How the console's form shows a field, where its type alone does not say (content/form.ts): a
 * long text is a paragraph, edited in a box of several lines; a markdown text is one in the
 * site's own subset of Markdown (content/markdown.ts), edited in such a box too; an image is a file
 * and its alt text.
 */
export const contentControls = z.registry<{ control: 'long-text' | 'markdown' | 'image' }>();
/** A required paragraph: `contentText` that the console edits in a box of several lines. */
const longText = (max?: { length: number; message: string }) =>
  text(max).register(contentControls, { control: 'long-text' });
/**
 * A required text in the site's subset of Markdown (paragraphs, **strong**, *emphasis*, links,
 * bullet lists), refused at save and at build for anything else; the site renders it with
 * components/markdown.tsx.
 */
const markdownText = () =>
  text()
    .check(
      z.superRefine((value, context) => {
        const problem = markdownProblem(value);
        if (problem) context.addIssue({ code: 'custom', input: value, message: problem });
      }),
    )
    .register(contentControls, { control: 'markdown' });

/**
 * What a page's Open Graph card says: a short eyebrow above a one-line title
 * (apps/site/src/lib/brand-image-render.tsx draws it). Docs and product pages declare theirs in
 * their own content file, checked by this one schema; the site's lib/brand-images.ts collects them.
 */
export const ogCardSchema = z.strictObject({ eyebrow: text(), title: text() });
export type OgCard = z.output<typeof ogCardSchema>;

/** How a value names an uploaded image: the SHA-256 of its bytes. */
export const contentImagePattern = /^sha256:([0-9a-f]{64})$/;

/**
 * A photo an editor uploaded from the console (D45): JPEG, PNG or WebP, checked by its bytes when
 * it was uploaded and kept in the database by the SHA-256 of those bytes, which is what the value
 * holds. The publisher writes it to src/assets/content/<sha256>.<jpg|png|webp> before it builds,
 * and the page draws it through astro:assets in the sizes and format it needs. The alt text is
 * in the value's language, so every language the entry has says what the picture shows.
 */
export const contentImage = () =>
  z
    .strictObject({
      /** The uploaded file, `sha256:` and its bytes' hash. */
      src: z.string().check(z.regex(contentImagePattern, 'choose the image again: this one was not uploaded here')),
      /** What the picture shows, for those who cannot see it. */
      alt: z
        .string()
        .check(
          z.trim(),
          z.minLength(1, 'say what the picture shows, for those who cannot see it'),
          z.maxLength(200, 'keep the alt text under 200 characters'),
        ),
    })
    .register(contentControls, { control: 'image' });
export type ContentImage = z.output<ReturnType<typeof contentImage>>;

/** The hashes of every uploaded image a value names, wherever it sits in the value. */
export function contentImageHashes(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(contentImageHashes);
  if (!value || typeof value !== 'object') return [];
  const src = (value as { src?: unknown }).src;
  const own = typeof src === 'string' ? contentImagePattern.exec(src)?.[1] : undefined;
  return [...(own ? [own] : []), ...Object.values(value).flatMap(contentImageHashes)];
}

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

/** A partner in src/content/partners.yaml, keyed by its slug; the home, demo and startup pages show their logos. */
export const partnerSchema = z.strictObject({
  /** Where the logo sits in the row and the carousel: lower first. */
  order: z.int(),
  /** The company's name: the logo's alt text. */
  name: text(),
  /** Its logo, drawn 32 units tall, under public/partners/. */
  logo: publicImage('partners'),
  /** The logo's width at that height, so it takes its space before it loads. */
  width: z.int().check(z.gte(32), z.lte(400)),
});
/** A partner as the pages show it: in its place, which it no longer needs to say. */
export type Partner = Omit<z.output<typeof partnerSchema>, 'order'>;

export const partnersSchema = z
  .array(partnerSchema)
  .check(
    z.minLength(4, 'needs at least 4 logos (the demo and startup pages show 4)'),
    z.superRefine(unique((partner) => partner.name, 'partner')),
    z.superRefine(unique((partner) => String(partner.order), 'order')),
  );

/** A customer's words in src/content/testimonials.yaml, keyed by their slug; the home page shows one at random. */
export const testimonialSchema = z.strictObject({
  /** Where the card sits among the others: lower first. */
  order: z.int(),
  /** Who said it. */
  name: text(),
  /** Their job title. */
  role: text(),
  /** Their job title in French: a French page quotes them in their own words but says their title in French. */
  roleFr: text(),
  /** Where they work. */
  company: text(),
  /** What they said, as the card quotes it. */
  content: longText({ length: 400, message: 'keep a testimonial under 400 characters so the cards stay even' }),
  /**
   * The language they said it in (`en` or `fr`), which may not be the page's: the card marks its
   * quote and role with it, so a screen reader reads them in its voice (D43).
   */
  language: z.enum(languages),
  /** Their portrait, under public/testimonials/. */
  image: publicImage('testimonials'),
});
/** A testimonial as the pages show it: in its place, which it no longer needs to say. */
export type Testimonial = Omit<z.output<typeof testimonialSchema>, 'order'>;

export const testimonialsSchema = z
  .array(testimonialSchema)
  .check(
    z.minLength(2, 'needs at least 2 testimonials to choose among'),
    z.superRefine(unique((testimonial) => testimonial.name, 'testimonial')),
    z.superRefine(unique((testimonial) => String(testimonial.order), 'order')),
  );

/** An article about us in src/content/press.yaml, keyed by its slug, for the home page's "In The News.". */
export const pressItemSchema = z.strictObject({
  /** Who published it. */
  publication: text(),
  /** The article's headline, as they wrote it. */
  headline: text(),
  /** What it says, in a sentence. */
  summary: longText(),
  /**
   * The same in French: a summary is Growmail's own sentence about the article, not a quote, so a
   * French page says it in French; the headline stays the publication's, in English, and says so.
   */
  summaryFr: longText(),
  /** When it appeared, as a quoted date such as "2026-05-14". */
  date: z.iso.date('must be a date like 2026-05-14'),
  /** The article itself. */
  href: z.url({ protocol: /^https$/, error: 'must be an https:// link' }),
  /** The publication's logo, under public/press/. */
  image: publicImage('press'),
});
export type PressItem = z.output<typeof pressItemSchema>;

export const pressSchema = z
  .array(pressItemSchema)
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
  /** The lucide icon beside the title (components/products/feature-icon.tsx). */
  icon: z.enum(featureIcons),
  /** Which of the four ideas the block stands for; a page shows each once. */
  tagline: z.enum(featureTaglines),
  /** The block's heading. */
  title: text(),
  /** The paragraph under it. */
  description: longText(),
  /** The ticked list of what the visitor gets. */
  benefits: z
    .array(text())
    .check(z.minLength(2, 'list at least 2 benefits'), z.maxLength(5, 'list at most 5 benefits')),
  /** The accent of the block's illustration. */
  colour: z.enum(featureColours),
  /** The figure the illustration shows, such as "99.9%" over "inbox delivery". */
  highlight: z.strictObject({ value: text(), label: text() }),
  /** Where the block's call to action goes: a path on this site, or 'register' for the app's sign-up. */
  link: z.union([
    z.literal('register'),
    z.string().check(z.regex(/^\/[a-z0-9/#-]*$/, 'must be a path such as /products/campaign')),
  ]),
  /** The call to action's words. */
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
  .array(z.object({ question: text(), answer: z.array(markdownText()).check(z.minLength(1)) }))
  .check(z.length(3, 'the product pages answer exactly 3 questions (spec "Screens and routes")'));

/**
 * The home page's four feature blocks as an editor writes them: each with its link and call to
 * action, the sides given in turn, so neither the source nor the form says them.
 */
export const homeFeaturesSchema = z.pipe(
  z.pipe(
    z.array(z.omit(featureBlock, { direction: true })),
    z.transform((blocks) => alternatingSides(blocks)),
  ),
  featureBlocksSchema,
);

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
 * <head>, Open Graph card and copy (the collection 'products', src/content.config.ts).
 */
export const productSchema = z.strictObject({
  /** The product's name: the navigation, the page's heading and its <title>. */
  title: text(),
  /** The page's meta description. */
  description: longText({ length: 160, message: 'keep the meta description under 160 characters' }),
  /** Where the product sits in the header and footer: lower first. */
  order: z.int(),
  /** The line under the name in the header's Products flyout. */
  navDescription: text(),
  /** Its icon in the header's Products flyout. */
  icon: z.enum(featureIcons),
  /** The spelling the footer links to where the spec gives one of its own (D5); the server shows this page there. */
  footerPath: z.optional(z.string().check(z.regex(/^\/[a-z0-9/-]*$/, 'must be a path such as /products/campaign'))),
  /** What the page's Open Graph card says (`ogCardSchema`). */
  card: ogCardSchema,
  /** The top of the page: a small eyebrow, the headline and the paragraph under it. */
  hero: z.strictObject({ eyebrow: text(), headline: text(), lead: longText() }),
  /**
   * A photo of the product at work, shown after the feature blocks, well below the first screen; a
   * page without one is as it always was. Each language has its own, so a screenshot can show
   * the product in the page's language.
   */
  picture: z.optional(contentImage()),
  /** The four feature blocks, without their links and sides (every one links to sign-up). */
  blocks: productBlocks,
});

const legalBlock = z.union([longText(), z.object({ list: z.array(longText()).check(z.minLength(1)) })]);
/**
 * A legal document in src/content/legal (terms.yaml is /terms). `{contactEmail}` in its text is
 * replaced by the address in lib/site-config.ts, so a rebrand changes it in one place.
 */
export const legalDocumentSchema = z.strictObject({
  /** The page's heading and <title>. */
  title: text(),
  /** When it last changed, as a quoted date such as "2026-11-01". */
  updated: z.iso.date('must be a date like 2026-11-01'),
  /** The paragraphs before the first section. */
  intro: z.array(longText()).check(z.minLength(1)),
  /** The numbered sections, each with an anchor, a heading and paragraphs or lists. */
  sections: z
    .array(
      z.strictObject({
        id: z.string().check(z.regex(/^[a-z0-9-]+$/, 'must be a lowercase anchor such as billing-disputes')),
        heading: text(),
        body: z.array(legalBlock).check(z.minLength(1)),
      }),
    )
    .check(z.minLength(3), z.superRefine(unique((section) => section.id, 'section id'))),
});
export type LegalDocument = z.output<typeof legalDocumentSchema>;

/**
 * The brand's words in a language (src/content/brand.yaml, D1, D37): what a marketer would say
 * differently, not the name, addresses, links or colours, which stay in lib/site-config.ts.
 */
export const brandSchema = z.strictObject({
  /** The home page's heading and the second half of its <title>. */
  tagline: text(),
  /** The brand in two sentences: the footer's, the web app manifest's and the structured data's description. */
  description: longText(),
  /** The startup programme's line in the header's banner. */
  startupPromo: text(),
});
export type BrandWords = z.output<typeof brandSchema>;

export const homeSchema = z.object({
  heroLead: longText(),
  onboarding: z
    .array(z.object({ title: text(), description: longText() }))
    .check(z.length(3, 'the onboarding shows 3 steps')),
  proof: z.array(z.object({ value: text(), label: text() })).check(z.minLength(3), z.maxLength(4)),
  closing: z.object({ title: text(), lead: longText(), cta: text() }),
});
