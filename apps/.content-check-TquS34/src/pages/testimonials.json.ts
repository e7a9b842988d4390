import type { APIRoute } from 'astro';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { TestimonialCard } from '@/components/testimonials/testimonial-card';
import { testimonials } from '@/lib/content/testimonials';

/**
 * Every testimonial's card as HTML, in their order, for the home page's island to choose one among
 * once it wakes (D4): the page itself carries only one, so its HTML stays small. Rendered here by
 * the same component as the page's card, so the island carries no card of its own in its script. A
 * static file, the same for everyone (D35).
 */
export const GET: APIRoute = () =>
  Response.json(
    testimonials.map((testimonial) => renderToStaticMarkup(createElement(TestimonialCard, { testimonial }))),
  );
