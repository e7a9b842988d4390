import type { Language } from '@growmail/contracts/language';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { TestimonialCard } from '@/components/testimonials/testimonial-card';
import { testimonials } from '@/lib/content/testimonials';

/**
 * Every testimonial's card as HTML for a page in `language`, in their order, for the home page's
 * island to choose one among once it wakes (D4): the page itself carries only one, so its HTML
 * stays small. Rendered by the same component as the page's card, so the island carries no card
 * of its own in its script. A static file per language, the same for everyone (D35).
 */
export const testimonialCards = (language: Language): Response =>
  Response.json(
    testimonials.map((testimonial) => renderToStaticMarkup(createElement(TestimonialCard, { testimonial, language }))),
  );
