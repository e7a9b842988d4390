import { getCollection } from 'astro:content';
import type * as z from 'zod/mini';
import type { Testimonial, testimonialSchema } from '@growmail/contracts/content/schemas';

/** The testimonials as pages show them, from their file's items: in their order, which they no longer say. */
export const testimonialsOf = (items: readonly z.output<typeof testimonialSchema>[]): readonly Testimonial[] =>
  [...items].sort((a, b) => a.order - b.order).map(({ order: _order, ...testimonial }) => testimonial);

/** Sample testimonials (D2) from content/testimonials.yaml, in their order; the home page shows one at random. */
export const testimonials = testimonialsOf((await getCollection('testimonials')).map((entry) => entry.data));

/**
 * Where the testimonial the home page carries stands: the longest quote, whose card holds room for
 * any other one the island chooses (tests/e2e/home.test.ts measures it at every width).
 */
export const carriedTestimonial = testimonials.reduce(
  (longest, testimonial, position) =>
    testimonial.content.length > testimonials[longest]!.content.length ? position : longest,
  0,
);
