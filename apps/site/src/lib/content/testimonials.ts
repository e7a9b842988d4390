import { getCollection } from 'astro:content';
import type { Testimonial } from '@growmail/contracts/content/schemas';

/** Sample testimonials (D2) from content/testimonials.yaml, in their order; the home page shows one at random. */
export const testimonials: readonly Testimonial[] = (await getCollection('testimonials'))
  .map((entry) => entry.data)
  .sort((a, b) => a.order - b.order)
  .map(({ order: _order, ...testimonial }) => testimonial);

/**
 * Where the testimonial the home page carries stands: the longest quote, whose card holds room for
 * any other one the island chooses (tests/e2e/home.test.ts measures it at every width).
 */
export const carriedTestimonial = testimonials.reduce(
  (longest, testimonial, position) =>
    testimonial.content.length > testimonials[longest]!.content.length ? position : longest,
  0,
);
