import { getCollection } from 'astro:content';
import type { Testimonial } from './schemas';

/** Sample testimonials (D2) from content/testimonials.yaml, in their order; the home page shows one at random. */
export const testimonials: readonly Testimonial[] = (await getCollection('testimonials'))
  .map((entry) => entry.data)
  .sort((a, b) => a.order - b.order)
  .map(({ order: _order, ...testimonial }) => testimonial);
